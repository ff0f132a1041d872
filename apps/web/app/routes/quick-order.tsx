import { redirect } from 'react-router';
import { QuickOrderPage } from '~/features/quick-order/quick-order-page';
import { loginPath } from '~/lib/paths';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import type { Route } from './+types/quick-order';

/** A buyer's own page: without a session the visitor is sent to log in and back. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (!context.viewer) {
    const { pathname, search } = new URL(request.url);
    throw redirect(loginPath(pathname, pathname + search));
  }
  return null;
}

export default function QuickOrderRoute() {
  return <QuickOrderPage />;
}

export function meta(args: Route.MetaArgs) {
  const { texts } = seoContextOf(args.matches);
  const title = (texts['quick-order'] as { metaTitle?: string } | undefined)?.metaTitle;
  return pageMeta(args, { title, noindex: true });
}
