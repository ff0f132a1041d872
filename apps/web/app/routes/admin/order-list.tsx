import type { Route } from './+types/order-list';
import { adminMeta } from '~/features/seo/admin-meta';
import { useTranslation } from '~/lib/i18n';
import { orderListSchema } from '@catalogue/shared/schemas/order';
import { getJson } from '~/lib/api-client';
import { performWrite, revalidateAfterWrites } from '~/lib/route-action';
import { settle } from '~/lib/route-data';
import {
  OrderList,
  ordersPath,
  sendOrderListWrite,
  type OrderListWrite,
} from '~/features/admin-lists/order-list';

/** The orders the address asks for (the list's own search, filter, sort and page come through a fetcher). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return settle(
    getJson(ordersPath(new URL(request.url).searchParams), orderListSchema, { signal: request.signal }),
  );
}

/** Deletes a price request (the list's delete dialog sends it). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return performWrite<OrderListWrite>(request, sendOrderListWrite);
}

export const shouldRevalidate = revalidateAfterWrites;

function Screen({ loaded }: { loaded: Route.ComponentProps['loaderData'] | null }) {
  const { t } = useTranslation('admin-content');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('orders.heading')}</h1>
      <OrderList loaded={loaded} />
    </section>
  );
}

export function HydrateFallback() {
  return <Screen loaded={null} />;
}

export default function OrderListPage({ loaderData }: Route.ComponentProps) {
  return <Screen loaded={loaderData} />;
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'orders.heading', 'admin-content');
}
