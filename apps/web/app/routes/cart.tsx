import { redirect } from 'react-router';
import { CartPage } from '~/features/cart/cart-page';
import { loginPath } from '~/features/catalogue/listing-url';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import type { Route } from './+types/cart';

/** Spec §2.2: the cart needs a login; without a session the visitor is sent to log in and back. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (!context.viewer) {
    const { pathname } = new URL(request.url);
    throw redirect(loginPath(pathname, pathname));
  }
  return null;
}

export default function CartRoute() {
  return <CartPage />;
}

export function meta(args: Route.MetaArgs) {
  const { texts } = seoContextOf(args.matches);
  const title = (texts.cart as { metaTitle?: string } | undefined)?.metaTitle;
  return pageMeta(args, { title, noindex: true });
}
