import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { myOrdersSchema } from '@catalogue/shared/schemas/quotation';
import { ButtonLink } from '~/components/ui/button';
import { LoadError } from '~/components/ui/notice';
import { Pagination } from '~/components/ui/pagination';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { Spinner } from '~/components/ui/spinner';
import { useApiQuery } from '~/lib/use-api-query';
import { formatDate } from '~/lib/format-date';
import { formatMoney } from './quote-format';
import { StatusBadge } from '~/components/status-badge';

const TH = 'px-3 py-2 text-left text-sm font-semibold text-ink';
const TD = 'px-3 py-2 text-sm text-ink';

/** "My requests": every price request of the signed-in buyer, newest first, with its state and total. */
export function MyRequests() {
  const { t, i18n } = useTranslation('quotes');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, reload } = useApiQuery(`/orders/mine?page=${page}`, myOrdersSchema);

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
                    : t('mine.notQuoted')}
                </td>
                <td className={TD}>{order.validUntil ? formatDate(order.validUntil, i18n.language) : '-'}</td>
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
