import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { canTransition, QUOTE_LIMITS, type OrderStatus } from '@catalogue/shared/domain/quotation';
import { SITE } from '@catalogue/shared/domain/site';
import {
  orderDetailResponseSchema,
  type OrderDetail,
  type QuoteRevision,
} from '@catalogue/shared/schemas/quotation';
import { Button } from '~/components/ui/button';
import { TextAreaField, TextField } from '~/components/ui/field';
import { LoadError, Notice } from '~/components/ui/notice';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { Spinner } from '~/components/ui/spinner';
import { ApiError, apiRequest } from '~/lib/api-client';
import { useApiQuery } from '~/lib/use-api-query';
import { formatDate } from '~/lib/format-date';
import { CommentThread } from './comment-thread';
import { ConfirmQuoteDialog, factsOf } from './confirm-quote-dialog';
import { quotationHref } from '~/lib/paths';
import { ProformaDownload, QuoteDownload } from './quote-download';
import { QuoteLines } from './quote-lines';
import { RequestHistory } from './request-history';
import { LineBreakdowns, QuoteTaxAndTerms, RateExpiredNotice } from './quote-pricing';
import { StatusBadge } from '~/components/status-badge';
import { KEEP_CLEAR } from '~/lib/keep-clear';

/** The business's letterhead, printed at the top of the quotation only. */
function PrintHeader({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation('quotes');
  return (
    <header className="hidden border-b-2 border-brand-700 pb-3 print:block">
      <p className="font-serif text-2xl text-brand-900">{SITE.name}</p>
      <p className="text-sm">{SITE.addresses.office.lines.join(', ')}</p>
      <p className="text-sm">
        {SITE.email} · {SITE.phones.main.display}
      </p>
      <p className="mt-3 text-lg font-semibold tracking-wide">{t('print.title')}</p>
      <p className="text-sm">
        {t('print.ref')}: {order.orderId} · {t('print.date')}:{' '}
        {formatDate(order.quote?.sentAt ?? order.createdAt, i18n.language)} · {t('print.to')}:{' '}
        {order.firstName}
        {order.companyName ? `, ${order.companyName}` : ''}
      </p>
    </header>
  );
}

function QuoteFacts({ quote, status }: { quote: QuoteRevision; status: OrderStatus }) {
  const { t, i18n } = useTranslation('quotes');
  const until = quote.validUntil ? formatDate(quote.validUntil, i18n.language) : '';
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-semibold">{t('quote.revision', { revision: quote.revision })}</dt>
      <dd>{quote.sentAt ? t('quote.sentAt', { date: formatDate(quote.sentAt, i18n.language) }) : ''}</dd>
      <dt className="font-semibold">{t('quote.validUntil')}</dt>
      <dd>
        {status === 'expired' ? t('quote.expiredOn', { date: until }) : t('quote.validFor', { date: until })}
      </dd>
      <dt className="font-semibold">{t('quote.leadTime')}</dt>
      <dd>{t('quote.leadTimeValue', { count: quote.leadTimeDays })}</dd>
      {quote.noteToBuyer ? (
        <>
          <dt className="font-semibold">{t('quote.noteToBuyer')}</dt>
          <dd className="whitespace-pre-line">{quote.noteToBuyer}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * A buyer's page of one request: the lines, the quoted prices and totals, validity, Accept or
 * Decline while the quote is valid, Cancel while it is new, history, comments, and a print layout
 * (the business's header, lines, totals, validity) for a paper or PDF quotation.
 */
export function BuyerRequest({
  id,
  progress,
}: {
  id: string;
  /** The order in production, once accepted (the route shows the fulfilment feature's view). */
  progress?: (order: OrderDetail) => ReactNode;
}) {
  const { t, i18n } = useTranslation('quotes');
  const { t: tOrder } = useTranslation('fulfilment');
  const [poNumber, setPoNumber] = useState('');
  const path = `/orders/${encodeURIComponent(id)}`;
  const [revision, setRevision] = useState<number | null>(null);
  const { data, error, isLoading, reload } = useApiQuery(
    revision === null ? path : `${path}?revision=${revision}`,
    orderDetailResponseSchema,
  );
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const [isConfirmingAccept, setIsConfirmingAccept] = useState(false);
  /** The revision whose accept answered 409 RATE_EXPIRED, if any. */
  const [rateExpired, setRateExpired] = useState<number | null>(null);
  const [commentsKey, setCommentsKey] = useState(0);
  useEffect(() => setOrder(data?.order ?? null), [data]);

  const back = (
    <PrefixedLink to="/myrequests" className="text-sm text-brand-900 underline print:hidden">
      {t('request.backBuyer')}
    </PrefixedLink>
  );
  if (error)
    return (
      <div className="space-y-4">
        {back}
        <LoadError
          message={error.status === 404 ? t('request.notFound') : t('request.failed')}
          detail={error.status === 404 ? undefined : error.message}
          onRetry={reload}
          retryLabel={t('request.retry')}
        />
      </div>
    );
  if (isLoading || !order) return <Spinner size="lg" label={t('request.loading')} className="w-full py-16" />;

  const status = order.status as OrderStatus;
  const quote = order.quote;
  const latest = order.revisions.at(-1)?.revision ?? null;
  const isLatest = quote !== null && quote.revision === latest;
  const href = quotationHref(order.excelFilePath);

  async function act(action: 'accept' | 'decline' | 'cancel', json: object, done: string) {
    setBusy(true);
    setProblem(null);
    setNotice('');
    try {
      const answer = await apiRequest<{ order: OrderDetail }>(`${path}/${action}`, { method: 'POST', json });
      setOrder(answer.order);
      setNotice(done);
      setIsConfirmingCancel(false);
      setIsConfirmingAccept(false);
    } catch (reason) {
      // The dialog closes on a refusal too: the reason shows on the page, beside what it concerns.
      setIsConfirmingAccept(false);
      if (action === 'accept' && reason instanceof ApiError && reason.code === 'RATE_EXPIRED' && quote) {
        setRateExpired(quote.revision);
      } else {
        setProblem(reason instanceof ApiError ? reason.message : String(reason));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      {back}
      <PrintHeader order={order} />
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <h1 className="font-serif text-3xl text-brand-900">
          {t('request.title', { orderId: order.orderId })}
        </h1>
        <StatusBadge status={status} />
      </div>
      <p className="text-sm text-gray-700 print:hidden">
        {t('request.received')}: {formatDate(order.createdAt, i18n.language)}
      </p>
      {problem ? <Notice tone="error" text={problem} /> : null}
      {rateExpired !== null && quote?.revision === rateExpired ? (
        <RateExpiredNotice
          orderId={order._id}
          revision={rateExpired}
          onAsked={() => setCommentsKey((k) => k + 1)}
        />
      ) : null}
      {notice ? <Notice tone="success" text={notice} /> : null}
      {progress ? progress(order) : null}

      <section aria-labelledby="request-lines" className="space-y-3">
        <h2 id="request-lines" className="font-serif text-xl text-brand-900 print:hidden">
          {quote ? t('quote.heading') : t('request.lines')}
        </h2>
        <QuoteLines lines={order.orderDetails} quote={quote} />
        {quote ? <LineBreakdowns quote={quote} /> : null}
        {quote ? <QuoteTaxAndTerms quote={quote} /> : null}
        {quote ? (
          <QuoteFacts quote={quote} status={isLatest ? status : 'quoted'} />
        ) : (
          <p>{t('quote.none')}</p>
        )}
      </section>

      {order.revisions.length > 1 ? (
        <nav
          aria-label={t('quote.revisions')}
          className="flex flex-wrap items-center gap-2 text-sm print:hidden"
        >
          <span className="font-semibold">{t('quote.revisions')}:</span>
          {order.revisions.map((r) => (
            <Button
              key={r.revision}
              size="sm"
              variant={quote?.revision === r.revision ? 'primary' : 'secondary'}
              aria-pressed={quote?.revision === r.revision}
              onClick={() => setRevision(r.revision === latest ? null : r.revision)}
            >
              {t('quote.viewRevision', { revision: r.revision })}
            </Button>
          ))}
        </nav>
      ) : null}

      {quote && isLatest && canTransition(status, 'accept') ? (
        <section
          aria-labelledby="decide"
          className="space-y-3 rounded-lg border border-brand-100 bg-brand-50 p-4 print:hidden"
          {...KEEP_CLEAR}
        >
          <h2 id="decide" className="font-semibold">
            {t('decide.prompt')}
          </h2>
          <Button disabled={busy} onClick={() => setIsConfirmingAccept(true)}>
            {t('decide.accept')}
          </Button>
          <ConfirmQuoteDialog
            open={isConfirmingAccept}
            title={t('confirm.acceptTitle')}
            facts={factsOf(quote)}
            confirmLabel={t('confirm.accept')}
            isBusy={busy}
            onCancel={() => setIsConfirmingAccept(false)}
            onConfirm={() =>
              void act(
                'accept',
                { version: order.version, revision: quote.revision, poNumber: poNumber.trim() || null },
                t('decide.accepted'),
              )
            }
          >
            <TextField
              label={tOrder('accept.poNumber')}
              hint={tOrder('accept.poHint')}
              value={poNumber}
              maxLength={100}
              onChange={(event) => setPoNumber(event.target.value)}
            />
          </ConfirmQuoteDialog>
          <TextAreaField
            label={t('decide.reason')}
            value={reason}
            maxLength={QUOTE_LIMITS.noteMax}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void act(
                'decline',
                { version: order.version, revision: quote.revision, reason },
                t('decide.declined'),
              )
            }
          >
            {t('decide.decline')}
          </Button>
        </section>
      ) : null}

      {canTransition(status, 'cancel') ? (
        <div className="space-y-2 print:hidden">
          {isConfirmingCancel ? (
            <div role="group" aria-label={t('decide.cancel')} className="space-y-2">
              <p>{t('decide.confirmCancel')}</p>
              <div className="flex gap-2">
                <Button
                  variant="danger"
                  disabled={busy}
                  onClick={() => void act('cancel', { version: order.version }, t('decide.cancelled'))}
                >
                  {t('decide.cancel')}
                </Button>
                <Button variant="secondary" onClick={() => setIsConfirmingCancel(false)}>
                  {t('decide.keep')}
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => setIsConfirmingCancel(true)}>
              {t('decide.cancel')}
            </Button>
          )}
        </div>
      ) : null}

      {quote ? (
        <div className="flex flex-wrap gap-3 print:hidden">
          <Button variant="secondary" onClick={() => window.print()}>
            {t('quote.print')}
          </Button>
          <QuoteDownload id={order._id} orderId={order.orderId} />
          {status === 'accepted' ? <ProformaDownload id={order._id} orderId={order.orderId} /> : null}
          {href ? (
            <a href={href} download className="self-center text-sm font-medium text-brand-700 underline">
              {t('quote.workbook')}
            </a>
          ) : null}
        </div>
      ) : null}

      <RequestHistory history={order.history} />
      <CommentThread key={commentsKey} orderId={order._id} />
    </div>
  );
}
