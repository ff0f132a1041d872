import { describe, expect, it } from 'vitest';
import { costingCells, readCostingCells, sameCosting, type CostingCells } from './costing-workbook.ts';
import { EXAMPLE_A_COSTING } from '../domain/worked-examples.ts';
import { costingSchema } from './pricing.ts';

/** Worked example A of docs/pricing.md as an admin types it in the workbook. */
const RING_A_CELLS: CostingCells = {
  pricing_mode: 'metal linked',
  costing_metal: 'Silver',
  fineness: '925',
  net_weight_g: '4.25',
  wastage_pct: '8',
  making_basis: 'per_gram',
  making_value: '12',
  stone_costs: 'CZ 3 @ 4.50/pc',
  setting_per_stone: '2',
  plating_per_piece: '18.00',
  extras: 'hallmarking 35',
  hsn: '71131100',
  gst_pct: '3',
};

describe('a costing in the workbook', () => {
  it('reads the trade’s units into the costing the API takes', () => {
    // Worked example A: the costing docs/pricing.md gives for it, in paise and milligrams.
    expect(readCostingCells(RING_A_CELLS)).toEqual({ kind: 'set', costing: EXAMPLE_A_COSTING });
  });

  it('reads carats, the buyer’s stones, a threshold, % of metal and price breaks', () => {
    const read = readCostingCells({
      pricing_mode: 'per_piece',
      making_basis: 'pct_of_metal',
      making_value: '12.5%',
      stone_costs: 'white CZ 12 @ 5.00/pc; ruby 0.250ct @ 4000/ct buyer handling 10%',
      price_breaks: '288+ @ 76.00; 1000+ @ 72.5',
      moq: '12',
      case_pack: '6',
    });
    expect(read).toMatchObject({
      kind: 'set',
      costing: {
        making: { basis: 'pct_of_metal', value: 12.5 },
        stones: [
          { kind: 'white CZ', count: 12, rate: 500, basis: 'per_piece' },
          {
            kind: 'ruby',
            caratsMilli: 250,
            rate: 400000,
            basis: 'per_carat',
            suppliedByBuyer: true,
            handlingPct: 10,
          },
        ],
        priceBreaks: [
          { minQty: 288, unitPrice: 7600 },
          { minQty: 1000, unitPrice: 7250 },
        ],
        moq: 12,
        casePack: 6,
      },
    });
    expect(
      readCostingCells({
        pricing_mode: 'metal_linked',
        costing_metal: 'silver',
        fineness: '925',
        net_weight_g: '1.8g',
        making_basis: 'per_gram',
        making_value: '15',
        making_threshold_g: '2',
        making_below_threshold: '30',
      }),
    ).toMatchObject({
      kind: 'set',
      costing: {
        netWeightMg: 1800,
        making: { basis: 'per_gram', value: 1500, thresholdMg: 2000, perPieceBelowThreshold: 3000 },
      },
    });
  });

  it('blank keeps, "none" removes, and "none" with other cells is a problem', () => {
    expect(readCostingCells({ pricing_mode: '', stone_costs: '  ' })).toEqual({ kind: 'keep' });
    expect(readCostingCells({ pricing_mode: 'None' })).toEqual({ kind: 'clear' });
    expect(readCostingCells({ pricing_mode: 'none', hsn: '7113' })).toEqual({
      kind: 'problems',
      problems: [
        { column: 'hsn', message: 'hsn must be blank when pricing_mode is none (the costing is removed)' },
      ],
    });
  });

  it('names the column of each problem, in the costing schema’s own words', () => {
    const read = readCostingCells({
      ...RING_A_CELLS,
      costing_metal: '',
      wastage_pct: '120',
      gst_pct: '30',
      hsn: '711',
    });
    expect(read).toEqual({
      kind: 'problems',
      problems: [
        { column: 'wastage_pct', message: 'wastagePct must be at most 100' },
        { column: 'hsn', message: 'hsn must be 4, 6 or 8 digits' },
        { column: 'gst_pct', message: 'gstPct must be at most 28' },
        { column: 'costing_metal', message: 'metal is required for a metal-linked design' },
      ],
    });
    expect(readCostingCells({ ...RING_A_CELLS, net_weight_g: '4.2505', stone_costs: 'CZ three' })).toEqual({
      kind: 'problems',
      problems: [
        {
          column: 'net_weight_g',
          message: 'net_weight_g must be grams with at most 3 decimals (got "4.2505")',
        },
        {
          column: 'stone_costs',
          message: 'stone 1 "CZ three" is not like "CZ 12 @ 5.00/pc" or "ruby 0.250ct @ 4000/ct"',
        },
      ],
    });
    expect(
      readCostingCells({ ...RING_A_CELLS, stone_costs: 'CZ 3 @ 4.50/pc; @ 2/pc', making_basis: 'per kg' }),
    ).toEqual({
      kind: 'problems',
      problems: [
        {
          column: 'stone_costs',
          message: 'stone 2 "@ 2/pc" is not like "CZ 12 @ 5.00/pc" or "ruby 0.250ct @ 4000/ct"',
        },
      ],
    });
    expect(readCostingCells({ ...RING_A_CELLS, making_basis: 'per kg' })).toEqual({
      kind: 'problems',
      problems: [
        {
          column: 'making_basis',
          message: 'making.basis must be one of per_gram, per_piece, pct_of_metal, per_stone',
        },
      ],
    });
    expect(readCostingCells({ ...RING_A_CELLS, extras: 'hallmarking 35; courier 10' })).toEqual({
      kind: 'problems',
      problems: [
        {
          column: 'extras',
          message: 'extra 2: extrasPerPiece kind must be one of hallmarking, packaging, labels, other',
        },
      ],
    });
  });

  it('writes cells that read back to the same costing', () => {
    const costing = costingSchema.parse({
      pricingMode: 'per_piece',
      making: { basis: 'per_stone', value: 125 },
      stones: [
        { kind: 'CZ', count: 12, rate: 125, basis: 'per_piece' },
        {
          kind: 'emerald',
          count: 2,
          caratsMilli: 1250,
          rate: 1_234_567,
          basis: 'per_carat',
          suppliedByBuyer: true,
          handlingPct: 12.5,
        },
      ],
      platingPerPiece: 2205,
      extrasPerPiece: [
        { kind: 'packaging', amount: 505 },
        { kind: 'labels', amount: 1 },
      ],
      hsn: '71179010',
      gstPct: 3,
      moq: 24,
      casePack: 12,
      priceBreaks: [{ minQty: 288, unitPrice: 7601 }],
    });
    const cells = costingCells(costing);
    expect(cells).toMatchObject({
      pricing_mode: 'per_piece',
      making_value: 1.25,
      stone_costs: 'CZ 12 @ 1.25/pc; emerald 2 1.250ct @ 12345.67/ct buyer handling 12.5%',
      plating_per_piece: 22.05,
      extras: 'packaging 5.05; labels 0.01',
      price_breaks: '288+ @ 76.01',
      net_weight_g: null,
    });
    const text = Object.fromEntries(
      Object.entries(cells).map(([k, v]) => [k, v == null ? '' : String(v)]),
    ) as CostingCells;
    const back = readCostingCells(text);
    expect(back).toEqual({ kind: 'set', costing });
    expect(sameCosting(costing, back.kind === 'set' ? back.costing : null)).toBe(true);
    expect(costingCells(null).pricing_mode).toBeNull();
  });
});
