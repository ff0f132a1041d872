/**
 * How a piece of jewellery is priced (docs/pricing.md). Pure and exact: every amount is an integer
 * in minor units (paise for the costing, the quote's currency for a quote), weights are integer
 * milligrams, metal rates integer paise per kilogram of fine metal, percentages at most two
 * decimals (held as hundredths of a per cent). Intermediate products are BigInt, so nothing is ever
 * rounded but where the rules say: each component of a unit price is rounded half up to the paisa,
 * the unit price is the sum of the rounded components, a conversion to another currency is rounded
 * half up on the unit price, and every total is an exact sum of what is shown.
 */

export const METALS = ['silver', 'gold', 'platinum', 'brass', 'copper'] as const;
export type Metal = (typeof METALS)[number];

export const PRICING_MODES = ['metal_linked', 'per_piece'] as const;
export type PricingMode = (typeof PRICING_MODES)[number];

export const MAKING_BASES = ['per_gram', 'per_piece', 'pct_of_metal', 'per_stone'] as const;
export type MakingBasis = (typeof MAKING_BASES)[number];

export const STONE_BASES = ['per_piece', 'per_carat'] as const;
export type StoneBasis = (typeof STONE_BASES)[number];

export const EXTRA_KINDS = ['hallmarking', 'packaging', 'labels', 'other'] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];

export const CHARGE_KINDS = ['sample', 'mould', 'cad', 'other'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

export const TAX_REGIMES = ['intra_state', 'inter_state', 'export_lut', 'export_igst'] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

/** Fineness per mille that the trade names. */
export const FINENESS_NAMES: Record<number, string> = {
  999: '999 fine',
  925: '925 sterling',
  916: '916 (22K)',
  750: '750 (18K)',
  585: '585 (14K)',
};

/** GST on jewellery (HSN 7113, 7117): 3% of the whole value. Job work (SAC 9988): 5%. */
export const GST_JEWELLERY_PCT = 3;
export const GST_JOB_WORK_PCT = 5;

/** The business's own state for GST: Rajasthan, GST state code 08. */
export const BUSINESS_GST_STATE = { code: '08', name: 'Rajasthan' } as const;

/** Grams in one troy ounce: 31.1035. */
export const TROY_OUNCE_MG = 31_103.5;

export type Stone = {
  kind: string;
  count?: number | undefined;
  /** Thousandths of a carat (1.250 ct = 1250). */
  caratsMilli?: number | undefined;
  /** Paise per piece or per carat, by `basis`. */
  rate: number;
  basis: StoneBasis;
  /** Stones the buyer supplies: only `handlingPct` of their value is charged. */
  suppliedByBuyer?: boolean | undefined;
  handlingPct?: number | undefined;
};

export type Making = {
  basis: MakingBasis;
  /** Paise per gram of net weight, per piece or per stone; a percentage for `pct_of_metal`. */
  value: number;
  /** With `per_gram`: a design lighter than this pays `perPieceBelowThreshold` instead. */
  thresholdMg?: number | undefined;
  perPieceBelowThreshold?: number | undefined;
};

export type PriceBreak = { minQty: number; unitPrice: number };

/** A design's costing, as `GET/PUT /api/products/admin/{id}/costing` carries it (INR paise). */
export type Costing = {
  pricingMode: PricingMode;
  metal?: Metal | undefined;
  /** Per mille. */
  fineness?: number | undefined;
  netWeightMg?: number | undefined;
  wastagePct?: number | undefined;
  making: Making;
  stones: Stone[];
  settingPerStone?: number | undefined;
  platingPerPiece?: number | undefined;
  extrasPerPiece: { kind: ExtraKind; amount: number }[];
  hsn?: string | undefined;
  gstPct?: number | undefined;
  moq?: number | undefined;
  casePack?: number | undefined;
  priceBreaks: PriceBreak[];
};

export type Breakdown = {
  metal: number;
  making: number;
  stones: number;
  setting: number;
  plating: number;
  extras: number;
};

export type UnitPrice = {
  /** INR paise: the sum of the rounded components. */
  unitPrice: number;
  breakdown: Breakdown;
  /** Net weight with wastage, whole milligrams (0 for a per-piece design). */
  chargeableWeightMg: number;
  /** The paise per kg of fine metal used, null for a per-piece design. */
  perKgFine: number | null;
};

export type PricingContext = {
  /** Current rates: paise per kilogram of fine metal, by metal. */
  rates: Partial<Record<Metal, number>>;
  /** Exports carry no hallmarking charge. */
  exported: boolean;
};

export class PricingError extends Error {
  constructor(
    readonly code: 'NO_RATE' | 'BAD_COSTING',
    message: string,
  ) {
    super(message);
  }
}

/** Rounds a non-negative fraction half up: ⌊n/d + ½⌋. */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('roundHalfUp takes a non-negative fraction');
  return (2n * numerator + denominator) / (2n * denominator);
}

/** A percentage with at most two decimals (8, 8.5, 12.25) as hundredths of a per cent (800, 850, 1225). */
export function pctToHundredths(pct: number): bigint {
  const hundredths = Math.round(pct * 100);
  if (!Number.isFinite(pct) || pct < 0 || Math.abs(hundredths - pct * 100) > 1e-6)
    throw new PricingError('BAD_COSTING', 'a percentage must be at least 0 with at most two decimals');
  return BigInt(hundredths);
}

const toNumber = (value: bigint): number => {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large');
  return Number(value);
};

const big = (value: number | undefined) => BigInt(value ?? 0);

/** Net weight with wastage, rounded half up to the milligram: 4,250 mg at 8% → 4,590 mg. */
export function chargeableWeightMg(netWeightMg: number, wastagePct: number): number {
  return toNumber(roundHalfUp(BigInt(netWeightMg) * (10_000n + pctToHundredths(wastagePct)), 10_000n));
}

/**
 * The metal of one piece: chargeable weight × fine rate per gram × fineness / 1000, in paise,
 * rounded half up. Rates are paise per kg of fine metal, weights mg: paise = mg × rate × ‰ / 10⁹.
 */
export function metalValue(chargeableMg: number, perKgFine: number, fineness: number): number {
  return toNumber(roundHalfUp(BigInt(chargeableMg) * BigInt(perKgFine) * BigInt(fineness), 1_000_000_000n));
}

const stoneCount = (stones: readonly Stone[]) => stones.reduce((sum, s) => sum + (s.count ?? 0), 0);

/** Σ stones, each at count × rate or carats × rate; a buyer's own stones at their handling %. */
function stonesValue(stones: readonly Stone[]): bigint {
  // Common denominator: thousandths of a carat × hundredths of a per cent of a hundred.
  let exact = 0n;
  for (const stone of stones) {
    const value =
      stone.basis === 'per_carat'
        ? big(stone.caratsMilli) * BigInt(stone.rate) * 1_000_000n
        : big(stone.count) * BigInt(stone.rate) * 1_000_000_000n;
    exact += stone.suppliedByBuyer ? (value * pctToHundredths(stone.handlingPct ?? 0)) / 10_000n : value;
  }
  return roundHalfUp(exact, 1_000_000_000n);
}

function makingValue(costing: Costing, metal: bigint, hasMetal: boolean): bigint {
  const { making } = costing;
  const net = big(costing.netWeightMg);
  switch (making.basis) {
    case 'per_piece':
      return BigInt(making.value);
    case 'per_stone':
      return BigInt(making.value) * BigInt(stoneCount(costing.stones));
    case 'pct_of_metal':
      return hasMetal ? roundHalfUp(metal * pctToHundredths(making.value), 10_000n) : 0n;
    case 'per_gram':
      if (making.thresholdMg != null && Number(net) < making.thresholdMg)
        return big(making.perPieceBelowThreshold);
      return roundHalfUp(net * BigInt(making.value), 1000n);
  }
}

/**
 * One piece of a design at today's rates (INR paise). A metal-linked design needs a rate for its
 * metal (PricingError `NO_RATE` otherwise); a per-piece design has no metal part.
 */
export function priceUnit(costing: Costing, context: PricingContext): UnitPrice {
  let metal = 0n;
  let chargeable = 0;
  let perKgFine: number | null = null;
  const linked = costing.pricingMode === 'metal_linked';
  if (linked) {
    if (!costing.metal || costing.fineness == null || costing.netWeightMg == null)
      throw new PricingError('BAD_COSTING', 'a metal-linked design needs its metal, fineness and net weight');
    const rate = context.rates[costing.metal];
    if (rate == null) throw new PricingError('NO_RATE', `no rate is set for ${costing.metal}`);
    perKgFine = rate;
    chargeable = chargeableWeightMg(costing.netWeightMg, costing.wastagePct ?? 0);
    metal = BigInt(metalValue(chargeable, rate, costing.fineness));
  }
  const making = makingValue(costing, metal, linked);
  const stones = stonesValue(costing.stones);
  const setting = big(costing.settingPerStone) * BigInt(stoneCount(costing.stones));
  const plating = big(costing.platingPerPiece);
  const extras = costing.extrasPerPiece.reduce(
    (sum, extra) => (extra.kind === 'hallmarking' && context.exported ? sum : sum + BigInt(extra.amount)),
    0n,
  );
  const breakdown: Breakdown = {
    metal: toNumber(metal),
    making: toNumber(making),
    stones: toNumber(stones),
    setting: toNumber(setting),
    plating: toNumber(plating),
    extras: toNumber(extras),
  };
  const unitPrice = toNumber(metal + making + stones + setting + plating + extras);
  return { unitPrice, breakdown, chargeableWeightMg: chargeable, perKgFine };
}

/** The price break the quantity reaches (the one with the highest `minQty` ≤ quantity), if any. */
export function priceBreakFor(breaks: readonly PriceBreak[], quantity: number): PriceBreak | null {
  let best: PriceBreak | null = null;
  for (const b of breaks) if (quantity >= b.minQty && (!best || b.minQty > best.minQty)) best = b;
  return best;
}

/**
 * INR paise in the quote's currency: `inrPerUnit` is paise per one unit of the currency (8450 =
 * ₹84.50 per US$1); every offered currency has 100 minor units, so minor = paise × 100 / inrPerUnit,
 * rounded half up. INR itself is unchanged.
 */
export function convertFromInr(paise: number, inrPerUnit: number | null): number {
  if (inrPerUnit == null) return paise;
  if (!Number.isSafeInteger(inrPerUnit) || inrPerUnit <= 0)
    throw new RangeError('inrPerUnit must be positive');
  return toNumber(roundHalfUp(BigInt(paise) * 100n, BigInt(inrPerUnit)));
}

export type Charge = { kind: ChargeKind; amount: number };

export type LineInput = {
  costing: Costing;
  quantity: number;
  /** One-off charges of the line (sample, mould, CAD), in the quote's currency. */
  charges?: readonly Charge[];
};

export type PricedLine = {
  /** The computed piece price in INR paise, before any price break. */
  computedInr: number;
  breakdown: Breakdown;
  chargeableWeightMg: number;
  perKgFine: number | null;
  /** The break the quantity reaches, if any: its INR price replaces the computed one. */
  priceBreak: PriceBreak | null;
  /** The piece price in INR paise that applies at this quantity. */
  unitPriceInr: number;
  /** The piece price in the quote's currency (converted, rounded half up). */
  unitPrice: number;
  chargesTotal: number;
  /** unitPrice × quantity + Σ charges. */
  lineTotal: number;
};

/** A line of a quote: the unit at today's rates, the price break, conversion, quantity and charges. */
export function priceLine(
  line: LineInput,
  context: PricingContext & { inrPerUnit: number | null },
): PricedLine {
  const unit = priceUnit(line.costing, context);
  const reached = priceBreakFor(line.costing.priceBreaks, line.quantity);
  const unitPriceInr = reached ? reached.unitPrice : unit.unitPrice;
  const unitPrice = convertFromInr(unitPriceInr, context.inrPerUnit);
  const chargesTotal = (line.charges ?? []).reduce((sum, c) => sum + c.amount, 0);
  return {
    computedInr: unit.unitPrice,
    breakdown: unit.breakdown,
    chargeableWeightMg: unit.chargeableWeightMg,
    perKgFine: unit.perKgFine,
    priceBreak: reached,
    unitPriceInr,
    unitPrice,
    chargesTotal,
    lineTotal: lineTotalOf(unitPrice, line.quantity, chargesTotal),
  };
}

/** unitPrice × quantity + charges, exact. */
export function lineTotalOf(unitPrice: number, quantity: number, chargesTotal = 0): number {
  return toNumber(BigInt(unitPrice) * BigInt(quantity) + BigInt(chargesTotal));
}

export type Tax = { cgst: number; sgst: number; igst: number };

export const isExport = (regime: TaxRegime) => regime === 'export_lut' || regime === 'export_igst';

/**
 * GST of one line (of value `lineTotal` in the quote's currency, at `gstPct`): same state → CGST
 * and SGST of half the rate each; another state or an export with IGST → IGST at the rate; an
 * export under LUT → nothing. Each tax is rounded half up to the minor unit.
 */
export function lineTax(lineTotal: number, gstPct: number, regime: TaxRegime): Tax {
  const rate = pctToHundredths(gstPct);
  const value = BigInt(lineTotal);
  if (regime === 'intra_state') {
    const half = toNumber(roundHalfUp(value * rate, 20_000n));
    return { cgst: half, sgst: half, igst: 0 };
  }
  if (regime === 'export_lut') return { cgst: 0, sgst: 0, igst: 0 };
  return { cgst: 0, sgst: 0, igst: toNumber(roundHalfUp(value * rate, 10_000n)) };
}

export type QuoteTotals = { lineTotals: number[]; total: number; tax: Tax; grandTotal: number };

/** The quote's totals: Σ lines, Σ each tax of the lines, and their sum; exact. */
export function quoteTotals(
  lines: readonly { lineTotal: number; gstPct: number }[],
  regime: TaxRegime,
): QuoteTotals {
  let total = 0n;
  const tax = { cgst: 0n, sgst: 0n, igst: 0n };
  for (const line of lines) {
    total += BigInt(line.lineTotal);
    const t = lineTax(line.lineTotal, line.gstPct, regime);
    tax.cgst += BigInt(t.cgst);
    tax.sgst += BigInt(t.sgst);
    tax.igst += BigInt(t.igst);
  }
  return {
    lineTotals: lines.map((l) => l.lineTotal),
    total: toNumber(total),
    tax: { cgst: toNumber(tax.cgst), sgst: toNumber(tax.sgst), igst: toNumber(tax.igst) },
    grandTotal: toNumber(total + tax.cgst + tax.sgst + tax.igst),
  };
}

/**
 * A GSTIN: 15 characters, the state code (2 digits), the PAN (5 letters, 4 digits, a letter), the
 * registration's number in that state (1-9 or a letter), Z, and a check character.
 */
export const GSTIN_PATTERN = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN = GSTIN_PATTERN;

/**
 * The tax regime of a buyer: outside India an export under LUT; in India the place of supply is the
 * buyer's state, read from the GSTIN's first two digits when one is given, else from the state
 * named (the business's own state, Rajasthan, code 08 or "RJ") — same state CGST + SGST, any other
 * IGST. An Indian buyer naming no state is taken as another state (IGST).
 */
export function decideTaxRegime(buyer: {
  country: string | null | undefined;
  state?: string | null | undefined;
  gstin?: string | null | undefined;
}): TaxRegime {
  const country = (buyer.country ?? '').trim().toUpperCase();
  if (country !== 'IN' && country !== 'INDIA') return 'export_lut';
  const gstin = GSTIN.exec((buyer.gstin ?? '').trim().toUpperCase());
  if (gstin) return gstin[1] === BUSINESS_GST_STATE.code ? 'intra_state' : 'inter_state';
  const state = (buyer.state ?? '').trim().toLowerCase();
  const own = [BUSINESS_GST_STATE.code, BUSINESS_GST_STATE.name.toLowerCase(), 'rj'];
  return own.includes(state) ? 'intra_state' : 'inter_state';
}

/** How the trade reads a metal's rate: gold and platinum ₹ per 10 g, the rest ₹ per kg. */
export const rateUnitOf = (metal: Metal): 'per_kg' | 'per_10g' =>
  metal === 'gold' || metal === 'platinum' ? 'per_10g' : 'per_kg';

/** Paise per kg of fine metal from paise in the unit the trade reads (per 10 g: × 100). */
export const perKgFineFromShown = (metal: Metal, paiseInUnit: number) =>
  rateUnitOf(metal) === 'per_10g' ? paiseInUnit * 100 : paiseInUnit;

/** Paise in the unit the trade reads from paise per kg of fine metal, rounded half up. */
export const shownFromPerKgFine = (metal: Metal, perKgFine: number) =>
  rateUnitOf(metal) === 'per_10g' ? toNumber(roundHalfUp(BigInt(perKgFine), 100n)) : perKgFine;

/** A rate in US cents per troy ounce (31.1035 g) at `inrPerUnit` paise per US$1, rounded half up. */
export const centsPerTroyOunce = (perKgFine: number, inrPerUnit: number) =>
  toNumber(roundHalfUp(BigInt(perKgFine) * 311_035n * 100n, 10_000_000n * BigInt(inrPerUnit)));

/** A new rate is refused when it is not above zero or over 100 times the last one. */
export function rateRefusal(value: number, last: number | null, what: string): string | null {
  if (!(value > 0)) return `${what} must be more than 0`;
  if (last != null && last > 0 && value > last * 100)
    return `${what} is over 100 times the last rate (${last}); check the unit`;
  return null;
}

/** Rate validity: any future instant; by default 48 hours after sending; never after the quote's own. */
export const RATE_VALIDITY = { defaultHours: 48 } as const;

export function defaultRateValidUntil(sentAt: Date, validUntil: Date | null): Date {
  const rate = new Date(sentAt.getTime() + RATE_VALIDITY.defaultHours * 3_600_000);
  return validUntil && validUntil < rate ? validUntil : rate;
}
