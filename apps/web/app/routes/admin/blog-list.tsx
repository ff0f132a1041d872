import type { Route } from './+types/blog-list';
import { adminMeta } from '~/features/seo/admin-meta';
import { useTranslation } from '~/lib/i18n';
import { BlogList } from '~/features/blog-admin/blog-list';

export default function BlogListPage() {
  const { t } = useTranslation('admin-content');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('blogs.heading')}</h1>
      <BlogList />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'blogs.heading', 'admin-content');
}
