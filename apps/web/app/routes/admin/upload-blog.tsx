import type { Route } from './+types/upload-blog';
import { adminMeta } from '~/features/seo/admin-meta';
import { useTranslation } from '~/lib/i18n';
import { BlogForm } from '~/features/blog-admin/blog-form';

export default function UploadBlogPage() {
  const { t } = useTranslation('admin-content');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('form.uploadHeading')}</h1>
      <BlogForm mode="create" />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'form.uploadHeading', 'admin-content');
}
