import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depositSplit, inrEquivalent, proformaNumberLabel } from './proforma.ts';

describe('proforma amounts', () => {
  it('labels the number with at least four digits', () => {
    expect(proformaNumberLabel(1)).toBe('PI-0001');
    expect(proformaNumberLabel(12_345)).toBe('PI-12345');
  });

  it('converts a foreign amount to INR paise at the quote’s rate, rounded half up', () => {
    // Example B: US$228.00 at ₹84.50 per US$1.
    expect(inrEquivalent(22_800, 8450)).toBe(1_926_600);
    // 1 cent at ₹84.50 = 84.5 paise → 85; at ₹84.49 = 84.49 → 84.
    expect(inrEquivalent(1, 8450)).toBe(85);
    expect(inrEquivalent(1, 8449)).toBe(84);
    expect(inrEquivalent(123_456, null)).toBe(123_456);
    expect(() => inrEquivalent(100, 0)).toThrow(RangeError);
  });

  it('splits a grand total into a deposit (rounded half up) and a balance that add up to it exactly', () => {
    expect(depositSplit(6_511_866, 50)).toEqual({ deposit: 3_255_933, balance: 3_255_933 });
    expect(depositSplit(22_800, 30)).toEqual({ deposit: 6_840, balance: 15_960 });
    expect(depositSplit(101, 50)).toEqual({ deposit: 51, balance: 50 });
    expect(depositSplit(999, 0)).toEqual({ deposit: 0, balance: 999 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), fc.integer({ min: 0, max: 100 }), (total, pct) => {
        const { deposit, balance } = depositSplit(total, pct);
        return deposit + balance === total && deposit >= 0 && balance >= 0;
      }),
    );
  });
});
