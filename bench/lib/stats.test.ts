import { describe, expect, it } from 'vitest';
import { median, percentile, round } from './stats.ts';

describe('median', () => {
  it('takes the middle value of an odd count and the mean of the middle two of an even one', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });
  it('does not reorder its input and is NaN for no values', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
    expect(median([])).toBeNaN();
  });
});

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1
  it('uses the nearest rank', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([10, 20, 30], 50)).toBe(20);
    expect(percentile([10, 20, 30], 99)).toBe(30);
  });
  it('rejects a percentile outside 0–100 and is NaN for no values', () => {
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('round', () => {
  it('rounds to the given decimals', () => {
    expect(round(1.26)).toBe(1.3);
    expect(round(1.234, 2)).toBe(1.23);
    expect(round(1234.5, 0)).toBe(1235);
  });
});
