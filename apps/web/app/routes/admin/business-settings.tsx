import type { Route } from './+types/business-settings';
import { adminMeta } from '~/features/seo/admin-meta';
import { BusinessSettingsScreen } from '~/features/business-settings-admin/business-settings-screen';
import { useTranslation } from '~/lib/i18n';

/** The business's GSTIN, IEC, LUT number and bank details (`/business-settings`), for proforma invoices. */
export default function BusinessSettingsPage() {
  const { t } = useTranslation('business-settings-admin');
  return (
    <section className="space-y-4">
      <h1 className="font-serif text-3xl text-brand-900">{t('title')}</h1>
      <p className="max-w-3xl text-gray-700">{t('intro')}</p>
      <BusinessSettingsScreen />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'title', 'business-settings-admin');
}
