import { useTranslation } from 'react-i18next';
import { OrderList } from '~/features/admin-content/order-list';

export default function OrderListPage() {
  const { t } = useTranslation('admin-content');
  return (
    <section className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <h1 className="font-serif text-3xl text-brand-900">{t('orders.heading')}</h1>
      <OrderList />
    </section>
  );
}

export function meta() {
  return [{ title: 'Recent Orders' }, { name: 'robots', content: 'noindex' }];
}
