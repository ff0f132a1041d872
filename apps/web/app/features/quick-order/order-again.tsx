import { useEffect, useId, useState } from 'react';
import { MAX_QUANTITY, MIN_QUANTITY } from '@catalogue/shared/domain/limits';
import { minorToMajor } from '@catalogue/shared/domain/quotation';
import { useTranslation } from '~/lib/i18n';
import { apiRequest, serverReason } from '~/lib/api-client';
import { Button } from '~/components/ui/button';
import { LoadError, Notice } from '~/components/ui/notice';
import { Spinner } from '~/components/ui/spinner';

/** A line of `POST /api/orders/{id}/again`. */
export type AgainLine = {
  productId: string | null;
  code: string;
  name: string;
  quantity: number;
  lastQuotedUnitPrice: number | null;
  currency: string | null;
  available: boolean;
};

/** Minor units as major ones with two decimals and the currency's code ("INR 2,53,749.00"), as quotes show them. */
function money(minor: number, currency: string): string {
  const [whole = '0', cents = '00'] = minorToMajor(Math.abs(minor)).split('.');
  const grouped =
    currency === 'INR' && whole.length > 3
      ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}`
      : whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${minor < 0 ? '-' : ''}${grouped}.${cents}`;
}

/**
 * "Request again": a past request's lines with the price last quoted for each, deleted designs
 * flagged (and left out), quantities editable; confirming hands the available lines on.
 */
export function OrderAgain({
  orderId,
  onConfirm,
}: {
  orderId: string;
  onConfirm: (lines: { productId: string; pieces: number }[]) => Promise<void>;
}) {
  const { t } = useTranslation('quick-order');
  const ids = useId();
  const [lines, setLines] = useState<(AgainLine & { count: number | '' })[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setLoadError(null);
    apiRequest<{ lines: AgainLine[] }>(`/orders/${encodeURIComponent(orderId)}/again`, { method: 'POST' })
      .then((answer) => {
        if (isCurrent) setLines(answer.lines.map((l) => ({ ...l, count: l.quantity })));
      })
      .catch((caught: unknown) => {
        if (isCurrent) setLoadError(serverReason(caught, t('againFailed')));
      });
    return () => {
      isCurrent = false;
    };
  }, [orderId, attempt, t]);

  if (loadError)
    return (
      <LoadError
        message={t('againFailed')}
        detail={loadError}
        onRetry={() => setAttempt((n) => n + 1)}
        retryLabel={t('retry')}
      />
    );
  if (!lines) return <Spinner size="lg" label={t('againLoading')} className="w-full py-16" />;

  const available = lines.filter((l) => l.available && l.productId);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(
        available.map((l) => ({ productId: l.productId!, pieces: l.count === '' ? MIN_QUANTITY : l.count })),
      );
    } catch (caught) {
      setError(serverReason(caught, t('addFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <ul
        aria-label={t('againHeading')}
        className="divide-y divide-gray-200 rounded-md border border-gray-200 bg-white"
      >
        {lines.map((line, index) => (
          <li
            key={`${index}-${line.code}`}
            className="flex flex-wrap items-center gap-3 p-3"
            data-available={line.available}
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">
                {line.code} <span className="font-normal">{line.name}</span>
              </p>
              <p className="text-sm text-gray-700">
                {t('lastPrice')}:{' '}
                {line.lastQuotedUnitPrice !== null && line.currency
                  ? money(line.lastQuotedUnitPrice, line.currency)
                  : t('notQuoted')}
              </p>
              {!line.available ? (
                <p className="text-sm font-semibold text-red-800">{t('unavailable')}</p>
              ) : null}
            </div>
            {line.available ? (
              <div className="flex items-center gap-2">
                <label htmlFor={`${ids}-${index}`} className="text-sm text-gray-700">
                  {t('piecesLabel', { code: line.code })}
                </label>
                <input
                  id={`${ids}-${index}`}
                  type="number"
                  inputMode="numeric"
                  min={MIN_QUANTITY}
                  max={MAX_QUANTITY}
                  value={line.count}
                  onChange={(event) => {
                    // '' while the buyer types a new number; otherwise within 1…10,000.
                    const typed = event.target.value;
                    const count: number | '' =
                      typed === ''
                        ? ''
                        : Math.min(
                            MAX_QUANTITY,
                            Math.max(MIN_QUANTITY, Math.round(Number(typed) || MIN_QUANTITY)),
                          );
                    setLines((current) => (current ?? []).map((l, i) => (i === index ? { ...l, count } : l)));
                  }}
                  className="min-h-10 w-24 rounded-md border border-gray-400 px-2 text-sm"
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? <Notice tone="error" text={t('addFailed')} detail={error} /> : null}
      <Button onClick={() => void confirm()} disabled={busy || available.length === 0}>
        {busy ? t('confirming') : t('confirm', { count: available.length })}
      </Button>
    </div>
  );
}
