import { blogByIdSchema } from '@catalogue/shared/schemas/blog';
import { adminMeta } from '~/features/seo/admin-meta';
import { getJson } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { settle } from '~/lib/route-data';
import type { Route } from './+types/edit-blog';
import { EditBlogScreen } from '~/features/blog-admin/edit-blog-screen';

/** The post by its id, with its text. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return settle(
    getJson(`/blogs/id/${encodeURIComponent(params.id)}`, blogByIdSchema, { signal: request.signal }),
  );
}

function Screen({ loaded }: { loaded: Route.ComponentProps['loaderData'] | null }) {
  const { t } = useTranslation('admin-content');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('form.editHeading')}</h1>
      <EditBlogScreen loaded={loaded} />
    </section>
  );
}

export function HydrateFallback() {
  return <Screen loaded={null} />;
}

export default function EditBlogPage({ loaderData }: Route.ComponentProps) {
  return <Screen loaded={loaderData} />;
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'form.editHeading', 'admin-content');
}
