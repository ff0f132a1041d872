import { useId } from 'react';
import { useTranslation } from '~/lib/i18n';
import { countryLabel } from '@catalogue/shared/domain/countries';
import { ORDER_STATUSES } from '@catalogue/shared/domain/quotation';
import type { QuoteFigures as Figures } from '@catalogue/shared/schemas/quotation';
import { LoadError } from '~/components/ui/notice';
import { Spinner } from '~/components/ui/spinner';
import { useLoadedQuery, type Loaded } from '~/lib/route-data';
import { niceMax } from '~/lib/chart-scale';
import { formatMoney } from './quote-format';
import { formatTimeOfDay } from '~/lib/format-date';

const CARD = 'rounded-lg border border-gray-200 bg-white p-4';
const TH = 'px-3 py-1 text-left text-sm font-semibold text-ink';
const TD = 'px-3 py-1 text-sm text-ink';
const SERIES = ['requested', 'quoted', 'accepted'] as const;
const SERIES_FILL = {
  requested: 'fill-brand-100 stroke-brand-700',
  quoted: 'fill-brand-500',
  accepted: 'fill-brand-900',
} as const;
const SERIES_SWATCH = {
  requested: 'bg-brand-100',
  quoted: 'bg-brand-500',
  accepted: 'bg-brand-900',
} as const;

type Bar = { key: string; label: string; value: number };

/** Labelled horizontal bars (one per row), drawn as SVG, with the numbers written beside them. */
function BarList({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const { t } = useTranslation('quotes');
  const titleId = useId();
  const max = niceMax(Math.max(0, ...bars.map((b) => b.value)));
  const row = 28;
  const labelWidth = 150;
  const width = 560;
  const barSpace = width - labelWidth - 60;
  return (
    <figure className={CARD}>
      <figcaption id={titleId} className="font-serif text-lg text-brand-900">
        {title}
      </figcaption>
      {bars.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">{t('figures.empty')}</p>
      ) : (
        <svg
          viewBox={`0 0 ${width} ${bars.length * row + 8}`}
          role="img"
          aria-labelledby={titleId}
          className="mt-3 h-auto w-full"
        >
          {bars.map((bar, i) => {
            const y = i * row + 4;
            const length = (bar.value / max) * barSpace;
            return (
              <g key={bar.key}>
                <title>{`${bar.label}: ${bar.value}`}</title>
                <text x={labelWidth - 8} y={y + 17} textAnchor="end" className="fill-ink text-[13px]">
                  {bar.label}
                </text>
                <rect
                  x={labelWidth}
                  y={y + 4}
                  width={Math.max(0, length)}
                  height={row - 10}
                  rx={3}
                  className="fill-brand-700"
                />
                <text x={labelWidth + length + 6} y={y + 17} className="fill-ink text-[12px]">
                  {bar.value}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}

/** Requested, quoted and accepted per week of request: three bars a week, and the same as a table. */
function FunnelChart({ funnel }: { funnel: Figures['funnel'] }) {
  const { t } = useTranslation('quotes');
  const titleId = useId();
  const summaryId = useId();
  const width = 640;
  const height = 220;
  const pad = { top: 16, bottom: 32, left: 32, right: 8 };
  const max = niceMax(Math.max(0, ...funnel.map((w) => w.requested)));
  const slot = (width - pad.left - pad.right) / Math.max(1, funnel.length);
  const bar = (slot * 0.75) / 3;
  const plot = height - pad.top - pad.bottom;
  const y = (v: number) => pad.top + plot - (v / max) * plot;
  const sum = (key: (typeof SERIES)[number]) => funnel.reduce((s, w) => s + w[key], 0);
  return (
    <figure className={CARD}>
      <figcaption id={titleId} className="font-serif text-lg text-brand-900">
        {t('figures.funnel')}
      </figcaption>
      <p id={summaryId} className="mt-1 text-sm text-gray-700">
        {t('figures.funnelSummary', {
          requested: sum('requested'),
          quoted: sum('quoted'),
          accepted: sum('accepted'),
          weeks: funnel.length,
        })}
      </p>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        {SERIES.map((s) => (
          <li key={s} className="inline-flex items-center gap-2">
            <span className={`inline-block size-3 rounded-sm ${SERIES_SWATCH[s]}`} />
            {t(`figures.${s}`)}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={summaryId}
        className="mt-2 h-auto w-full"
      >
        <line x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} className="stroke-gray-300" />
        <text x={pad.left - 6} y={y(max) + 4} textAnchor="end" className="fill-gray-700 text-[11px]">
          {max}
        </text>
        {funnel.map((week, i) => (
          <g key={week.week}>
            {SERIES.map((s, j) => {
              const x = pad.left + i * slot + slot * 0.125 + j * bar;
              return (
                <rect
                  key={s}
                  x={x}
                  y={y(week[s])}
                  width={bar - 1}
                  height={Math.max(0, y(0) - y(week[s]))}
                  className={SERIES_FILL[s]}
                >
                  <title>{`${week.week} ${t(`figures.${s}`)}: ${week[s]}`}</title>
                </rect>
              );
            })}
            <text
              x={pad.left + i * slot + slot / 2}
              y={height - pad.bottom + 16}
              textAnchor="middle"
              className="fill-gray-700 text-[10px]"
            >
              {week.week.slice(5)}
            </text>
          </g>
        ))}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-900 underline">{t('figures.showTable')}</summary>
        <table className="mt-2 text-left">
          <caption className="sr-only">{t('figures.funnel')}</caption>
          <thead>
            <tr>
              <th scope="col" className={TH}>
                {t('figures.week')}
              </th>
              {SERIES.map((s) => (
                <th key={s} scope="col" className={`${TH} text-right`}>
                  {t(`figures.${s}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {funnel.map((w) => (
              <tr key={w.week} className="border-t border-gray-100">
                <td className={TD}>{w.week}</td>
                {SERIES.map((s) => (
                  <td key={s} className={`${TD} text-right`}>
                    {w[s]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function ProductTable({ title, rows }: { title: string; rows: Figures['topRequested'] }) {
  const { t } = useTranslation('quotes');
  return (
    <section className={CARD}>
      <h3 className="font-serif text-lg text-brand-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">{t('figures.empty')}</p>
      ) : (
        <table className="mt-2 w-full">
          <thead className="bg-brand-50">
            <tr>
              <th scope="col" className={TH}>
                {t('figures.product')}
              </th>
              <th scope="col" className={`${TH} text-right`}>
                {t('figures.requests')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.productId} className="border-t border-gray-100">
                <td className={TD}>{r.name}</td>
                <td className={`${TD} text-right`}>{r.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * How requests turn into orders: states, the weekly funnel, time to quote, acceptance, value,
 * products, countries. `loaded` is the route loader's answer, null while the page starts.
 */
export function QuoteFigures({ loaded }: { loaded: Loaded<Figures> | null }) {
  const { t, i18n } = useTranslation('quotes');
  const { data, error, isLoading, reload } = useLoadedQuery(loaded);
  if (error)
    return (
      <LoadError
        message={t('figures.failed')}
        detail={error.message}
        onRetry={reload}
        retryLabel={t('request.retry')}
      />
    );
  if (isLoading || !data) return <Spinner size="lg" label={t('figures.loading')} className="w-full py-12" />;
  const rate = data.acceptanceRate === null ? t('figures.none') : `${Math.round(data.acceptanceRate * 100)}%`;
  const median =
    data.medianHoursToFirstQuote === null
      ? t('figures.none')
      : t('figures.medianValue', { hours: data.medianHoursToFirstQuote });
  // The figures may be a few seconds behind the requests: the screen says when they were computed.
  const computedAt = data.computedAt ? formatTimeOfDay(data.computedAt, i18n.language) : '';
  return (
    <section aria-labelledby="quote-figures" className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="quote-figures" className="font-serif text-2xl text-brand-900">
          {t('figures.heading')}
        </h2>
        {computedAt ? (
          <p className="text-sm text-gray-700">
            {t('figures.computedAt', { time: computedAt })}{' '}
            <button
              type="button"
              onClick={reload}
              className="rounded text-brand-900 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {t('figures.refresh')}
            </button>
          </p>
        ) : null}
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className={CARD}>
          <dt className="text-sm text-gray-700">{t('figures.median')}</dt>
          <dd className="mt-1 font-serif text-3xl text-brand-900">{median}</dd>
        </div>
        <div className={CARD}>
          <dt className="text-sm text-gray-700">{t('figures.acceptance')}</dt>
          <dd className="mt-1 font-serif text-3xl text-brand-900">{rate}</dd>
        </div>
      </dl>
      <BarList
        title={t('figures.byStatus')}
        bars={ORDER_STATUSES.map((s) => ({ key: s, label: t(`status.${s}`), value: data.byStatus[s] }))}
      />
      <FunnelChart funnel={data.funnel} />
      <section className={CARD}>
        <h3 className="font-serif text-lg text-brand-900">{t('figures.value')}</h3>
        {data.valueByMonth.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">{t('figures.empty')}</p>
        ) : (
          <div className="mt-2 overflow-x-auto" tabIndex={0}>
            <table className="w-full">
              <thead className="bg-brand-50">
                <tr>
                  <th scope="col" className={TH}>
                    {t('figures.month')}
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    {t('figures.quoted')}
                  </th>
                  <th scope="col" className={`${TH} text-right`}>
                    {t('figures.accepted')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.valueByMonth.map((v) => (
                  <tr key={`${v.month}-${v.currency}`} className="border-t border-gray-100">
                    <td className={TD}>{v.month}</td>
                    <td className={`${TD} text-right whitespace-nowrap`}>
                      {formatMoney(v.quoted, v.currency)}
                    </td>
                    <td className={`${TD} text-right whitespace-nowrap`}>
                      {formatMoney(v.accepted, v.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <ProductTable title={t('figures.topRequested')} rows={data.topRequested} />
        <ProductTable title={t('figures.topAccepted')} rows={data.topAccepted} />
      </div>
      <BarList
        title={t('figures.byCountry')}
        bars={data.byCountry.map((c) => ({
          key: c.country,
          label: countryLabel(c.country) ?? c.country,
          value: c.count,
        }))}
      />
    </section>
  );
}
