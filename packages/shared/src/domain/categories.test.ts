import { describe, expect, it } from 'vitest';
import { parseCategory, parseSubcategory, subcategoryForFilter } from './categories.ts';

describe('category input', () => {
  it.each([
    ['Rings', 'Rings'],
    ['rings', 'Rings'],
    ['RING', 'Rings'],
    [' Necklace ', 'Necklaces'],
    ['earring', 'Earrings'],
    ['Bracelet', 'Bracelets'],
    ['pendants', 'Pendants'],
  ])('%s → %s', (input, expected) => {
    expect(parseCategory(input)).toBe(expected);
  });

  it.each(['', 'Ringss', 'Watches', 'alldesigns'])('refuses %j', (input) => {
    expect(parseCategory(input)).toBeNull();
  });

  it('matches subcategories case-insensitively and refuses others', () => {
    expect(parseSubcategory('WithGemstone')).toBe('withgemstone');
    expect(parseSubcategory('withoutgemstone')).toBe('withoutgemstone');
    expect(parseSubcategory('gemstone')).toBeNull();
    expect(parseSubcategory(undefined)).toBeNull();
  });

  it('maps listing filters; anything else means all', () => {
    expect(subcategoryForFilter('with')).toBe('withgemstone');
    expect(subcategoryForFilter('without')).toBe('withoutgemstone');
    expect(subcategoryForFilter('all')).toBeNull();
    expect(subcategoryForFilter('WITH')).toBeNull();
  });
});
