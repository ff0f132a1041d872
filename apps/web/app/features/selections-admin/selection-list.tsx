import { useLocation } from 'react-router';
import { followUpSchema, selectionListSchema } from '@catalogue/shared/schemas/selection';
import { ButtonLink } from '~/components/ui/button';
import { LoadError, Notice } from '~/components/ui/notice';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { Spinner } from '~/components/ui/spinner';
import { formatDateTime } from '~/lib/format-date';
import { useTranslation } from '~/lib/i18n';
import { useApiQuery } from '~/lib/use-api-query';

/**
 * Every selection, newest first: its name, how many designs, its links (active of all), when one
 * was last opened, and how many of its buyers are waiting for a follow-up.
 */
export function SelectionList() {
  const { t, i18n } = useTranslation('selections-admin');
  const { data, error, isLoading, reload } = useApiQuery('/selections', selectionListSchema);
  const followUps = useApiQuery('/selections/follow-ups', followUpSchema);
  const waiting = new Map<string, number>();
  for (const row of followUps.data?.links ?? []) {
    waiting.set(row.selectionId, (waiting.get(row.selectionId) ?? 0) + 1);
  }
  const now = Date.now();
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-3xl text-gray-700">{t('list.intro')}</p>
        <ButtonLink to="/selections/new">{t('list.new')}</ButtonLink>
      </div>
      {deleted ? <Notice tone="success" text={t('list.deleted', { title: deleted })} /> : null}
      {error ? (
        <LoadError
          message={t('list.failed')}
          detail={error.message}
          onRetry={reload}
          retryLabel={t('list.retry')}
        />
      ) : isLoading || !data ? (
        <Spinner size="lg" label={t('list.loading')} className="w-full py-16" />
      ) : data.selections.length === 0 ? (
        <p className="rounded-md border border-dashed border-gray-400 p-6 text-gray-700">{t('list.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">{t('list.caption')}</caption>
            <thead className="border-b border-gray-300 text-gray-700">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  {t('list.name')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('list.designs')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('list.links')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('list.lastOpened')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('list.followUps')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {data.selections.map((selection) => {
                const active = selection.links.filter(
                  (l) => !l.revokedAt && (l.expiresAt === null || Date.parse(l.expiresAt) > now),
                ).length;
                const toFollow = waiting.get(selection._id) ?? 0;
                return (
                  <tr key={selection._id}>
                    <th scope="row" className="py-2 pr-4 font-semibold">
                      <PrefixedLink to={`/selections/${selection._id}`} className="text-brand-800 underline">
                        {selection.title}
                      </PrefixedLink>
                      <span className="block text-xs font-normal text-gray-700">{selection.owner.name}</span>
                    </th>
                    <td className="py-2 pr-4 tabular-nums">{selection.products.length}</td>
                    <td className="py-2 pr-4">
                      {t('list.linksValue', { count: selection.links.length, active })}
                    </td>
                    <td className="py-2 pr-4">
                      {selection.lastOpenedAt
                        ? formatDateTime(selection.lastOpenedAt, i18n.language)
                        : t('list.never')}
                    </td>
                    <td className={`py-2 pr-4 ${toFollow ? 'font-semibold text-brand-900' : ''}`}>
                      {toFollow ? t('list.followUpsValue', { count: toFollow }) : t('list.none')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
