import { AppError, type ErrorIssue } from '@catalogue/shared/errors';
import {
  decideTaxRegime,
  GST_JEWELLERY_PCT,
  isExport,
  lineTotalOf,
  priceLine,
  PricingError,
  quoteTotals,
  type CostingValue,
  type Metal,
  type RateUsed,
  type TaxRegime,
} from '@catalogue/shared/schemas/pricing';
import type { QuoteRevision, SaveQuoteBody } from '@catalogue/shared/schemas/quotation';
import type { RateBook } from '../pricing/index.ts';
import type {
  FxSnapshot,
  LinePricing,
  RevisionLineRow,
  RevisionPricingRow,
  RevisionRow,
} from './quotation-rows.ts';
import { matchLines, type RequestLine } from './quote-pricing.ts';

export type PricedDraft = { lines: RevisionLineRow[]; total: number; pricing: RevisionPricingRow };

const ratesOf = (book: RateBook) => {
  const rates: Partial<Record<Metal, number>> = {};
  for (const [metal, rate] of book.rates) rates[metal] = rate.perKgFine;
  return rates;
};

const snapshotOf = (book: RateBook, metal: Metal): RateUsed => {
  const r = book.rates.get(metal)!;
  return { metal, perKgFine: r.perKgFine, source: r.source, effectiveAt: r.effectiveAt };
};

function fxSnapshot(book: RateBook, currency: string): FxSnapshot | null {
  if (currency === 'INR') return null;
  const fx = book.fx.get(currency);
  return fx
    ? { currency: fx.currency, inrPerUnit: fx.inrPerUnit, effectiveAt: fx.effectiveAt, setBy: fx.setBy }
    : null;
}

/**
 * A draft's lines priced: each line at the price the admin gave, or, without one, at the suggested
 * price from its design's costing at today's rates (converted to the quote's currency, the price
 * break its quantity reaches applied); one-off charges added to the line; the taxes of the regime
 * (given, or decided from the buyer's country) on each line. A price that differs from the
 * suggested one needs a reason. 400 naming the line when a line has neither.
 */
export function priceDraft(
  requested: readonly RequestLine[],
  body: SaveQuoteBody,
  context: { book: RateBook; costings: Map<string, CostingValue>; buyerCountry: string },
): PricedDraft {
  const regime = body.taxRegime ?? decideTaxRegime({ country: context.buyerCountry });
  const fx = fxSnapshot(context.book, body.currency);
  const rates = ratesOf(context.book);
  const snapshots = new Map<Metal, RateUsed>();
  const issues: ErrorIssue[] = [];
  const pairs = matchLines(requested, body.lines);
  const priced = pairs.map(({ line, priced: input, index }) => {
    const costing = line.productId ? (context.costings.get(line.productId) ?? null) : null;
    const charges = input.charges ?? [];
    let suggestion: ReturnType<typeof priceLine> | null = null;
    let unpriced = costing ? '' : `${line.sku} has no costing`;
    if (costing && body.currency !== 'INR' && !fx) unpriced = `no exchange rate is set for ${body.currency}`;
    else if (costing) {
      try {
        suggestion = priceLine(
          { costing, quantity: line.quantity, charges },
          { rates, exported: isExport(regime), inrPerUnit: fx?.inrPerUnit ?? null },
        );
        if (costing.pricingMode === 'metal_linked' && costing.metal)
          snapshots.set(costing.metal, snapshotOf(context.book, costing.metal));
      } catch (error) {
        if (!(error instanceof PricingError)) throw error;
        unpriced = error.message;
      }
    }
    let unitPrice = input.unitPrice;
    if (unitPrice === undefined) {
      if (suggestion) unitPrice = suggestion.unitPrice;
      else
        issues.push({
          path: `lines.${index}.unitPrice`,
          message: `lines.${index}.unitPrice is required: no suggested price for ${line.sku} (${unpriced})`,
        });
    }
    // A price apart from the suggested one is the admin's to set; its reason (when given) is kept
    // beside it. It is not required: a quote typed by hand, as before costings, still saves.
    const chargesTotal = charges.reduce((sum, c) => sum + c.amount, 0);
    const price = unitPrice ?? 0;
    const row: RevisionLineRow = {
      position: line.position,
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      imageUrl: line.imageUrl,
      mediaId: line.mediaId,
      quantity: line.quantity,
      unitPrice: price,
      moq: input.moq ?? costing?.moq ?? 1,
      note: input.note,
      lineTotal: lineTotalOf(price, line.quantity, chargesTotal),
    };
    const pricing: LinePricing = {
      position: line.position,
      suggestedUnitPrice: suggestion?.unitPrice ?? null,
      breakdown: suggestion?.breakdown ?? null,
      overrideReason: suggestion && price !== suggestion.unitPrice ? (input.overrideReason ?? '') : '',
      hsn: costing?.hsn ?? null,
      gstPct: costing?.gstPct ?? GST_JEWELLERY_PCT,
      priceBreaks: costing?.priceBreaks ?? [],
      charges,
      chargeableWeightMg:
        suggestion && costing?.pricingMode === 'metal_linked' ? suggestion.chargeableWeightMg : null,
      costing,
      previousUnitPrice: null,
    };
    return { row, pricing };
  });
  if (issues.length) throw new AppError('BAD_REQUEST', issues[0]!.message, issues);
  if (body.rateValidUntil && body.validUntil && Date.parse(body.rateValidUntil) > Date.parse(body.validUntil))
    throw new AppError('BAD_REQUEST', 'rateValidUntil must not be after validUntil', [
      { path: 'rateValidUntil', message: 'rateValidUntil must not be after validUntil' },
    ]);
  return assemble(
    priced.map((p) => p.row),
    priced.map((p) => p.pricing),
    {
      rateSnapshots: [...snapshots.values()],
      fx,
      rateValidUntil: body.rateValidUntil ? new Date(body.rateValidUntil) : null,
      showBreakdown: body.showBreakdown ?? false,
      taxRegime: regime,
      incoterm: body.incoterm ?? null,
      namedPlace: body.namedPlace ?? '',
      paymentTerms: body.paymentTerms ? { ...body.paymentTerms } : null,
      sampleTerms: body.sampleTerms ?? '',
    },
  );
}

function assemble(
  lines: RevisionLineRow[],
  pricingLines: LinePricing[],
  head: Omit<RevisionPricingRow, 'tax' | 'grandTotal' | 'lines'>,
): PricedDraft {
  const totals = quoteTotals(
    lines.map((l, i) => ({ lineTotal: l.lineTotal, gstPct: pricingLines[i]!.gstPct })),
    head.taxRegime,
  );
  return {
    lines,
    total: totals.total,
    pricing: { ...head, tax: totals.tax, grandTotal: totals.grandTotal, lines: pricingLines },
  };
}

/**
 * The next revision at today's rates, changing only the metal parts: each metal-linked line is
 * re-priced from the costing it was priced with at the new rate (same exchange rate, same price
 * break), and its unit price moves by exactly the change of its suggested price, so an override
 * keeps its difference; every other line, charge, term and note stays as it was.
 */
export function requoteDraft(
  sent: RevisionRow,
  was: RevisionPricingRow,
  book: RateBook,
): PricedDraft & { changed: number } {
  const rates = ratesOf(book);
  const snapshots = new Map<Metal, RateUsed>();
  let changed = 0;
  const byPosition = new Map(was.lines.map((l) => [l.position, l]));
  const rows: RevisionLineRow[] = [];
  const pricingLines: LinePricing[] = [];
  for (const line of sent.lines) {
    const old = byPosition.get(line.position);
    let unitPrice = line.unitPrice;
    let next: LinePricing = old
      ? { ...old, previousUnitPrice: line.unitPrice }
      : emptyLinePricing(line.position, line.unitPrice);
    const costing = old?.costing;
    if (
      old &&
      costing?.pricingMode === 'metal_linked' &&
      costing.metal &&
      rates[costing.metal] != null &&
      old.suggestedUnitPrice != null
    ) {
      const repriced = priceLine(
        { costing, quantity: line.quantity, charges: old.charges },
        { rates, exported: isExport(was.taxRegime), inrPerUnit: was.fx?.inrPerUnit ?? null },
      );
      unitPrice = Math.max(0, line.unitPrice + repriced.unitPrice - old.suggestedUnitPrice);
      snapshots.set(costing.metal, snapshotOf(book, costing.metal));
      next = { ...next, suggestedUnitPrice: repriced.unitPrice, breakdown: repriced.breakdown };
      if (unitPrice !== line.unitPrice) changed++;
    }
    const chargesTotal = next.charges.reduce((sum, c) => sum + c.amount, 0);
    rows.push({ ...line, unitPrice, lineTotal: lineTotalOf(unitPrice, line.quantity, chargesTotal) });
    pricingLines.push(next);
  }
  // A metal whose rate is missing today keeps its old snapshot.
  for (const s of was.rateSnapshots) if (!snapshots.has(s.metal)) snapshots.set(s.metal, s);
  return {
    ...assemble(rows, pricingLines, {
      rateSnapshots: [...snapshots.values()],
      fx: was.fx,
      rateValidUntil: null,
      showBreakdown: was.showBreakdown,
      taxRegime: was.taxRegime,
      incoterm: was.incoterm,
      namedPlace: was.namedPlace,
      paymentTerms: was.paymentTerms,
      sampleTerms: was.sampleTerms,
    }),
    changed,
  };
}

const emptyLinePricing = (position: number, previousUnitPrice: number | null): LinePricing => ({
  position,
  suggestedUnitPrice: null,
  breakdown: null,
  overrideReason: '',
  hsn: null,
  gstPct: GST_JEWELLERY_PCT,
  priceBreaks: [],
  charges: [],
  chargeableWeightMg: null,
  costing: null,
  previousUnitPrice,
});

/** A revision written before pricing existed: priced by hand, no tax, no snapshots. */
export function handPricing(row: RevisionRow, taxRegime: TaxRegime): RevisionPricingRow {
  return {
    rateSnapshots: [],
    fx: null,
    rateValidUntil: null,
    showBreakdown: false,
    taxRegime,
    tax: { cgst: 0, sgst: 0, igst: 0 },
    grandTotal: row.total,
    incoterm: null,
    namedPlace: '',
    paymentTerms: null,
    sampleTerms: '',
    lines: row.lines.map((l) => emptyLinePricing(l.position, null)),
  };
}

/** The pricing fields of a revision as the API answers them: breakdowns to a buyer only if shown. */
export function pricingJson(
  row: RevisionRow,
  pricing: RevisionPricingRow | undefined,
  isAdmin: boolean,
): {
  head: Pick<
    QuoteRevision,
    | 'rateSnapshots'
    | 'fx'
    | 'rateValidUntil'
    | 'showBreakdown'
    | 'taxRegime'
    | 'tax'
    | 'grandTotal'
    | 'incoterm'
    | 'namedPlace'
    | 'paymentTerms'
    | 'sampleTerms'
  >;
  line: (
    position: number,
  ) => Omit<
    QuoteRevision['lines'][number],
    'productId' | 'sku' | 'name' | 'imageUrl' | 'quantity' | 'unitPrice' | 'moq' | 'note' | 'lineTotal'
  >;
} {
  const p = pricing ?? handPricing(row, 'export_lut');
  const byPosition = new Map(p.lines.map((l) => [l.position, l]));
  const showBreakdown = isAdmin || p.showBreakdown;
  return {
    head: {
      rateSnapshots: p.rateSnapshots,
      fx: p.fx,
      rateValidUntil: p.rateValidUntil ? new Date(p.rateValidUntil).toISOString() : null,
      showBreakdown: p.showBreakdown,
      taxRegime: pricing ? p.taxRegime : null,
      tax: p.tax,
      grandTotal: p.grandTotal,
      incoterm: p.incoterm,
      namedPlace: p.namedPlace,
      paymentTerms: p.paymentTerms,
      sampleTerms: p.sampleTerms,
    },
    line: (position) => {
      const l = byPosition.get(position) ?? emptyLinePricing(position, null);
      return {
        suggestedUnitPrice: isAdmin ? l.suggestedUnitPrice : null,
        ...(showBreakdown ? { breakdown: l.breakdown } : {}),
        ...(isAdmin ? { overrideReason: l.overrideReason, previousUnitPrice: l.previousUnitPrice } : {}),
        hsn: l.hsn,
        priceBreaks: l.priceBreaks,
        charges: l.charges,
        chargeableWeightMg: l.chargeableWeightMg,
      };
    },
  };
}
