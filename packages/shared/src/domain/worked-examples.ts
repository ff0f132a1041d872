/**
 * The costings of the two worked examples in docs/pricing.md, as an admin sends them to
 * `PUT /api/products/admin/{id}/costing`: test data shared by the server's and the shared
 * package's tests. The amounts they must price to are written in each test.
 */
import type { Costing } from './pricing.ts';

/** Example A: a sterling silver ring, metal-linked. */
export const EXAMPLE_A_COSTING: Costing = {
  pricingMode: 'metal_linked',
  metal: 'silver',
  fineness: 925,
  netWeightMg: 4250,
  wastagePct: 8,
  making: { basis: 'per_gram', value: 1200 },
  stones: [{ kind: 'CZ', count: 3, rate: 450, basis: 'per_piece' }],
  settingPerStone: 200,
  platingPerPiece: 1800,
  extrasPerPiece: [{ kind: 'hallmarking', amount: 3500 }],
  hsn: '71131100',
  gstPct: 3,
  priceBreaks: [],
};

/** Example B: brass earrings, per piece, ₹76.00 from 288 pairs. */
export const EXAMPLE_B_COSTING: Costing = {
  pricingMode: 'per_piece',
  making: { basis: 'per_piece', value: 3800 },
  stones: [{ kind: 'CZ', count: 12, rate: 125, basis: 'per_piece' }],
  platingPerPiece: 2200,
  extrasPerPiece: [{ kind: 'packaging', amount: 500 }],
  hsn: '71179010',
  gstPct: 3,
  priceBreaks: [{ minQty: 288, unitPrice: 7600 }],
};
