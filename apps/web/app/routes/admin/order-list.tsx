import type { Route } from './+types/order-list';
import { adminMeta } from '~/features/seo/admin-meta';
import { useTranslation } from '~/lib/i18n';
import { OrderList } from '~/features/admin-lists/order-list';

export default function OrderListPage() {
  const { t } = useTranslation('admin-content');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('orders.heading')}</h1>
      <OrderList />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'orders.heading', 'admin-content');
}
