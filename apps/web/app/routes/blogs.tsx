import { data, useLoaderData, useNavigation, useRevalidator } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { PAGE_SIZE } from '@catalogue/shared/domain/limits';
import type { Route } from './+types/blogs';
import { Button } from '~/components/ui/button';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { BlogCard } from '~/features/blog/blog-card';
import { toBlogCard } from '~/features/blog/blog-cards.server';
import { blogPath } from '~/features/blog/blog-text';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import { blogListJsonLd } from '~/features/seo/structured-data';
import { loadWithRetries } from '~/lib/load-with-retries';

/** Structured data lists the first ten posts. */
const STRUCTURED_POSTS = 10;
const MAX_SHOWN = 96;

/** How many posts to show: 8, then 8 more per View More (`?show=16`), kept in the address. */
function shownFrom(url: URL): number {
  const asked = Number.parseInt(url.searchParams.get('show') ?? '', 10);
  if (!Number.isFinite(asked) || asked <= PAGE_SIZE.blogsInitial) return PAGE_SIZE.blogsInitial;
  const steps = Math.ceil((asked - PAGE_SIZE.blogsInitial) / PAGE_SIZE.blogsMore);
  return Math.min(MAX_SHOWN, PAGE_SIZE.blogsInitial + steps * PAGE_SIZE.blogsMore);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const shown = shownFrom(new URL(request.url));
  try {
    const { blogs, totalItems } = await context.services.blogs.list({
      page: 1,
      limit: Math.max(shown, STRUCTURED_POSTS),
    });
    return { status: 'ok' as const, posts: blogs.map(toBlogCard), shown, total: totalItems ?? blogs.length };
  } catch (error) {
    context.log.error({ err: error }, 'blog list failed');
    return data({ status: 'error' as const, posts: [], shown, total: 0 }, { status: 500 });
  }
}

/** On client-side navigation: 3 attempts, 1 s apart, then the list's failure text with Retry. */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const shown = shownFrom(new URL(request.url));
  return loadWithRetries(serverLoader, {
    isFailed: (d) => d.status === 'error',
    onFailure: () => ({ status: 'error' as const, posts: [], shown, total: 0 }),
  });
}

export default function BlogsPage() {
  const { status, posts, shown, total } = useLoaderData<typeof loader>();
  const { t } = useTranslation('blog');
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const visible = posts.slice(0, shown);
  const next = shown + PAGE_SIZE.blogsMore;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-center font-serif text-4xl text-brand-900">{t('list.heading')}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-center text-gray-800">{t('list.intro')}</p>
      {status === 'error' ? (
        <div className="mt-10 text-center">
          <p role="alert" className="text-red-700">
            {t('list.failed')}
          </p>
          <Button
            className="mt-4"
            onClick={() => void revalidator.revalidate()}
            disabled={revalidator.state === 'loading'}
          >
            {t('list.retry')}
          </Button>
        </div>
      ) : visible.length === 0 ? (
        <p className="mt-10 text-center text-gray-700">{t('list.empty')}</p>
      ) : (
        <>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {visible.map((post) => (
              <li key={post.id}>
                <BlogCard post={post} />
              </li>
            ))}
          </ul>
          <p className="mt-6 text-center text-sm text-gray-700">
            {t('list.showing', { shown: visible.length, total })}
          </p>
          {total > visible.length ? (
            <div className="mt-4 text-center">
              <PrefixedLink
                to={`/blogs?show=${next}`}
                preventScrollReset
                aria-busy={navigation.state === 'loading'}
                className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-900"
              >
                {t('list.viewMore')}
              </PrefixedLink>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) => {
  const { siteUrl } = seoContextOf(args.matches);
  const posts = args.data?.posts ?? [];
  return pageMeta(args, {
    jsonLd: posts.length ? [blogListJsonLd(siteUrl, posts.slice(0, STRUCTURED_POSTS), blogPath)] : [],
  });
};
