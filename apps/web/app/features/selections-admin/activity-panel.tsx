import { selectionActivitySchema } from '@catalogue/shared/schemas/selection';
import { LoadError } from '~/components/ui/notice';
import { Spinner } from '~/components/ui/spinner';
import { formatDateTime } from '~/lib/format-date';
import { useTranslation } from '~/lib/i18n';
import { useApiQuery } from '~/lib/use-api-query';

/**
 * Per link of the selection: whether its recipient opened it (on how many days), when last, how
 * many designs they added and the price requests that followed (recorded from the browser that
 * opened it, or sent by the recipient's account after opening). `version` asks again after a change.
 */
export function ActivityPanel({ selectionId, version }: { selectionId: string; version: string }) {
  const { t, i18n } = useTranslation('selections-admin');
  const { data, error, isLoading, reload } = useApiQuery(
    `/selections/${selectionId}/activity?v=${encodeURIComponent(version)}`,
    selectionActivitySchema,
  );
  return (
    <section aria-labelledby="selection-activity" className="space-y-3">
      <h2 id="selection-activity" className="font-serif text-xl text-brand-900">
        {t('activity.heading')}
      </h2>
      {error ? (
        <LoadError
          message={t('activity.failed')}
          detail={error.message}
          onRetry={reload}
          retryLabel={t('activity.retry')}
        />
      ) : isLoading || !data ? (
        <Spinner label={t('activity.loading')} className="w-full py-6" />
      ) : data.links.length === 0 ? (
        <p className="text-gray-700">{t('activity.none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">{t('activity.caption')}</caption>
            <thead className="border-b border-gray-300 text-gray-700">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  {t('activity.recipient')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('activity.opened')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('activity.lastOpened')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('activity.added')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('activity.requests')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {data.links.map((row) => (
                <tr key={row.linkId} data-testid="link-activity">
                  <th scope="row" className="py-2 pr-4 font-semibold text-ink">
                    {row.recipient.name}
                  </th>
                  <td className="py-2 pr-4">
                    {row.opens > 0 ? t('activity.openedDays', { count: row.opens }) : t('activity.notOpened')}
                  </td>
                  <td className="py-2 pr-4">
                    {row.lastOpenedAt ? formatDateTime(row.lastOpenedAt, i18n.language) : '-'}
                  </td>
                  <td className="py-2 pr-4 tabular-nums">{row.designsAdded}</td>
                  <td className="py-2 pr-4">
                    {row.orders.length === 0 ? (
                      t('activity.noRequests')
                    ) : (
                      <ul className="flex flex-wrap gap-x-3">
                        {row.orders.map((orderId) => (
                          <li key={orderId}>{t('activity.request', { orderId })}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
