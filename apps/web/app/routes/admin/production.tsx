import { useTranslation } from '~/lib/i18n';
import { adminMeta } from '~/features/seo/admin-meta';
import { ProductionBoard } from '~/features/fulfilment/production-board';
import type { Route } from './+types/production';

/** The production board of accepted orders (`/production`). */
export default function ProductionPage() {
  const { t } = useTranslation('fulfilment');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('board.title')}</h1>
      <ProductionBoard />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'board.title', 'fulfilment');
}
