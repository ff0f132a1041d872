import { formatMoney } from '@catalogue/shared/domain/quotation';
import type { TaxRegime } from '@catalogue/shared/domain/pricing';
import type { RevisionPricingRow } from './quotation-rows.ts';
import { QUOTE_LABELS } from './quote-pdf.ts';

/** The tax regimes as the buyer's request page names them (`quote-pricing` texts). */
export const REGIME_WORDS: Record<TaxRegime, string> = {
  intra_state: 'Within Rajasthan: CGST and SGST',
  inter_state: 'To another state: IGST',
  export_lut: 'Export under LUT: zero-rated',
  export_igst: 'Export with IGST paid',
};

/** The pricing a quote's terms are read from; a revision priced by hand has none. */
export type TermsPricing = Pick<
  RevisionPricingRow,
  'taxRegime' | 'tax' | 'grandTotal' | 'incoterm' | 'namedPlace' | 'paymentTerms' | 'sampleTerms'
> & { rateValidUntil: Date | string | null };

const LABELS = QUOTE_LABELS.en;

/** An instant as the mails and workbook write it: YYYY-MM-DD HH:MM UTC. */
const instant = (value: Date | string) =>
  `${new Date(value).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * A sent quote's taxes and terms as labelled facts, in English, in the order the quote PDF and the
 * buyer's request page give them: the tax regime (with the LUT declaration of a zero-rated export),
 * each tax that applies, the grand total, the Incoterm and named place, the payment terms (deposit
 * and when the balance is due), the lead time, the sample terms and until when the metal rate holds.
 * The e-mail of a sent quote and the quotation workbook carry these same facts.
 */
export function quoteTermFacts(
  quote: { currency: string; leadTimeDays: number },
  pricing: TermsPricing | null | undefined,
  /** How amounts are written (default `INR 1,23,456.50`). */
  money: (minor: number) => string = (minor) => formatMoney(minor, quote.currency),
): { taxes: [string, string][]; terms: [string, string][] } {
  const taxes: [string, string][] = [];
  const terms: [string, string][] = [];
  if (pricing) {
    const regime = pricing.taxRegime;
    taxes.push([
      'Tax',
      regime === 'export_lut' ? `${REGIME_WORDS[regime]}. ${LABELS.lut}` : REGIME_WORDS[regime],
    ]);
    if (regime === 'intra_state')
      taxes.push([LABELS.cgst, money(pricing.tax.cgst)], [LABELS.sgst, money(pricing.tax.sgst)]);
    if (regime === 'inter_state' || regime === 'export_igst')
      taxes.push([LABELS.igst, money(pricing.tax.igst)]);
    taxes.push([LABELS.grandTotal, money(pricing.grandTotal)]);
    if (pricing.incoterm) terms.push([LABELS.incoterm, `${pricing.incoterm} ${pricing.namedPlace}`.trim()]);
    if (pricing.paymentTerms) {
      const p = pricing.paymentTerms;
      const text = LABELS.deposit(p.depositPct, LABELS.balance[p.balance]);
      terms.push([LABELS.paymentTerms, p.note ? `${text}. ${p.note}` : text]);
    }
  }
  terms.push([LABELS.leadTime, `${quote.leadTimeDays} ${LABELS.days}`]);
  if (pricing?.sampleTerms) terms.push([LABELS.samples, pricing.sampleTerms]);
  if (pricing?.rateValidUntil) terms.push([LABELS.rateValidUntil, instant(pricing.rateValidUntil)]);
  return { taxes, terms };
}
