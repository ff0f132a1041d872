import { useTranslation } from 'react-i18next';
import { BlogList } from '~/features/admin-content/blog-list';

export default function BlogListPage() {
  const { t } = useTranslation('admin-content');
  return (
    <section className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <h1 className="font-serif text-3xl text-brand-900">{t('blogs.heading')}</h1>
      <BlogList />
    </section>
  );
}

export function meta() {
  return [{ title: 'Blog List' }, { name: 'robots', content: 'noindex' }];
}
