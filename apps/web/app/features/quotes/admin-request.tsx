import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import type { OrderDetail } from '@catalogue/shared/schemas/quotation';
import { LoadError } from '~/components/ui/notice';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { Spinner } from '~/components/ui/spinner';
import { useLoadedQuery, type Loaded } from '~/lib/route-data';
import { CountryCell } from '~/components/admin/cells';
import { formatDateTime } from '~/lib/format-date';
import { CommentThread } from './comment-thread';
import { QuoteEditor } from './quote-editor';
import { quotationHref } from '~/lib/paths';
import { ProformaDownload, QuoteDownload } from './quote-download';
import { QuoteLines } from './quote-lines';
import { RequestHistory } from './request-history';
import { StatusBadge } from '~/components/status-badge';

/**
 * An admin's page of one price request: who asked, the lines, the quote editor, history and
 * comments. `loaded` is the route loader's answer, null while the page starts.
 */
export function AdminRequest({
  loaded,
  production,
  source,
}: {
  loaded: Loaded<{ order: OrderDetail }> | null;
  /** The order in production, once accepted (the route shows the fulfilment feature's controls). */
  production?: (order: OrderDetail, onChange: (order: OrderDetail) => void) => ReactNode;
  /** Where the request came from (the route shows the selections' "from selection X (link for Y)"). */
  source?: (order: OrderDetail) => ReactNode;
}) {
  const { t, i18n } = useTranslation('quotes');
  const { data, error, isLoading, reload } = useLoadedQuery(loaded);
  const [order, setOrder] = useState<OrderDetail | null>(data?.order ?? null);
  useEffect(() => setOrder(data?.order ?? null), [data]);

  const back = (
    <PrefixedLink to="/orderlist" className="text-sm text-brand-900 underline print:hidden">
      {t('request.backAdmin')}
    </PrefixedLink>
  );
  if (error)
    return (
      <div className="space-y-4">
        {back}
        <LoadError
          message={error.status === 404 ? t('request.notFound') : t('request.failed')}
          detail={error.message}
          onRetry={reload}
          retryLabel={t('request.retry')}
        />
      </div>
    );
  if (isLoading || !order) return <Spinner size="lg" label={t('request.loading')} className="w-full py-16" />;
  const href = quotationHref(order.excelFilePath);
  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-serif text-3xl text-brand-900">
          {t('request.title', { orderId: order.orderId })}
        </h1>
        <StatusBadge status={order.status} overdue={order.overdue} />
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t('request.buyer')}</dt>
        <dd>
          {order.firstName}
          {order.companyName ? `, ${order.companyName}` : ''} ·{' '}
          <a className="text-brand-700 underline" href={`mailto:${order.email}`}>
            {order.email}
          </a>{' '}
          · {order.contactNumber}
        </dd>
        <dt className="font-semibold">{t('request.country')}</dt>
        <dd>
          <CountryCell code={order.country} />
        </dd>
        <dt className="font-semibold">{t('request.received')}</dt>
        <dd>{formatDateTime(order.createdAt, i18n.language)}</dd>
        {order.message ? (
          <>
            <dt className="font-semibold">{t('request.message')}</dt>
            <dd className="whitespace-pre-line">{order.message}</dd>
          </>
        ) : null}
      </dl>
      {source ? source(order) : null}
      <section aria-labelledby="request-lines" className="space-y-2">
        <h2 id="request-lines" className="font-serif text-xl text-brand-900">
          {t('request.lines')}
        </h2>
        <QuoteLines lines={order.orderDetails} quote={order.quote} />
        {href ? (
          <a href={href} download className="inline-block text-sm font-medium text-brand-700 underline">
            {t('quote.workbook')}
          </a>
        ) : null}
        {order.revisions.some((r) => r.sentAt) ? (
          <div className="flex flex-wrap gap-3">
            <QuoteDownload id={order._id} orderId={order.orderId} />
            {order.status === 'accepted' ? <ProformaDownload id={order._id} orderId={order.orderId} /> : null}
          </div>
        ) : null}
      </section>
      {production ? production(order, setOrder) : null}
      <QuoteEditor order={order} onChange={setOrder} />
      <RequestHistory history={order.history} />
      <CommentThread orderId={order._id} />
    </div>
  );
}
