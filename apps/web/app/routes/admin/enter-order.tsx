import type { Route } from './+types/enter-order';
import { adminMeta } from '~/features/seo/admin-meta';
import { EnterOrder } from '~/features/quick-order/enter-order';
import { useTranslation } from '~/lib/i18n';

export default function EnterOrderPage() {
  const { t } = useTranslation('quick-order-admin');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('title')}</h1>
      <EnterOrder />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'title', 'quick-order-admin');
}
