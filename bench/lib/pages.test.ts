import { describe, expect, it } from 'vitest';
import { realTrafficPages, seededRandom, uniformPages } from './pages.ts';

const share = (pages: number[], test: (p: number) => boolean) => pages.filter(test).length / pages.length;

describe('seededRandom', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = seededRandom(1);
    const b = seededRandom(1);
    const values = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(seededRandom(2)()).not.toBe(values[0]);
  });
});

describe('realTrafficPages', () => {
  const pages = realTrafficPages(6250, 50_000, seededRandom(42));

  it('stays within the listing', () => {
    expect(Math.min(...pages)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...pages)).toBeLessThanOrEqual(6250);
  });
  it('puts most requests on the first pages', () => {
    expect(share(pages, (p) => p === 1)).toBeCloseTo(0.156, 1);
    expect(share(pages, (p) => p <= 30)).toBeGreaterThan(0.5);
    // Page 1 is asked for more often than page 2, page 2 more than page 10.
    const count = (n: number) => pages.filter((p) => p === n).length;
    expect(count(1)).toBeGreaterThan(count(2));
    expect(count(2)).toBeGreaterThan(count(10));
  });
  it('keeps a long tail into the deep pages', () => {
    expect(share(pages, (p) => p > 1000)).toBeGreaterThan(0.1);
    expect(share(pages, (p) => p > 5000)).toBeGreaterThan(0.01);
  });
  it('works for a one-page listing and rejects an empty one', () => {
    expect(realTrafficPages(1, 5, seededRandom(1))).toEqual([1, 1, 1, 1, 1]);
    expect(() => realTrafficPages(0, 1, seededRandom(1))).toThrow(RangeError);
  });
});

describe('uniformPages', () => {
  it('spreads requests evenly over every page', () => {
    const pages = uniformPages(6250, 50_000, seededRandom(3));
    expect(Math.min(...pages)).toBe(1);
    expect(Math.max(...pages)).toBe(6250);
    expect(share(pages, (p) => p <= 625)).toBeCloseTo(0.1, 1);
    expect(share(pages, (p) => p > 5625)).toBeCloseTo(0.1, 1);
  });
});
