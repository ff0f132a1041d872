import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { apiRequest } from '~/lib/api-client';
import { loadServerList } from '~/lib/enquiry/enquiry-sync';
import { withPrefix } from '~/lib/prefix';
import { OrderAgain } from './order-again';
import { PAD_STORAGE_KEY, QuickOrderPad, type ConfirmedLine } from './quick-order-pad';

/** Puts confirmed lines into the buyer's enquiry list on the server, then loads that list here. */
export async function addToEnquiryList(
  lines: readonly { productId: string; pieces: number }[],
): Promise<void> {
  await apiRequest('/quick-order/add', {
    method: 'POST',
    json: { lines: lines.map(({ productId, pieces }) => ({ productId, pieces })) },
  });
  await loadServerList();
}

/**
 * The buyer's quick order: the pad for a pasted or uploaded list, or (with `?again=<request id>`)
 * a past request's lines to ask for again. Both end in the enquiry list, then the cart's price request.
 */
export function QuickOrderPage() {
  const { t } = useTranslation('quick-order');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const againId = params.get('again');

  const toCart = useCallback(() => navigate(withPrefix(pathname, '/cart')), [navigate, pathname]);

  const confirmPad = async (lines: ConfirmedLine[]) => {
    await addToEnquiryList(lines);
    try {
      window.sessionStorage.removeItem(PAD_STORAGE_KEY);
    } catch {
      // Nothing stored.
    }
    toCart();
  };

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-10">
      <h1 className="font-serif text-3xl text-brand-900 sm:text-4xl">
        {againId ? t('againHeading') : t('heading')}
      </h1>
      {againId ? (
        <div className="mt-6">
          <OrderAgain
            orderId={againId}
            onConfirm={async (lines) => {
              await addToEnquiryList(lines);
              toCart();
            }}
          />
        </div>
      ) : (
        <>
          <p className="mt-2 max-w-3xl text-gray-700">{t('intro')}</p>
          <div className="mt-6">
            <QuickOrderPad onConfirm={confirmPad} />
          </div>
        </>
      )}
    </section>
  );
}
