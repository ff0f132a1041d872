import { useTranslation } from '~/lib/i18n';
import { STAGE_PATH, type FulfilmentStage } from '@catalogue/shared/domain/fulfilment';
import { SITE } from '@catalogue/shared/domain/site';
import { formatNumber } from '@catalogue/shared/format-number';
import type { Fulfilment } from '@catalogue/shared/schemas/fulfilment';
import { formatDate } from '~/lib/format-date';
import { quotationHref } from '~/lib/paths';
import { Button } from '~/components/ui/button';

/** A calendar day (YYYY-MM-DD) as the reader's language writes it. */
export const formatDay = (day: string, language: string) => formatDate(`${day}T12:00:00.000Z`, language);

const grams = (mg: number) => formatNumber(mg / 1000, 3);

/** The stages a buyer's timeline shows: the path, without the partial step when it never happened. */
function timelineOf(fulfilment: Fulfilment): FulfilmentStage[] {
  const reached = new Set(fulfilment.stages.map((s) => s.stage));
  if (fulfilment.stage === 'cancelled') return [...new Set(fulfilment.stages.map((s) => s.stage))];
  return STAGE_PATH.filter((stage) => stage !== 'partly_dispatched' || reached.has(stage));
}

type OrderForProgress = {
  _id: string;
  orderId: number;
  excelFilePath: string | null;
  fulfilment: Fulfilment | null;
};

/**
 * The buyer's view of an accepted order: the stages reached (with dates, notes and a quality-check
 * photo), the expected ship date, each shipment with its tracking number, the documents, and the
 * status to share on WhatsApp.
 */
export function OrderProgress({ order }: { order: OrderForProgress }) {
  const { t, i18n } = useTranslation('fulfilment');
  const fulfilment = order.fulfilment;
  if (!fulfilment) return null;
  const language = i18n.language;
  const byStage = new Map(fulfilment.stages.map((s) => [s.stage, s]));
  const timeline = timelineOf(fulfilment);
  const currentIndex = timeline.indexOf(fulfilment.stage);
  const workbook = quotationHref(order.excelFilePath);
  const date = fulfilment.expectedShipDate
    ? formatDay(fulfilment.expectedShipDate, language)
    : t('progress.notSet');
  const link = typeof window === 'undefined' ? '' : window.location.href;
  const shareText = t('progress.shareText', {
    orderId: order.orderId,
    site: SITE.name,
    stage: t(`stage.${fulfilment.stage}`),
    date,
    link,
  });

  return (
    <section
      aria-labelledby="order-progress"
      className="space-y-5 rounded-lg border border-brand-100 p-4 print:hidden"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="order-progress" className="font-serif text-2xl text-brand-900">
          {t('progress.heading')}
        </h2>
        <span
          data-testid="order-stage"
          className="rounded border border-brand-700 bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-900"
        >
          {t(`stage.${fulfilment.stage}`)}
        </span>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {fulfilment.poNumber ? (
          <>
            <dt className="font-semibold">{t('progress.poNumber')}</dt>
            <dd>{fulfilment.poNumber}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{t('progress.expected')}</dt>
        <dd>
          {date}
          {fulfilment.overdue ? (
            <span className="ml-2 font-semibold text-red-800">{t('progress.late')}</span>
          ) : null}
        </dd>
      </dl>
      {fulfilment.stage === 'cancelled' ? (
        <p className="font-semibold text-red-800">{t('progress.cancelled')}</p>
      ) : null}

      <div>
        <h3 id="order-timeline" className="mb-2 font-semibold">
          {t('progress.timeline')}
        </h3>
        <ol aria-labelledby="order-timeline" className="space-y-3 border-l-2 border-brand-100 pl-4">
          {timeline.map((stage, index) => {
            const entry =
              [...fulfilment.stages].reverse().find((s) => s.stage === stage) ?? byStage.get(stage);
            const done = Boolean(entry) && index <= currentIndex;
            return (
              <li
                key={stage}
                className="relative"
                aria-current={stage === fulfilment.stage ? 'step' : undefined}
              >
                <span
                  aria-hidden="true"
                  className={`absolute top-1.5 -left-[1.4rem] h-3 w-3 rounded-full border-2 ${
                    done ? 'border-brand-700 bg-brand-700' : 'border-gray-400 bg-white'
                  }`}
                />
                <p className={done ? 'font-semibold text-brand-900' : 'text-gray-600'}>
                  {t(`stage.${stage}`)}
                </p>
                <p className="text-sm text-gray-700">
                  {entry && done ? formatDate(entry.at, language) : t('progress.notYet')}
                </p>
                {entry?.note && done ? <p className="text-sm whitespace-pre-line">{entry.note}</p> : null}
                {entry?.photoUrl && done ? (
                  <a href={entry.photoUrl} className="mt-1 inline-block" target="_blank" rel="noreferrer">
                    <img
                      src={`${entry.photoUrl}?w=240`}
                      alt={t('progress.photo')}
                      width={120}
                      height={120}
                      loading="lazy"
                      className="h-28 w-28 rounded border object-cover"
                    />
                  </a>
                ) : null}
              </li>
            );
          })}
        </ol>
      </div>

      <div>
        <h3 className="mb-2 font-semibold">{t('progress.shipments')}</h3>
        {fulfilment.shipments.length ? (
          <ul className="space-y-3">
            {fulfilment.shipments.map((s) => (
              <li key={s._id} className="rounded border border-gray-200 p-3 text-sm">
                <p className="font-semibold">
                  {t('progress.shipment', { date: formatDate(s.shippedAt, language) })}
                </p>
                <p>
                  {t('progress.courier')}: {s.courier} · {t('progress.tracking')}:{' '}
                  <span className="font-mono break-all" data-testid="tracking-number">
                    {s.trackingNumber}
                  </span>
                </p>
                <ul className="mt-1 list-disc pl-5">
                  {s.lines.map((l) => (
                    <li key={`${s._id}-${l.sku}`}>
                      {l.sku} {l.name}: {t('progress.pieces', { count: l.quantity })}
                      {l.actualWeightMg
                        ? ` · ${t('progress.weight', { grams: grams(l.actualWeightMg) })}`
                        : ''}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-700">{t('progress.noShipments')}</p>
        )}
        {fulfilment.shipments.length ? (
          <ul className="mt-2 text-sm text-gray-700">
            {fulfilment.lines.map((l) => (
              <li key={l.sku}>
                {l.sku}: {t('progress.shippedOf', { shipped: l.shipped, accepted: l.accepted })}
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div>
        <h3 className="mb-2 font-semibold">{t('progress.documents')}</h3>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <Button variant="secondary" size="sm" onClick={() => window.print()}>
            {t('progress.quotation')}
          </Button>
          {workbook ? (
            <a href={workbook} download className="font-medium text-brand-700 underline">
              {t('progress.workbook')}
            </a>
          ) : null}
        </div>
      </div>

      <a
        href={`https://wa.me/?text=${encodeURIComponent(shareText)}`}
        target="_blank"
        rel="noreferrer"
        className="inline-flex min-h-11 items-center rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {t('progress.share')}
      </a>
    </section>
  );
}
