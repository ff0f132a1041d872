import { describe, expect, it } from 'vitest';
import { formatCount, formatNumber } from './format-number.ts';

describe('formatNumber', () => {
  it('groups digits the Indian way: thousands, then pairs', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(99_999)).toBe('99,999');
    expect(formatNumber(100_000)).toBe('1,00,000');
    expect(formatNumber(1_234_567)).toBe('12,34,567');
    expect(formatNumber(123_456_789)).toBe('12,34,56,789');
  });

  it('keeps at most the decimals asked for, rounded, without trailing zeros', () => {
    expect(formatNumber(12.5, 2)).toBe('12.5');
    expect(formatNumber(12.456, 2)).toBe('12.46');
    expect(formatNumber(12.004, 2)).toBe('12');
    expect(formatNumber(0.125, 2)).toBe('0.13');
    expect(formatNumber(99_999.99, 2)).toBe('99,999.99');
    expect(formatNumber(1234567.456, 2)).toBe('12,34,567.46');
    expect(formatNumber(2.5)).toBe('3');
  });

  it('writes a minus only when something is left after rounding', () => {
    expect(formatNumber(-1500)).toBe('-1,500');
    expect(formatNumber(-0.4, 1)).toBe('-0.4');
    expect(formatNumber(-0.001, 2)).toBe('0');
  });
});

describe('formatCount', () => {
  it('groups a whole number in threes, as the API messages write limits and counts', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(-20_000)).toBe('-20,000');
    expect(formatCount(1499.6)).toBe('1,500');
  });
});
