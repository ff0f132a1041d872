import type { Route } from './+types/blog-list';
import { adminMeta } from '~/features/seo/admin-meta';
import { useTranslation } from '~/lib/i18n';
import { blogListSchema } from '@catalogue/shared/schemas/blog';
import { getJson } from '~/lib/api-client';
import { performWrite, revalidateAfterWrites } from '~/lib/route-action';
import { settle } from '~/lib/route-data';
import { BlogList, sendBlogListWrite, type BlogListWrite } from '~/features/blog-admin/blog-list';

/** Every post, without its text. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return settle(getJson('/blogs?withContent=0', blogListSchema, { signal: request.signal }));
}

/** Deletes a post (the list's delete dialog sends it). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return performWrite<BlogListWrite>(request, sendBlogListWrite);
}

export const shouldRevalidate = revalidateAfterWrites;

function Screen({ loaded }: { loaded: Route.ComponentProps['loaderData'] | null }) {
  const { t } = useTranslation('admin-content');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('blogs.heading')}</h1>
      <BlogList loaded={loaded} />
    </section>
  );
}

export function HydrateFallback() {
  return <Screen loaded={null} />;
}

export default function BlogListPage({ loaderData }: Route.ComponentProps) {
  return <Screen loaded={loaderData} />;
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'blogs.heading', 'admin-content');
}
