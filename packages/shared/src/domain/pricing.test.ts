import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsPerTroyOunce,
  chargeableWeightMg,
  convertFromInr,
  decideTaxRegime,
  defaultRateValidUntil,
  lineTax,
  perKgFineFromShown,
  priceBreakFor,
  priceLine,
  priceUnit,
  PricingError,
  quoteTotals,
  rateRefusal,
  roundHalfUp,
  shownFromPerKgFine,
  type Costing,
} from './pricing.ts';
import { EXAMPLE_A_COSTING, EXAMPLE_B_COSTING } from './worked-examples.ts';

/** Worked examples A (a sterling silver ring, metal-linked) and B (brass earrings, per piece). */
const ringA = EXAMPLE_A_COSTING;
const earringsB = EXAMPLE_B_COSTING;

const domestic = (silver: number) => ({ rates: { silver }, exported: false, inrPerUnit: null });

describe('worked example A (sterling silver ring, another state)', () => {
  it('holds to the paisa', () => {
    expect(chargeableWeightMg(4250, 8)).toBe(4590);
    const line = priceLine({ costing: ringA, quantity: 120 }, domestic(9_500_000));
    expect(line.chargeableWeightMg).toBe(4590);
    expect(line.breakdown).toEqual({
      metal: 40335, // 403.34625 → ₹403.35
      making: 5100,
      stones: 1350,
      setting: 600,
      plating: 1800,
      extras: 3500,
    });
    expect(line.unitPrice).toBe(52685);
    expect(line.lineTotal).toBe(6_322_200);
    const inter = quoteTotals([{ lineTotal: line.lineTotal, gstPct: 3 }], 'inter_state');
    expect(inter.tax).toEqual({ cgst: 0, sgst: 0, igst: 189_666 });
    expect(inter.grandTotal).toBe(6_511_866);
  });

  it('in the business’s own state: CGST ₹948.33 + SGST ₹948.33', () => {
    expect(lineTax(6_322_200, 3, 'intra_state')).toEqual({ cgst: 94_833, sgst: 94_833, igst: 0 });
  });

  it('silver at ₹98,000 per kg: metal ₹416.08, unit ₹539.58, the rest unchanged', () => {
    const line = priceLine({ costing: ringA, quantity: 120 }, domestic(9_800_000));
    expect(line.breakdown).toEqual({
      metal: 41608,
      making: 5100,
      stones: 1350,
      setting: 600,
      plating: 1800,
      extras: 3500,
    });
    expect(line.unitPrice).toBe(53958);
  });

  it('an export carries no hallmarking', () => {
    const unit = priceUnit(ringA, { rates: { silver: 9_500_000 }, exported: true });
    expect(unit.breakdown.extras).toBe(0);
    expect(unit.unitPrice).toBe(49185);
  });
});

describe('worked example B (brass earrings, export in USD under LUT)', () => {
  const usd = { rates: {}, exported: true, inrPerUnit: 8450 };

  it('240 pairs: unit ₹80.00 → US$0.95, line US$228.00, no GST', () => {
    const line = priceLine({ costing: earringsB, quantity: 240 }, usd);
    expect(line.breakdown).toEqual({
      metal: 0,
      making: 3800,
      stones: 1500,
      setting: 0,
      plating: 2200,
      extras: 500,
    });
    expect(line.computedInr).toBe(8000);
    expect(line.priceBreak).toBeNull();
    expect(line.unitPrice).toBe(95);
    expect(line.lineTotal).toBe(22_800);
    expect(quoteTotals([{ lineTotal: line.lineTotal, gstPct: 3 }], 'export_lut')).toEqual({
      lineTotals: [22_800],
      total: 22_800,
      tax: { cgst: 0, sgst: 0, igst: 0 },
      grandTotal: 22_800,
    });
  });

  it('288 pairs reach the break: ₹76.00 → US$0.90, line US$259.20', () => {
    const line = priceLine({ costing: earringsB, quantity: 288 }, usd);
    expect(line.priceBreak).toEqual({ minQty: 288, unitPrice: 7600 });
    expect(line.unitPriceInr).toBe(7600);
    expect(line.unitPrice).toBe(90);
    expect(line.lineTotal).toBe(25_920);
  });

  it('one-off charges are added to the line once', () => {
    const line = priceLine(
      {
        costing: earringsB,
        quantity: 240,
        charges: [
          { kind: 'sample', amount: 1500 },
          { kind: 'mould', amount: 4000 },
        ],
      },
      usd,
    );
    expect(line.lineTotal).toBe(22_800 + 5500);
  });
});

describe('making bases', () => {
  const base: Costing = { ...ringA, stones: [], settingPerStone: 0, platingPerPiece: 0, extrasPerPiece: [] };
  const at = (making: Costing['making'], extra: Partial<Costing> = {}) =>
    priceUnit({ ...base, ...extra, making }, { rates: { silver: 9_500_000 }, exported: false }).breakdown
      .making;

  it('per piece, % of metal, per stone', () => {
    expect(at({ basis: 'per_piece', value: 2500 })).toBe(2500);
    // 10% of ₹403.35 = ₹40.335 → ₹40.34
    expect(at({ basis: 'pct_of_metal', value: 10 })).toBe(4034);
    expect(
      at(
        { basis: 'per_stone', value: 300 },
        { stones: [{ kind: 'CZ', count: 5, rate: 100, basis: 'per_piece' }] },
      ),
    ).toBe(1500);
  });

  it('a weight threshold: per piece below it, per gram from it on', () => {
    const making = {
      basis: 'per_gram' as const,
      value: 1200,
      thresholdMg: 5000,
      perPieceBelowThreshold: 7000,
    };
    expect(at(making)).toBe(7000); // 4.250 g < 5 g
    expect(at(making, { netWeightMg: 5000 })).toBe(6000); // 5 g × ₹12
    expect(at(making, { netWeightMg: 6125 })).toBe(7350); // 6.125 g × ₹12 = ₹73.50
  });
});

describe('stones', () => {
  const ctx = { rates: {}, exported: false };
  const only = (stones: Costing['stones'], settingPerStone = 0) =>
    priceUnit(
      {
        ...earringsB,
        making: { basis: 'per_piece', value: 0 },
        platingPerPiece: 0,
        extrasPerPiece: [],
        stones,
        settingPerStone,
      },
      ctx,
    ).breakdown;

  it('per carat: 0.125 ct at ₹3,333 per carat is ₹416.625 → ₹416.63', () => {
    expect(only([{ kind: 'ruby', caratsMilli: 125, rate: 333_300, basis: 'per_carat' }]).stones).toBe(41_663);
  });

  it('stones the buyer supplies pay the handling % instead of their price', () => {
    const b = only(
      [
        {
          kind: 'emerald',
          count: 2,
          rate: 10_000,
          basis: 'per_piece',
          suppliedByBuyer: true,
          handlingPct: 5,
        },
      ],
      250,
    );
    expect(b.stones).toBe(1000); // 5% of ₹200
    expect(b.setting).toBe(500); // still set: 2 × ₹2.50
  });
});

describe('rates, conversion and rules', () => {
  it('a metal-linked design without a rate for its metal cannot be priced', () => {
    expect(() => priceUnit(ringA, { rates: {}, exported: false })).toThrowError(PricingError);
  });

  it('rounding is half up', () => {
    expect(roundHalfUp(5n, 2n)).toBe(3n);
    expect(roundHalfUp(49n, 10n)).toBe(5n);
    expect(roundHalfUp(44n, 10n)).toBe(4n);
    expect(convertFromInr(8000, 8450)).toBe(95);
    expect(convertFromInr(4225, 8450)).toBe(50); // exactly US$0.50
    expect(convertFromInr(4224, 8450)).toBe(50); // 0.49988… → 0.50
    expect(convertFromInr(4182, 8450)).toBe(49); // 0.49491… → 0.49
    expect(convertFromInr(12345, null)).toBe(12345);
  });

  it('the trade’s units: silver ₹ per kg, gold ₹ per 10 g, US$ per troy ounce', () => {
    expect(perKgFineFromShown('silver', 9_500_000)).toBe(9_500_000);
    // gold ₹72,500.00 per 10 g = ₹72,50,000 per kg
    expect(perKgFineFromShown('gold', 7_250_000)).toBe(725_000_000);
    expect(shownFromPerKgFine('gold', 725_000_000)).toBe(7_250_000);
    // ₹95,000 per kg at ₹84.50 per US$: 95 × 31.1035 / 84.50 = US$34.9684… → 34.97
    expect(centsPerTroyOunce(9_500_000, 8450)).toBe(3497);
  });

  it('a rate not above 0 or over 100× the last is refused', () => {
    expect(rateRefusal(0, null, 'perKgFine')).toMatch(/more than 0/);
    expect(rateRefusal(-5, 100, 'perKgFine')).toMatch(/more than 0/);
    expect(rateRefusal(9_500_001 * 100, 9_500_000, 'perKgFine')).toMatch(/100 times/);
    expect(rateRefusal(950_000_000, 9_500_000, 'perKgFine')).toBeNull();
    expect(rateRefusal(1, 9_500_000, 'perKgFine')).toBeNull();
  });

  it('price breaks: the highest reached applies', () => {
    const breaks = [
      { minQty: 288, unitPrice: 7600 },
      { minQty: 144, unitPrice: 7800 },
    ];
    expect(priceBreakFor(breaks, 143)).toBeNull();
    expect(priceBreakFor(breaks, 144)?.unitPrice).toBe(7800);
    expect(priceBreakFor(breaks, 1000)?.unitPrice).toBe(7600);
  });

  it('tax regime from the buyer: country, GSTIN, state', () => {
    expect(decideTaxRegime({ country: 'US' })).toBe('export_lut');
    expect(decideTaxRegime({ country: 'IN', gstin: '08ABCDE1234F1Z5' })).toBe('intra_state');
    expect(decideTaxRegime({ country: 'IN', gstin: '27ABCDE1234F1Z5', state: 'Rajasthan' })).toBe(
      'inter_state',
    );
    expect(decideTaxRegime({ country: 'IN', state: 'rajasthan' })).toBe('intra_state');
    expect(decideTaxRegime({ country: 'IN', state: 'Maharashtra' })).toBe('inter_state');
    expect(decideTaxRegime({ country: 'IN' })).toBe('inter_state');
  });

  it('export with IGST charges IGST; rate validity defaults to 48 h and never passes the quote’s', () => {
    expect(lineTax(22_800, 3, 'export_igst')).toEqual({ cgst: 0, sgst: 0, igst: 684 });
    const sent = new Date('2026-12-01T10:00:00Z');
    expect(defaultRateValidUntil(sent, null).toISOString()).toBe('2026-12-03T10:00:00.000Z');
    expect(defaultRateValidUntil(sent, new Date('2026-12-02T00:00:00Z')).toISOString()).toBe(
      '2026-12-02T00:00:00.000Z',
    );
  });
});

const costingArb: fc.Arbitrary<Costing> = fc.record({
  pricingMode: fc.constantFrom('metal_linked' as const, 'per_piece' as const),
  metal: fc.constant('silver' as const),
  fineness: fc.constantFrom(999, 925, 916, 750, 585),
  netWeightMg: fc.integer({ min: 1, max: 200_000 }),
  wastagePct: fc.integer({ min: 0, max: 2500 }).map((h) => h / 100),
  making: fc.oneof(
    fc.record({ basis: fc.constant('per_gram' as const), value: fc.integer({ min: 0, max: 100_000 }) }),
    fc.record({ basis: fc.constant('per_piece' as const), value: fc.integer({ min: 0, max: 100_000 }) }),
    fc.record({
      basis: fc.constant('pct_of_metal' as const),
      value: fc.integer({ min: 0, max: 5000 }).map((h) => h / 100),
    }),
    fc.record({ basis: fc.constant('per_stone' as const), value: fc.integer({ min: 0, max: 10_000 }) }),
  ),
  stones: fc.array(
    fc.record({
      kind: fc.constant('CZ'),
      count: fc.integer({ min: 0, max: 200 }),
      caratsMilli: fc.integer({ min: 0, max: 10_000 }),
      rate: fc.integer({ min: 0, max: 1_000_000 }),
      basis: fc.constantFrom('per_piece' as const, 'per_carat' as const),
    }),
    { maxLength: 4 },
  ),
  settingPerStone: fc.integer({ min: 0, max: 5000 }),
  platingPerPiece: fc.integer({ min: 0, max: 50_000 }),
  extrasPerPiece: fc.array(
    fc.record({
      kind: fc.constantFrom('hallmarking' as const, 'packaging' as const),
      amount: fc.integer({ min: 0, max: 10_000 }),
    }),
    { maxLength: 3 },
  ),
  gstPct: fc.constantFrom(3, 5),
  priceBreaks: fc.constant([]),
});

describe('properties', () => {
  it('the unit price is the sum of its components; the quote total the sum of its lines; tax the sum of lines’ taxes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(costingArb, fc.integer({ min: 1, max: 10_000 })), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 100_000, max: 20_000_000 }),
        fc.constantFrom(null, 8450, 9123, 10_777, 2301),
        fc.constantFrom(
          'intra_state' as const,
          'inter_state' as const,
          'export_lut' as const,
          'export_igst' as const,
        ),
        (lines, silver, inrPerUnit, regime) => {
          const priced = lines.map(([costing, quantity]) =>
            priceLine({ costing, quantity }, { rates: { silver }, exported: false, inrPerUnit }),
          );
          for (const p of priced) {
            const b = p.breakdown;
            expect(p.computedInr).toBe(b.metal + b.making + b.stones + b.setting + b.plating + b.extras);
          }
          const totals = quoteTotals(
            priced.map((p, i) => ({ lineTotal: p.lineTotal, gstPct: lines[i]![0].gstPct! })),
            regime,
          );
          expect(totals.total).toBe(priced.reduce((s, p) => s + p.lineTotal, 0));
          const taxes = priced.map((p, i) => lineTax(p.lineTotal, lines[i]![0].gstPct!, regime));
          expect(totals.tax.igst).toBe(taxes.reduce((s, t) => s + t.igst, 0));
          expect(totals.tax.cgst).toBe(taxes.reduce((s, t) => s + t.cgst, 0));
          expect(totals.grandTotal).toBe(totals.total + totals.tax.cgst + totals.tax.sgst + totals.tax.igst);
          priced.forEach((p, i) => expect(p.lineTotal).toBe(p.unitPrice * lines[i]![1]));
        },
      ),
    );
  });

  it('a higher metal rate never lowers a metal-linked price', () => {
    fc.assert(
      fc.property(
        costingArb.map((c) => ({ ...c, pricingMode: 'metal_linked' as const })),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        (costing, low, rise) => {
          const at = (silver: number) => priceUnit(costing, { rates: { silver }, exported: false });
          const before = at(low);
          const after = at(low + rise);
          expect(after.unitPrice).toBeGreaterThanOrEqual(before.unitPrice);
          expect(after.breakdown.metal).toBeGreaterThanOrEqual(before.breakdown.metal);
        },
      ),
    );
  });

  it('conversion is the unit price divided by the rate, rounded half up to the cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (paise, inrPerUnit) => {
          const cents = convertFromInr(paise, inrPerUnit);
          // cents is the nearest whole number to paise × 100 / inrPerUnit, a half going up:
          // cents − ½ ≤ paise × 100 / inrPerUnit < cents + ½, checked in integers.
          const twice = 2 * paise * 100;
          expect((2 * cents - 1) * inrPerUnit).toBeLessThanOrEqual(twice);
          expect(twice).toBeLessThan((2 * cents + 1) * inrPerUnit);
        },
      ),
    );
  });

  it('a line is its converted unit price times the quantity: no other rounding', () => {
    fc.assert(
      fc.property(
        costingArb,
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 5000, max: 12_000 }),
        (costing, quantity, inrPerUnit) => {
          const inr = priceLine(
            { costing, quantity },
            { rates: { silver: 9_500_000 }, exported: false, inrPerUnit: null },
          );
          const usd = priceLine(
            { costing, quantity },
            { rates: { silver: 9_500_000 }, exported: false, inrPerUnit },
          );
          expect(usd.unitPrice).toBe(convertFromInr(inr.unitPrice, inrPerUnit));
          expect(usd.lineTotal).toBe(usd.unitPrice * quantity);
        },
      ),
    );
  });
});

describe('speed', () => {
  it('prices a 500-line quote in at most 50 ms', () => {
    const lines = Array.from({ length: 500 }, (_, i) => ({
      costing: i % 2 ? ringA : earringsB,
      quantity: 12 + i,
      charges: i % 7 ? [] : [{ kind: 'mould' as const, amount: 50_000 }],
    }));
    const ctx = { rates: { silver: 9_500_000 }, exported: false, inrPerUnit: 8450 };
    // Warm up once, then take the best of three runs (the machine is shared).
    const run = () => {
      const start = performance.now();
      const priced = lines.map((l) => priceLine(l, ctx));
      quoteTotals(
        priced.map((p) => ({ lineTotal: p.lineTotal, gstPct: 3 })),
        'inter_state',
      );
      return performance.now() - start;
    };
    run();
    const best = Math.min(run(), run(), run());
    expect(best).toBeLessThanOrEqual(50);
  });
});
