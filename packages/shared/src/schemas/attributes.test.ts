import { describe, expect, it } from 'vitest';
import { checkProductExtras, readMinOrder, readTags, readWeight, slugOfLabel } from './attributes.ts';

describe('product attribute fields', () => {
  it('reads weights above 0 up to 99999.99 with two decimals; blank clears', () => {
    expect(readWeight('12.5')).toEqual({ ok: true, value: 12.5 });
    expect(readWeight(' 99999.99 ')).toEqual({ ok: true, value: 99999.99 });
    expect(readWeight('')).toEqual({ ok: true, value: null });
    for (const bad of ['0', '0.00', '100000', '1.234', '-1', '1e3', 'abc'])
      expect(readWeight(bad).ok, bad).toBe(false);
  });

  it('reads a minimum order from 1 to 10,000', () => {
    expect(readMinOrder('1')).toEqual({ ok: true, value: 1 });
    expect(readMinOrder(10000)).toEqual({ ok: true, value: 10000 });
    for (const bad of ['0', '10001', '1.5', 'ten']) expect(readMinOrder(bad).ok, bad).toBe(false);
  });

  it('reads tags in any script, lower-cased, trimmed, without duplicates', () => {
    expect(readTags(' Bridal ,bridal, Temple   Jewellery,कुंदन सेट, rose-gold ')).toEqual({
      ok: true,
      value: ['bridal', 'temple jewellery', 'कुंदन सेट', 'rose-gold'],
    });
    expect(readTags('a/b').ok).toBe(false);
    expect(readTags('-start').ok).toBe(false);
  });

  it('leaves kinds not given untouched and names the field of a problem', () => {
    expect(checkProductExtras({ name: 'x' })).toEqual({ ok: true, value: { attributes: {} } });
    expect(checkProductExtras({ metal: 'Brass, brass,,copper', stone: '' })).toEqual({
      ok: true,
      value: { attributes: { metal: ['brass', 'copper'], stone: [] } },
    });
    const bad = checkProductExtras({ metal: 'brass', stone: 'a b' });
    expect(bad).toMatchObject({ ok: false, issues: [{ path: 'stone' }] });
  });

  it('makes slugs from English labels', () => {
    expect(slugOfLabel('925 Sterling Silver')).toBe('925-sterling-silver');
    expect(slugOfLabel('  Rosé  gold / plated ')).toBe('rose-gold-plated');
    expect(slugOfLabel('माणिक')).toBe('');
  });
});
