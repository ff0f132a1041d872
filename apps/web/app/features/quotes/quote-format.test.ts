import { describe, expect, it } from 'vitest';
import { formatMoney, parsePrice, priceText } from './quote-format';

describe('quotation amounts on screen', () => {
  it('groups rupees the Indian way and other currencies by thousands', () => {
    expect(formatMoney(12_345_678_950, 'INR')).toBe('INR 12,34,56,789.50');
    expect(formatMoney(12_345_678_950, 'USD')).toBe('USD 123,456,789.50');
    expect(formatMoney(99_999, 'INR')).toBe('INR 999.99');
    expect(formatMoney(5, 'EUR')).toBe('EUR 0.05');
  });

  it('reads what is typed and writes what a box starts with', () => {
    expect(parsePrice('1,250.5')).toBe(125_050);
    expect(parsePrice('-3')).toBeNull();
    expect(priceText(125_050)).toBe('1250.50');
  });
});
