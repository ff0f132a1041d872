import { orderDetailResponseSchema } from '@catalogue/shared/schemas/quotation';
import type { Route } from './+types/order-request';
import { adminMeta } from '~/features/seo/admin-meta';
import { AdminRequest } from '~/features/quotes/admin-request';
import { ProductionControls } from '~/features/fulfilment/production-controls';
import { OrderSource } from '~/features/selections-admin/order-source';
import { getJson } from '~/lib/api-client';
import { settle } from '~/lib/route-data';

/** The request with its lines, quotes and history. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return settle(
    getJson(`/orders/${encodeURIComponent(params.id)}`, orderDetailResponseSchema, {
      signal: request.signal,
    }),
  );
}

export function HydrateFallback() {
  return (
    <section>
      <AdminRequest loaded={null} />
    </section>
  );
}

/** One price request, quoted by an admin (`/orderlist/:id`). */
export default function OrderRequestPage({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <AdminRequest
        loaded={loaderData}
        production={(order, onChange) => <ProductionControls order={order} onChange={onChange} />}
        source={(order) => <OrderSource orderId={order._id} />}
      />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'quote.heading', 'quotes');
}
