import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import type { QuoteRevision } from '@catalogue/shared/schemas/quotation';
import { Button } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import { apiRequest, serverReason } from '~/lib/api-client';
import { formatDateTime } from '~/lib/format-date';
import { formatMoney } from './quote-format';

const PARTS = ['metal', 'making', 'stones', 'setting', 'plating', 'extras'] as const;
const TH = 'px-3 py-1 text-left text-sm font-semibold text-ink';
const TD = 'px-3 py-1 text-sm text-ink';

/**
 * A priced quote's taxes and terms: the total before tax, CGST + SGST or IGST (or the LUT
 * declaration of a zero-rated export), the grand total, Incoterm and named place, payment terms,
 * sample terms and until when the metal rate holds. Amounts are the server's; a revision priced
 * before taxes existed (no regime) shows none of it.
 */
export function QuoteTaxAndTerms({ quote, now = Date.now() }: { quote: QuoteRevision; now?: number }) {
  const { t, i18n } = useTranslation('quote-pricing');
  const money = (minor: number) => formatMoney(minor, quote.currency);
  const tax = quote.tax ?? { cgst: 0, sgst: 0, igst: 0 };
  const regime = quote.taxRegime ?? null;
  const terms = quote.paymentTerms ?? null;
  const rateUntil = quote.rateValidUntil ?? null;
  if (!regime && !quote.incoterm && !terms && !rateUntil && !quote.sampleTerms) return null;
  const rows: [string, string][] = [];
  if (regime) {
    rows.push([t('total'), money(quote.total)]);
    if (regime === 'intra_state') {
      rows.push([t('cgst'), money(tax.cgst)], [t('sgst'), money(tax.sgst)]);
    } else if (regime === 'inter_state' || regime === 'export_igst') {
      rows.push([t('igst'), money(tax.igst)]);
    }
  }
  return (
    <section aria-labelledby="quote-tax" className="space-y-2 rounded-md border border-gray-200 p-4">
      <h3 id="quote-tax" className="font-semibold">
        {t('taxHeading')}
      </h3>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {regime ? (
          <>
            <dt className="sr-only">{t('taxHeading')}</dt>
            <dd className="col-span-2 text-gray-700">
              {t(`regime.${regime}`)}
              {regime === 'export_lut' ? <span className="block italic text-ink">{t('lut')}</span> : null}
            </dd>
          </>
        ) : null}
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="text-right whitespace-nowrap sm:text-left">{value}</dd>
          </div>
        ))}
        {regime ? (
          <div className="contents">
            <dt className="font-semibold">{t('grandTotal')}</dt>
            <dd className="text-right font-semibold whitespace-nowrap sm:text-left">
              {money(quote.grandTotal ?? quote.total)}
            </dd>
          </div>
        ) : null}
        {quote.incoterm ? (
          <div className="contents">
            <dt className="font-semibold">{t('incoterm')}</dt>
            <dd>{t('incotermValue', { incoterm: quote.incoterm, place: quote.namedPlace ?? '' }).trim()}</dd>
          </div>
        ) : null}
        {terms ? (
          <div className="contents">
            <dt className="font-semibold">{t('paymentTerms')}</dt>
            <dd>
              {t('deposit', { pct: terms.depositPct, balance: t(`balance.${terms.balance}`) })}
              {terms.note ? <span className="block whitespace-pre-line">{terms.note}</span> : null}
            </dd>
          </div>
        ) : null}
        {quote.sampleTerms ? (
          <div className="contents">
            <dt className="font-semibold">{t('sampleTerms')}</dt>
            <dd className="whitespace-pre-line">{quote.sampleTerms}</dd>
          </div>
        ) : null}
        {rateUntil ? (
          <div className="contents">
            <dt className="font-semibold">{t('rateValidUntil')}</dt>
            <dd>
              {Date.parse(rateUntil) <= now
                ? t('rateExpiredOn', { date: formatDateTime(rateUntil, i18n.language) })
                : formatDateTime(rateUntil, i18n.language)}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * Each line's price of one piece by part (metal, making, stones, setting, plating, extras; INR
 * paise), shown only when the revision says the buyer sees it and the server sent it.
 */
export function LineBreakdowns({ quote }: { quote: QuoteRevision }) {
  const { t } = useTranslation('quote-pricing');
  const lines = quote.lines.filter((l) => l.breakdown);
  if (!quote.showBreakdown || lines.length === 0) return null;
  return (
    <section aria-labelledby="quote-breakdown" className="space-y-2">
      <h3 id="quote-breakdown" className="font-semibold">
        {t('breakdownHeading')}
      </h3>
      <div className="overflow-x-auto rounded-md border border-gray-200" tabIndex={0}>
        <table className="min-w-full divide-y divide-gray-200">
          <caption className="sr-only">{t('breakdownCaption')}</caption>
          <thead className="bg-brand-50">
            <tr>
              <th scope="col" className={TH}>
                {t('item')}
              </th>
              {PARTS.map((p) => (
                <th key={p} scope="col" className={`${TH} text-right`}>
                  {t(`part.${p}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {lines.map((line, i) => (
              <tr key={`${line.sku}-${i}`}>
                <th scope="row" className={TH}>
                  {line.sku}
                </th>
                {PARTS.map((p) => (
                  <td key={p} className={`${TD} text-right whitespace-nowrap`}>
                    {formatMoney(line.breakdown![p], 'INR')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * Said when accepting answered 409 RATE_EXPIRED: why the quote cannot be accepted, and a button
 * that asks the business for a re-quote through the request's comments (which mail the admins).
 */
export function RateExpiredNotice({
  orderId,
  revision,
  onAsked,
}: {
  orderId: string;
  revision: number;
  onAsked?: () => void;
}) {
  const { t } = useTranslation('quote-pricing');
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function ask() {
    setBusy(true);
    setProblem(null);
    try {
      await apiRequest(`/orders/${encodeURIComponent(orderId)}/comments`, {
        method: 'POST',
        json: { text: t('requoteComment', { revision }) },
      });
      setAsked(true);
      onAsked?.();
    } catch (reason) {
      setProblem(serverReason(reason, t('askFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4">
      <p className="font-semibold">{t('expiredTitle')}</p>
      <p className="text-sm">{t('expiredText')}</p>
      {problem ? <Notice tone="error" text={problem} /> : null}
      {asked ? (
        <Notice tone="success" text={t('asked')} />
      ) : (
        <Button disabled={busy} onClick={() => void ask()}>
          {busy ? t('asking') : t('askRequote')}
        </Button>
      )}
    </div>
  );
}
