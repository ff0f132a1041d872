import type { FollowUps } from '@catalogue/shared/schemas/selection';
import { LoadError } from '~/components/ui/notice';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { formatDateTime } from '~/lib/format-date';
import { useTranslation } from '~/lib/i18n';
import { useLoadedQuery, type Loaded } from '~/lib/route-data';

const CARD = 'rounded-lg border border-brand-100 bg-white p-4 shadow-sm';

/**
 * The dashboard's follow-up list: links opened in the last 7 days whose buyer has sent no price
 * request since, newest open first, each with its selection and a way to reach the buyer.
 */
export function FollowUpList({ loaded }: { loaded: Loaded<FollowUps> }) {
  const { t, i18n } = useTranslation('selections-admin');
  const { data, error, reload } = useLoadedQuery(loaded);
  const body = error ? (
    <LoadError
      message={t('followUps.failed')}
      detail={error.message}
      onRetry={reload}
      retryLabel={t('list.retry')}
    />
  ) : !data || data.links.length === 0 ? (
    <p className="text-sm text-gray-700">{t('followUps.none')}</p>
  ) : (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{t('followUps.caption')}</caption>
        <thead className="border-b border-gray-300 text-gray-700">
          <tr>
            <th scope="col" className="py-2 pr-4">
              {t('followUps.recipient')}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t('followUps.selection')}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t('followUps.lastOpened')}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t('followUps.contact')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {data.links.map((row) => (
            <tr key={row.linkId} data-testid="follow-up">
              <th scope="row" className="py-2 pr-4 font-semibold text-ink">
                {row.recipient.name}
              </th>
              <td className="py-2 pr-4">
                <PrefixedLink to={`/selections/${row.selectionId}`} className="text-brand-800 underline">
                  {row.title}
                </PrefixedLink>
              </td>
              <td className="py-2 pr-4">{formatDateTime(row.lastOpenedAt, i18n.language)}</td>
              <td className="py-2 pr-4">
                {row.recipient.phone ? (
                  <a
                    className="text-brand-800 underline"
                    href={`tel:${row.recipient.phone.replace(/[^\d+]/g, '')}`}
                  >
                    {row.recipient.phone}
                  </a>
                ) : null}
                {row.recipient.phone && row.recipient.email ? ' · ' : null}
                {row.recipient.email ? (
                  <a className="text-brand-800 underline" href={`mailto:${row.recipient.email}`}>
                    {row.recipient.email}
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <section className={CARD} aria-labelledby="dashboard-follow-ups">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dashboard-follow-ups" className="font-serif text-lg text-brand-900">
          {t('followUps.heading')}
        </h2>
        <PrefixedLink to="/selections" className="text-sm text-brand-800 underline">
          {t('followUps.all')}
        </PrefixedLink>
      </div>
      <p className="mb-3 text-sm text-gray-700">{t('followUps.intro')}</p>
      {body}
    </section>
  );
}
