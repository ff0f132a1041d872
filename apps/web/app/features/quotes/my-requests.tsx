import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { myOrdersSchema } from '@catalogue/shared/schemas/quotation';
import { ButtonLink } from '~/components/ui/button';
import { LoadError } from '~/components/ui/notice';
import { Pagination } from '~/components/ui/pagination';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { Spinner } from '~/components/ui/spinner';
import { useApiQuery } from '~/lib/use-api-query';
import { expiryOf, formatDate } from '~/lib/format-date';
import { formatMoney } from './quote-format';
import { StatusBadge } from '~/components/status-badge';

const TH = 'px-3 py-2 text-left text-sm font-semibold text-ink';
const TD = 'px-3 py-2 text-sm text-ink';
/** A total or validity a request has not got (cancelled before any quote, or never quoted). */
const NONE = '—';

/** "My requests": every price request of the signed-in buyer, newest first, with its state and total. */
export function MyRequests() {
  const { t, i18n } = useTranslation('quotes');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, reload } = useApiQuery(`/orders/mine?page=${page}`, myOrdersSchema);

  /**
   * Until when a quote holds, with its time: a quoted request's says "expires today at 18:00 UTC"
   * (or tomorrow) when that is near. The list is read in the browser only, so "today" is the buyer's.
   */
  function validityOf(order: { status: string; validUntil: string | null }): string {
    const expiry = order.validUntil ? expiryOf(order.validUntil, new Date(), i18n.language) : null;
    if (!expiry) return NONE;
    if (order.status === 'quoted' && expiry.day === 'today') return t('mine.expiresToday', expiry);
    if (order.status === 'quoted' && expiry.day === 'tomorrow') return t('mine.expiresTomorrow', expiry);
    return t('mine.validUntilAt', expiry);
  }

  if (error)
    return (
      <LoadError
        message={t('request.failed')}
        detail={error.message}
        onRetry={reload}
        retryLabel={t('request.retry')}
      />
    );
  if (isLoading || !data) return <Spinner size="lg" label={t('request.loading')} className="w-full py-16" />;
  if (data.orders.length === 0)
    return (
      <div className="rounded-md border border-dashed border-gray-300 p-6 text-center">
        <p className="text-gray-800">{t('mine.empty')}</p>
        <ButtonLink to="/shopall" className="mt-4">
          {t('mine.browse')}
        </ButtonLink>
      </div>
    );
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-md border border-gray-200" tabIndex={0}>
        <table className="min-w-full divide-y divide-gray-200">
          <caption className="sr-only">{t('mine.caption')}</caption>
          <thead className="bg-brand-50">
            <tr>
              <th scope="col" className={TH}>
                {t('mine.request')}
              </th>
              <th scope="col" className={TH}>
                {t('mine.date')}
              </th>
              <th scope="col" className={`${TH} text-right`}>
                {t('mine.lines')}
              </th>
              <th scope="col" className={TH}>
                {t('mine.status')}
              </th>
              <th scope="col" className={`${TH} text-right`}>
                {t('mine.total')}
              </th>
              <th scope="col" className={TH}>
                {t('mine.validUntil')}
              </th>
              <th scope="col" className={TH}>
                <span className="sr-only">{t('mine.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 bg-white">
            {data.orders.map((order) => (
              <tr key={order._id}>
                <td className={TD}>
                  <PrefixedLink
                    to={`/myrequests/${encodeURIComponent(order._id)}`}
                    className="font-semibold text-brand-700 underline hover:text-brand-900"
                    aria-label={t('mine.openLabel', { orderId: order.orderId })}
                  >
                    #{order.orderId}
                  </PrefixedLink>
                </td>
                <td className={TD}>{formatDate(order.createdAt, i18n.language)}</td>
                <td className={`${TD} text-right`}>{order.lineCount}</td>
                <td className={TD}>
                  <StatusBadge status={order.status} />
                </td>
                <td className={`${TD} text-right whitespace-nowrap`}>
                  {order.total !== null && order.currency
                    ? formatMoney(order.total, order.currency)
                    : order.status === 'new'
                      ? t('mine.notQuoted')
                      : NONE}
                </td>
                <td className={TD}>{validityOf(order)}</td>
                <td className={TD}>
                  <PrefixedLink
                    to={`/quick-order?again=${encodeURIComponent(order._id)}`}
                    className="whitespace-nowrap font-semibold text-brand-700 underline hover:text-brand-900"
                    aria-label={t('mine.againLabel', { orderId: order.orderId })}
                  >
                    {t('mine.again')}
                  </PrefixedLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination currentPage={data.currentPage} totalPages={data.totalPages} onPageChange={setPage} />
    </div>
  );
}
