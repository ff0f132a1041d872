import { costingSchema } from '@catalogue/shared/schemas/pricing';
import { EXAMPLE_A_COSTING } from '@catalogue/shared/domain/worked-examples';
import type { SaveQuoteBody } from '@catalogue/shared/schemas/quotation';
import { priceDraft, type RequestLine } from '../../apps/server/src/modules/orders/index.ts';
import type { RateBook } from '../../apps/server/src/modules/pricing/index.ts';
import { percentile } from './stats.ts';

/**
 * A quote's pricing measured in this process: the server's `priceDraft` on `lines` designs, half
 * costed as the pricing rules' worked example A (metal-linked sterling silver), half as example B
 * (brass, per piece, a price break on every third), at one silver rate and one US$ rate, with the
 * export terms. Budget: a 500-line quote priced in at most 50 ms (p95).
 */
export const QUOTE_PRICING_LINES = 500;
export const QUOTE_PRICING_BUDGET_MS = 50;

export type QuotePricingResult = {
  lines: number;
  rounds: number;
  priced: number;
  medianMs: number;
  p95Ms: number;
};

/** Example A (metal-linked sterling silver), its weight and stones varied by design. */
export const metalLinked = (i: number) => ({
  ...EXAMPLE_A_COSTING,
  netWeightMg: 2_000 + (i % 40) * 125,
  stones: [{ kind: 'CZ', count: 1 + (i % 5), rate: 450, basis: 'per_piece' }],
});

/** Example B's shape (brass, per piece), with a price break from 288 pieces on every third design. */
export const perPiece = (i: number) => ({
  pricingMode: 'per_piece',
  making: { basis: 'per_piece', value: 3000 + (i % 20) * 50 },
  stones: [{ kind: 'CZ', count: 12, rate: 125, basis: 'per_piece' }],
  platingPerPiece: 2200,
  extrasPerPiece: [{ kind: 'packaging', amount: 500 }],
  hsn: '71179010',
  gstPct: 3,
  priceBreaks: i % 3 === 0 ? [{ minQty: 288, unitPrice: 7600 }] : [],
});

/** `priceDraft` on `lines` designs costed as above, at the same rates: median and p95 of `rounds`. */
export function pricingInProcess(lines: number, rounds: number): QuotePricingResult {
  const costings = new Map(
    Array.from({ length: lines }, (_, i) => [
      `design-${i}`,
      costingSchema.parse(i % 2 ? perPiece(i) : metalLinked(i)),
    ]),
  );
  const requested = Array.from({ length: lines }, (_, i): RequestLine => ({
    position: i,
    productId: `design-${i}`,
    sku: `CODE-${i}`,
    name: `Design ${i}`,
    imageUrl: null,
    mediaId: null,
    quantity: 12 + (i % 300),
  }));
  const effectiveAt = new Date().toISOString();
  const book: RateBook = {
    rates: new Map([
      [
        'silver',
        {
          metal: 'silver',
          fineness: 999,
          perKgFine: 9_500_000,
          unitShown: 'INR/kg',
          source: 'IBJA',
          effectiveAt,
          setBy: null,
        },
      ],
    ]),
    fx: new Map([['USD', { currency: 'USD', inrPerUnit: 8450, source: 'RBI', effectiveAt, setBy: null }]]),
  } as RateBook;
  const body = {
    version: 1,
    currency: 'USD',
    incoterm: 'FOB',
    namedPlace: 'Mumbai',
    leadTimeDays: 30,
    lines: requested.map((l) => ({ productId: l.productId! })),
  } as SaveQuoteBody;
  const times: number[] = [];
  let priced = 0;
  for (let i = 0; i < rounds + 3; i++) {
    const started = performance.now();
    const draft = priceDraft(requested, body, { book, costings, buyerCountry: 'US' });
    const ms = performance.now() - started;
    if (i >= 3) times.push(ms);
    priced = draft.lines.filter((l) => l.unitPrice > 0).length;
  }
  return { lines, rounds, priced, medianMs: percentile(times, 50), p95Ms: percentile(times, 95) };
}
