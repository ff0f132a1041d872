import type { CostingValue } from '@catalogue/shared/schemas/pricing';
import type { Db } from '../client.ts';
import { fxRates, metalRates, productCostings } from '../schema/pricing.ts';

const HOUR = 3_600_000;

/** A week of silver rates twice a day (paise per kg of fine metal), oldest first, around ₹95,000. */
const SILVER_WEEK = [
  9_412_000, 9_436_000, 9_455_000, 9_448_000, 9_470_000, 9_503_000, 9_488_000, 9_512_000, 9_530_000,
  9_497_000, 9_466_000, 9_481_000, 9_505_000, 9_500_000,
];

/**
 * Demo rates (a week of silver, today's gold, brass and copper, the four exchange rates) and demo
 * costings: the sterling silver designs metal-linked, the brass ones per piece, so the demo's
 * quote editor has suggested prices. `designs` are the demo products with their metal.
 */
export async function seedDemoPricing(
  db: Db,
  designs: readonly { productId: string; metal: string; index: number }[],
  now = Date.now(),
): Promise<void> {
  const source = 'Demo (IBJA-style indicative rate)';
  await db.insert(metalRates).values([
    ...SILVER_WEEK.map((perKgFine, i) => ({
      metal: 'silver',
      perKgFine,
      source,
      effectiveAt: new Date(now - (SILVER_WEEK.length - 1 - i) * 12 * HOUR),
      setByName: 'Demo',
    })),
    { metal: 'gold', perKgFine: 760_000_000, source, effectiveAt: new Date(now), setByName: 'Demo' },
    { metal: 'brass', perKgFine: 55_000, source, effectiveAt: new Date(now), setByName: 'Demo' },
    { metal: 'copper', perKgFine: 90_000, source, effectiveAt: new Date(now), setByName: 'Demo' },
  ]);
  await db.insert(fxRates).values(
    (
      [
        ['USD', 8450],
        ['EUR', 9120],
        ['GBP', 10_700],
        ['AED', 2301],
      ] as const
    ).map(([currency, inrPerUnit]) => ({
      currency,
      inrPerUnit,
      source: 'Demo (reference rate)',
      effectiveAt: new Date(now),
      setByName: 'Demo',
    })),
  );
  const rows = designs.slice(0, 48).map((d) => ({
    productId: d.productId,
    costing: d.metal === 'sterling-silver' ? silverCosting(d.index) : brassCosting(d.index),
  }));
  if (rows.length) await db.insert(productCostings).values(rows);
}

/** Worked example A's ring, its weight varied by design (3.2 g to 9.5 g). */
function silverCosting(i: number): CostingValue {
  return {
    pricingMode: 'metal_linked',
    metal: 'silver',
    fineness: 925,
    netWeightMg: 3200 + ((i * 700) % 6300),
    wastagePct: 8,
    making: { basis: 'per_gram', value: 1200, thresholdMg: 4000, perPieceBelowThreshold: 5000 },
    stones: i % 2 ? [{ kind: 'CZ', count: 3 + (i % 5), rate: 450, basis: 'per_piece' }] : [],
    settingPerStone: 200,
    platingPerPiece: 1800,
    extrasPerPiece: [{ kind: 'hallmarking', amount: 3500 }],
    hsn: '71131100',
    gstPct: 3,
    moq: 20,
    priceBreaks: [],
  };
}

/** Worked example B's earrings, labour varied by design. */
function brassCosting(i: number): CostingValue {
  return {
    pricingMode: 'per_piece',
    making: { basis: 'per_piece', value: 3000 + (i % 6) * 400 },
    stones: [{ kind: 'CZ', count: 12, rate: 125, basis: 'per_piece' }],
    platingPerPiece: 2200,
    extrasPerPiece: [{ kind: 'packaging', amount: 500 }],
    hsn: '71179010',
    gstPct: 3,
    moq: 20,
    casePack: 12,
    priceBreaks: [{ minQty: 288, unitPrice: 7600 }],
  };
}
