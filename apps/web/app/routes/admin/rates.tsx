import type { Route } from './+types/rates';
import { adminMeta } from '~/features/seo/admin-meta';
import { RatesScreen } from '~/features/pricing-admin/rates-screen';
import { useTranslation } from '~/lib/i18n';

/** Today's metal and exchange rates (`/rates`): set per metal and currency, with their history. */
export default function RatesPage() {
  const { t } = useTranslation('pricing-admin');
  return (
    <section className="space-y-4">
      <h1 className="font-serif text-3xl text-brand-900">{t('title')}</h1>
      <p className="max-w-3xl text-gray-700">{t('intro')}</p>
      <RatesScreen />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'title', 'pricing-admin');
}
