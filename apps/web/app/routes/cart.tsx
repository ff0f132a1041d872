import { redirect } from 'react-router';
import { CartPage } from '~/features/cart/cart-page';
import { loginPath } from '~/lib/paths';
import { pageMeta, seoContextOf } from '~/features/seo/seo';
import type { Route } from './+types/cart';

/**
 * The cart needs a login; without a session the visitor is sent to log in and back.
 * The buyer's account fills the price request form (a failed read leaves it empty).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.viewer) {
    const { pathname } = new URL(request.url);
    throw redirect(loginPath(pathname, pathname));
  }
  const profile = await context.services.users.getProfile(context.viewer.id).catch((error: unknown) => {
    context.log.error({ err: error }, 'account read for the price request failed');
    return null;
  });
  const account = profile
    ? {
        name: profile.name,
        email: profile.email,
        contactNumber: profile.contactNumber,
        country: profile.country,
        companyName: profile.companyName,
        companyWebsite: profile.companyWebsite,
      }
    : null;
  return { account };
}

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  return <CartPage account={loaderData.account} />;
}

export function meta(args: Route.MetaArgs) {
  const { texts } = seoContextOf(args.matches);
  const title = (texts.cart as { metaTitle?: string } | undefined)?.metaTitle;
  return pageMeta(args, { title, noindex: true });
}
