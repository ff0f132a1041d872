import { adminMeta } from '~/features/seo/admin-meta';
import { useTranslation } from '~/lib/i18n';
import type { Route } from './+types/edit-blog';
import { EditBlogScreen } from '~/features/blog-admin/edit-blog-screen';

export default function EditBlogPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('form.editHeading')}</h1>
      <EditBlogScreen id={params.id} />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'form.editHeading', 'admin-content');
}
