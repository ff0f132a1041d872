import { useTranslation } from 'react-i18next';
import { BlogForm } from '~/features/admin-content/blog-form';

export default function UploadBlogPage() {
  const { t } = useTranslation('admin-content');
  return (
    <section className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <h1 className="font-serif text-3xl text-brand-900">{t('form.uploadHeading')}</h1>
      <BlogForm mode="create" />
    </section>
  );
}

export function meta() {
  return [{ title: 'Upload Blog' }, { name: 'robots', content: 'noindex' }];
}
