import { data, useLoaderData } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import type { Route } from './+types/blog-detail';
import { ButtonLink } from '~/components/ui/button';
import { FallbackImage } from '~/components/ui/fallback-image';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { BlogCard } from '~/features/blog/blog-card';
import { toBlogCard } from '~/features/blog/blog-cards.server';
import { BLOG_FALLBACK_IMAGE, blogPath } from '~/features/blog/blog-text';
import { formatLongDate } from '~/lib/format-date';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import { blogPostingJsonLd, breadcrumbJsonLd } from '~/features/seo/structured-data';
import { widthSizedImage } from '~/lib/media';

/** The post's picture spans the article (`max-w-4xl`, 1rem padding either side). */
const POST_IMAGE_SIZES = '(min-width: 896px) 864px, calc(100vw - 32px)';

export async function loader({ params, context }: Route.LoaderArgs) {
  const detail = await context.services.blogs.getBySlug(params.slug);
  if (!detail) return data({ blog: null, related: [] }, { status: 404 });
  const { blog, relatedBlogs } = detail;
  return {
    // The HTML was sanitised by an allow-list when it was saved (blogs module); it is shown as stored.
    blog: {
      title: blog.title,
      slug: blog.slug,
      content: blog.content,
      excerpt: blog.excerpt,
      metaTitle: blog.metaTitle,
      metaDescription: blog.metaDescription,
      image: blog.image,
      createdAt: blog.createdAt,
      updatedAt: blog.updatedAt,
    },
    related: relatedBlogs.map(toBlogCard),
  };
}

export default function BlogDetailPage() {
  const { blog, related } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('blog');

  if (!blog) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-serif text-3xl text-brand-900">{t('detail.notFound')}</h1>
        <p className="mt-4 text-gray-800">{t('detail.notFoundText')}</p>
        <ButtonLink to="/blogs" className="mt-8">
          {t('detail.back')}
        </ButtonLink>
      </section>
    );
  }

  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <nav aria-label={t('detail.breadcrumb')} className="text-sm text-gray-700">
        <ol className="flex flex-wrap gap-1">
          <li>
            <PrefixedLink to="/" className="underline hover:text-brand-900">
              {t('detail.home')}
            </PrefixedLink>
            <span aria-hidden="true"> / </span>
          </li>
          <li>
            <PrefixedLink to="/blogs" className="underline hover:text-brand-900">
              {t('detail.blogs')}
            </PrefixedLink>
            <span aria-hidden="true"> / </span>
          </li>
          <li aria-current="page" className="text-ink">
            {blog.title}
          </li>
        </ol>
      </nav>
      <FallbackImage
        {...widthSizedImage(blog.image, 'post')}
        sizes={POST_IMAGE_SIZES}
        fallbackSrc={BLOG_FALLBACK_IMAGE}
        alt=""
        width={1200}
        height={675}
        decoding="async"
        fetchPriority="high"
        className="mt-6 aspect-video w-full rounded-lg bg-brand-50 object-cover"
      />
      <p className="mt-6 text-sm text-gray-700">
        {t('detail.published')}{' '}
        <time dateTime={blog.createdAt}>{formatLongDate(blog.createdAt, i18n.language)}</time>
      </p>
      <h1 className="mt-2 font-serif text-4xl text-brand-900">{blog.title}</h1>
      <div className="blog-content mt-6" dangerouslySetInnerHTML={{ __html: blog.content }} />
      <div className="mt-10">
        <ButtonLink to="/blogs" variant="secondary">
          {t('detail.back')}
        </ButtonLink>
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="related-blogs" className="mt-16">
          <h2 id="related-blogs" className="font-serif text-3xl text-brand-900">
            {t('detail.related')}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {related.map((post) => (
              <li key={post.id}>
                <BlogCard post={post} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

export const meta: Route.MetaFunction = (args) => {
  const blog = args.data?.blog;
  const { siteUrl, texts } = seoContextOf(args.matches);
  if (!blog) {
    const notFound = (texts.blog as { detail?: { notFound?: string } } | undefined)?.detail?.notFound;
    return pageMeta(args, { title: notFound ?? 'Blog not found', noindex: true });
  }
  const path = blogPath(blog.slug);
  return pageMeta(args, {
    title: blog.metaTitle || blog.title,
    description: blog.metaDescription || blog.excerpt,
    image: blog.image,
    type: 'article',
    jsonLd: [
      blogPostingJsonLd(siteUrl, blog, path),
      breadcrumbJsonLd(siteUrl, [
        { name: 'Home', path: '/' },
        { name: 'Blogs', path: '/blogs' },
        { name: blog.title, path },
      ]),
    ],
  });
};
