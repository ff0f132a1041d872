import type { Route } from './+types/attribute-lists';
import { adminMeta } from '~/features/seo/admin-meta';
import { AttributeListsEditor } from '~/features/admin/attribute-lists';
import { useTranslation } from '~/lib/i18n';

export default function AttributeListsPage() {
  const { t } = useTranslation('filters');
  return (
    <section className="space-y-4">
      <h1 className="font-serif text-3xl text-brand-900">{t('admin.title')}</h1>
      <p className="max-w-3xl text-gray-700">{t('admin.intro')}</p>
      <AttributeListsEditor />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'admin.title', 'filters');
}
