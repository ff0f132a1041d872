import { redirect } from 'react-router';
import { loginPath } from '~/lib/paths';
import { BuyerRequest } from '~/features/quotes/buyer-request';
import { OrderProgress } from '~/features/fulfilment/order-progress';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import type { Route } from './+types/my-request';

/** One of the buyer's requests; without a session the visitor is sent to log in and back. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (!context.viewer) {
    const { pathname } = new URL(request.url);
    throw redirect(loginPath(pathname, pathname));
  }
  return null;
}

export default function MyRequestPage({ params }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-12 print:max-w-none print:p-0">
      <BuyerRequest id={params.id} progress={(order) => <OrderProgress order={order} />} />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  const { texts } = seoContextOf(args.matches);
  const title = (texts.quotes as { mine?: { metaTitle?: string } } | undefined)?.mine?.metaTitle;
  return pageMeta(args, { title, noindex: true });
}
