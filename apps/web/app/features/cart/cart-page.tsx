import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { CartLines, EmptyCart } from '~/features/cart/cart-lines';
import { PriceRequestForm } from '~/features/cart/price-request-form';
import { ShareList } from '~/features/cart/share-list';
import type { PriceRequestAccount } from '~/features/cart/price-request';
import { loginPath } from '~/lib/paths';
import { useEnquiryList } from '~/lib/enquiry/use-enquiry-list';
import { useSession } from '~/lib/use-session';
import { withPrefix } from '~/lib/prefix';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * The cart: the enquiry list with quantities and the price request form. Only for a
 * logged-in visitor: the route's loader refuses a request without a session, and this page sends
 * the visitor to log in when the browser holds no token (or loses it to a 401).
 */
export function CartPage({ account = null }: { account?: PriceRequestAccount | null }) {
  const { t } = useTranslation('cart');
  const { t: tc } = useTranslation('common');
  const list = useEnquiryList();
  const isHydrated = useHydrated();
  const root = useRouteLoaderData('root') as { viewer?: { role: string } | null } | undefined;
  const { isLoggedIn } = useSession(root?.viewer ?? null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [isSent, setSent] = useState(false);

  const goToLogin = useCallback(() => {
    navigate(loginPath(pathname, pathname), { replace: true, state: { from: pathname } });
  }, [navigate, pathname]);

  const goHome = useCallback(() => navigate(withPrefix(pathname, '/')), [navigate, pathname]);

  useEffect(() => {
    if (isHydrated && !isLoggedIn && !isSent) goToLogin();
  }, [isHydrated, isLoggedIn, isSent, goToLogin]);

  useEffect(() => {
    if (!isSent) return;
    const timer = window.setTimeout(goHome, TIMINGS_MS.redirectAfterOrder);
    return () => window.clearTimeout(timer);
  }, [isSent, goHome]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="font-serif text-3xl text-brand-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-2 max-w-3xl text-gray-700">{t('intro')}</p>
      <p className="mt-2">
        <PrefixedLink
          to="/quick-order"
          className="font-semibold text-brand-700 underline hover:text-brand-900"
        >
          {tc('nav.quickOrder')}
        </PrefixedLink>
      </p>
      {isHydrated ? (
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
          {list.items.length ? (
            <CartLines
              lines={list.items}
              onQuantity={(productId, quantity) => list.setQuantity(productId, quantity)}
              onRemove={(productId) => list.remove(productId)}
            />
          ) : (
            <EmptyCart />
          )}
          <PriceRequestForm
            lines={list.items}
            onSent={() => {
              list.clear();
              setSent(true);
            }}
            onLoginNeeded={goToLogin}
            account={account}
          />
        </div>
      ) : (
        <div className="mt-10 flex justify-center">
          <Spinner size="lg" label={t('loading')} />
        </div>
      )}
      {isHydrated && isLoggedIn && list.items.length ? <ShareList lines={list.items} /> : null}
      <Dialog
        open={isSent}
        onClose={goHome}
        title={t('success.title')}
        hideCloseButton
        actions={<Button onClick={goHome}>{t('success.continue')}</Button>}
      >
        <p className="text-ink">{t('success.submitted')}</p>
        <p className="mt-2 text-gray-700">{t('success.followUp')}</p>
      </Dialog>
    </div>
  );
}
