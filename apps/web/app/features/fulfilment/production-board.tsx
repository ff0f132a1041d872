import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { FULFILMENT_STAGES, type FulfilmentStage } from '@catalogue/shared/domain/fulfilment';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import { boardSchema, type BoardOrder } from '@catalogue/shared/schemas/fulfilment';
import { Button } from '~/components/ui/button';
import { SelectField, TextField } from '~/components/ui/field';
import { LoadError, Notice } from '~/components/ui/notice';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { Spinner } from '~/components/ui/spinner';
import { downloadFile } from '~/lib/download-file';
import { useApiQuery } from '~/lib/use-api-query';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import { formatDay } from './order-progress';

function OrderCard({ order, showStage = false }: { order: BoardOrder; showStage?: boolean }) {
  const { t, i18n } = useTranslation('fulfilment');
  return (
    <li
      className={`rounded-md border bg-white p-3 text-sm shadow-sm ${order.overdue ? 'border-red-700' : 'border-gray-200'}`}
      data-testid="board-order"
    >
      {showStage ? (
        <p className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
          {t(`stage.${order.stage}`)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PrefixedLink
          to={`/orderlist/${encodeURIComponent(order._id)}`}
          className="font-semibold text-brand-900 underline"
          aria-label={t('board.open', { orderId: order.orderId })}
        >
          {t('board.order', { orderId: order.orderId })}
        </PrefixedLink>
        {order.overdue ? (
          <span className="rounded border border-red-700 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
            {t('board.overdue')}
          </span>
        ) : null}
      </div>
      <p>
        {order.firstName}
        {order.companyName ? `, ${order.companyName}` : ''}
      </p>
      {order.poNumber ? <p className="text-gray-700">PO {order.poNumber}</p> : null}
      <p className={order.overdue ? 'font-semibold text-red-800' : 'text-gray-700'}>
        {order.expectedShipDate
          ? t('board.due', { date: formatDay(order.expectedShipDate, i18n.language) })
          : t('board.noDate')}
      </p>
      <p className="text-gray-700">
        {t('board.pieces', { shipped: order.shippedPieces, pieces: order.pieces })}
      </p>
    </li>
  );
}

/**
 * The production board: accepted orders by stage (columns on a wide screen, one filtered list on
 * a phone), overdue ones marked, a search, a stage filter, and the board as an Excel file.
 */
export function ProductionBoard() {
  const { t } = useTranslation('fulfilment');
  const [stage, setStage] = useState<FulfilmentStage | ''>('');
  const [overdue, setOverdue] = useState(false);
  const [search, setSearch] = useState('');
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const settled = useDebouncedValue(search.trim(), TIMINGS_MS.searchDebounce);
  const params = new URLSearchParams();
  if (stage) params.set('stage', stage);
  if (overdue) params.set('overdue', 'true');
  if (settled) params.set('search', settled);
  const query = params.toString();
  const { data, error, isLoading, reload } = useApiQuery(
    `/admin/fulfilment${query ? `?${query}` : ''}`,
    boardSchema,
  );

  async function exportBoard() {
    setIsExporting(true);
    setExportProblem(null);
    try {
      await downloadFile(
        `/api/admin/fulfilment/export.xlsx${query ? `?${query}` : ''}`,
        `Production_${new Date().toISOString().slice(0, 10)}.xlsx`,
      );
    } catch {
      setExportProblem(t('board.exportFailed'));
    } finally {
      setIsExporting(false);
    }
  }

  const stageOptions = FULFILMENT_STAGES.map((s) => ({
    value: s,
    label: data ? `${t(`stage.${s}`)} (${data.counts[s]})` : t(`stage.${s}`),
  }));
  const shownStages = stage ? [stage] : FULFILMENT_STAGES;

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <TextField
          type="search"
          label={t('board.search')}
          hint={t('board.searchHint')}
          value={search}
          maxLength={200}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SelectField
          label={t('board.stageFilter')}
          options={stageOptions}
          placeholder={t('board.allStages')}
          value={stage}
          onChange={(event) => setStage(event.target.value as FulfilmentStage | '')}
        />
        <Button variant="secondary" disabled={isExporting} onClick={() => void exportBoard()}>
          {isExporting ? t('board.exporting') : t('board.export')}
        </Button>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={overdue}
          onChange={(event) => setOverdue(event.target.checked)}
          className="h-5 w-5"
        />
        {t('board.overdueOnly')}
        {data ? (
          <span className="font-semibold text-red-800">
            ({t('board.overdueCount', { count: data.overdueCount })})
          </span>
        ) : null}
      </label>
      {exportProblem ? <Notice tone="error" text={exportProblem} /> : null}

      {error ? (
        <LoadError
          message={t('board.failed')}
          detail={error.message}
          onRetry={reload}
          retryLabel={t('board.retry')}
        />
      ) : isLoading && !data ? (
        <Spinner size="lg" label={t('board.loading')} className="w-full py-16" />
      ) : data ? (
        <>
          {data.truncated ? <p className="text-sm text-gray-700">{t('board.truncated')}</p> : null}
          {/* A phone: one list, the stage filter above chooses what it holds. */}
          <div className="md:hidden" data-testid="board-list">
            {data.orders.length ? (
              <ul className="space-y-2">
                {data.orders.map((o) => (
                  <OrderCard key={o._id} order={o} showStage />
                ))}
              </ul>
            ) : (
              <p className="py-8 text-center text-gray-700">{t('board.empty')}</p>
            )}
          </div>
          {/* A wide screen: a column per stage. */}
          <div className="hidden gap-3 overflow-x-auto pb-2 md:flex" data-testid="board-columns">
            {shownStages.map((s) => {
              const inStage = data.orders.filter((o) => o.stage === s);
              return (
                <section
                  key={s}
                  aria-label={t(`stage.${s}`)}
                  className="w-64 shrink-0 rounded-lg bg-brand-50 p-2"
                  data-testid={`column-${s}`}
                >
                  <h2 className="mb-2 px-1 font-semibold text-brand-900">
                    {t(`stage.${s}`)} <span className="font-normal text-gray-700">({inStage.length})</span>
                  </h2>
                  {inStage.length ? (
                    <ul className="space-y-2">
                      {inStage.map((o) => (
                        <OrderCard key={o._id} order={o} />
                      ))}
                    </ul>
                  ) : (
                    <p className="px-1 text-sm text-gray-600">{t('board.empty')}</p>
                  )}
                </section>
              );
            })}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The dispatch figures of the dashboard. */
export function DispatchFigures({
  figures,
}: {
  figures: {
    dispatched: number;
    onTimeRate: number | null;
    medianDaysToDispatch: number | null;
    inProduction: number;
    overdue: number;
  };
}) {
  const { t } = useTranslation('fulfilment');
  const tiles: [string, string, string?][] = [
    [
      t('figures.onTime'),
      figures.onTimeRate === null ? t('figures.none') : `${Math.round(figures.onTimeRate * 100)}%`,
      figures.onTimeRate === null ? undefined : t('figures.onTimeOf', { count: figures.dispatched }),
    ],
    [
      t('figures.median'),
      figures.medianDaysToDispatch === null ? t('figures.none') : String(figures.medianDaysToDispatch),
    ],
    [t('figures.inProduction'), String(figures.inProduction)],
    [t('figures.overdue'), String(figures.overdue)],
  ];
  return (
    <section aria-labelledby="dispatch-figures" className="space-y-3">
      <h2 id="dispatch-figures" className="font-serif text-2xl text-brand-900">
        {t('figures.heading')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map(([label, value, detail]) => (
          <div key={label} className="rounded-lg border border-gray-200 p-3">
            <dt className="text-sm text-gray-700">{label}</dt>
            <dd className="text-2xl font-semibold text-brand-900">{value}</dd>
            {detail ? <dd className="text-xs text-gray-600">{detail}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
