import type { Route } from './+types/order-request';
import { adminMeta } from '~/features/seo/admin-meta';
import { AdminRequest } from '~/features/quotes/admin-request';

/** One price request, quoted by an admin (`/orderlist/:id`). */
export default function OrderRequestPage({ params }: Route.ComponentProps) {
  return (
    <section>
      <AdminRequest id={params.id} />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'quote.heading', 'quotes');
}
