import { useTranslation } from '~/lib/i18n';
import type { Dashboard } from '@catalogue/shared/schemas/dashboard';
import { countryLabel } from '@catalogue/shared/domain/countries';
import { CountryFlag } from '~/components/ui/country-select';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { Spinner } from '~/components/ui/spinner';
import { formatDateTime } from './admin-format';
import { LoadError } from '~/components/ui/notice';
import { useLoadedQuery, type Loaded } from '~/lib/route-data';
import { WeeklyChart } from './weekly-chart';
import { formatNumber } from '@catalogue/shared/format-number';

const CARD = 'rounded-lg border border-gray-200 bg-white p-4';
const TH = 'px-3 py-2 text-left text-sm font-semibold text-ink';
const TD = 'px-3 py-2 text-sm text-ink';
// A table wider than a phone scrolls sideways; the focusable box lets a keyboard scroll it too.
const SCROLL = 'mt-2 overflow-x-auto focus:outline-2 focus:outline-brand-700';

function Counts({ counts }: { counts: Dashboard['counts'] }) {
  const { t } = useTranslation('admin');
  const items = [
    { key: 'products', value: counts.products },
    { key: 'buyers', value: counts.buyers },
    { key: 'priceRequests', value: counts.priceRequests },
    { key: 'pendingAccounts', value: counts.pendingAccounts },
  ] as const;
  return (
    <section aria-label={t('dashboard.counts.label')}>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <div key={item.key} className={CARD}>
            <dt className="text-sm text-gray-700">{t(`dashboard.counts.${item.key}`)}</dt>
            <dd className="mt-1 font-serif text-3xl text-brand-900">{formatNumber(item.value)}</dd>
            {item.key === 'pendingAccounts' && item.value > 0 ? (
              <dd className="mt-1 text-sm">
                <PrefixedLink
                  to="/userview"
                  className="font-semibold text-brand-700 underline hover:text-brand-900"
                >
                  {t('dashboard.counts.review')}
                </PrefixedLink>
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

function TopProducts({ products }: { products: Dashboard['topProducts'] }) {
  const { t } = useTranslation('admin');
  return (
    <section className={CARD} aria-labelledby="dashboard-top">
      <h2 id="dashboard-top" className="font-serif text-lg text-brand-900">
        {t('dashboard.top.title')}
      </h2>
      {products.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">{t('dashboard.top.empty')}</p>
      ) : (
        <div className={SCROLL} tabIndex={0}>
          <table className="w-full">
            <thead className="bg-brand-50">
              <tr>
                <th scope="col" className={TH}>
                  {t('dashboard.top.product')}
                </th>
                <th scope="col" className={TH}>
                  {t('dashboard.top.code')}
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  {t('dashboard.top.requests')}
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  {t('dashboard.top.quantity')}
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.productId} className="border-t border-gray-100">
                  <td className={TD}>
                    <PrefixedLink
                      to={`/admin/edit-product/${encodeURIComponent(p.productId)}`}
                      className="text-brand-900 underline"
                    >
                      {p.name}
                    </PrefixedLink>
                  </td>
                  <td className={TD}>{p.code}</td>
                  <td className={`${TD} text-right`}>{p.requests}</td>
                  <td className={`${TD} text-right`}>{p.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function LatestRequests({ requests }: { requests: Dashboard['latestRequests'] }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <section className={CARD} aria-labelledby="dashboard-latest">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dashboard-latest" className="font-serif text-lg text-brand-900">
          {t('dashboard.latest.title')}
        </h2>
        <PrefixedLink to="/orderlist" className="text-sm text-brand-900 underline">
          {t('dashboard.latest.viewAll')}
        </PrefixedLink>
      </div>
      {requests.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">{t('dashboard.latest.empty')}</p>
      ) : (
        <div className={SCROLL} tabIndex={0}>
          <table className="w-full">
            <thead className="bg-brand-50">
              <tr>
                <th scope="col" className={TH}>
                  {t('dashboard.latest.order')}
                </th>
                <th scope="col" className={TH}>
                  {t('dashboard.latest.customer')}
                </th>
                <th scope="col" className={TH}>
                  {t('dashboard.latest.company')}
                </th>
                <th scope="col" className={TH}>
                  {t('dashboard.latest.country')}
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  {t('dashboard.latest.items')}
                </th>
                <th scope="col" className={TH}>
                  {t('dashboard.latest.date')}
                </th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={r._id} className="border-t border-gray-100">
                  <td className={TD}>#{r.orderId}</td>
                  <td className={TD}>{r.firstName}</td>
                  <td className={TD}>{r.companyName || '-'}</td>
                  <td className={TD}>
                    <span className="inline-flex items-center gap-2">
                      <CountryFlag code={r.country} />
                      {countryLabel(r.country) ?? r.country}
                    </span>
                  </td>
                  <td className={`${TD} text-right`}>{r.items}</td>
                  <td className={TD}>{formatDateTime(r.createdAt, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * The owner's overview under the welcome message: counts, the weekly chart, top products, latest
 * requests. `loaded` is the route loader's answer, null while the page starts.
 */
export function DashboardView({ loaded }: { loaded: Loaded<Dashboard> | null }) {
  const { t } = useTranslation('admin');
  const { data, error, isLoading, reload } = useLoadedQuery(loaded);

  if (error)
    return (
      <LoadError
        message={t('dashboard.failed')}
        detail={error.message}
        onRetry={reload}
        retryLabel={t('retry')}
      />
    );
  if (isLoading || !data)
    return <Spinner size="lg" label={t('dashboard.loading')} className="w-full py-16" />;
  return (
    <div className="space-y-6">
      <Counts counts={data.counts} />
      <WeeklyChart weeks={data.weekly} />
      <div className="space-y-6">
        <TopProducts products={data.topProducts} />
        <LatestRequests requests={data.latestRequests} />
      </div>
    </div>
  );
}
