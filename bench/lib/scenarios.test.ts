import { describe, expect, it } from 'vitest';
import { seededRandom } from './pages.ts';
import { misspelledTerms, searchTerms } from './scenarios.ts';

describe('searchTerms', () => {
  it('asks for every two-character term once, in a shuffled order', () => {
    const terms = searchTerms('short', 1000, seededRandom(1));
    expect(terms).toHaveLength(36 * 36);
    expect(new Set(terms).size).toBe(terms.length);
    expect(terms.every((t) => /^[a-z0-9]{2}$/.test(t))).toBe(true);
    expect(terms.slice(0, 3)).not.toEqual(['aa', 'ab', 'ac']);
  });
  it('draws thousands of distinct long terms from the generated names and codes', () => {
    const terms = searchTerms('long', 100_000, seededRandom(2));
    expect(new Set(terms).size).toBeGreaterThan(4000);
    // Product 4521 of the generator is "Kundan Hammered Bracelet 4521", code BX-0004617.
    expect(
      terms.filter((t) => /^[A-Z][a-z]+ [A-Z][a-z]+ (Ring|Bracelet|Earrings|Necklace|Pendant) \d+$/.test(t))
        .length,
    ).toBeGreaterThan(1000);
    expect(terms.filter((t) => /^BX-\d{7}$/.test(t)).length).toBeGreaterThan(1000);
    expect(terms.every((t) => t.length <= 100)).toBe(true);
  });
});

describe('misspelledTerms', () => {
  it('swaps two inner letters of the kind word and adds the product number', () => {
    const terms = misspelledTerms(100_000, seededRandom(3));
    expect(new Set(terms).size).toBeGreaterThan(4000);
    expect(terms.every((t) => /^[a-z]+ \d+$/.test(t))).toBe(true);
    const words = new Set(terms.map((t) => t.split(' ')[0]));
    for (const kind of ['ring', 'bracelet', 'earrings', 'necklace', 'pendant'])
      expect(words.has(kind)).toBe(false);
    expect(words.has('nekclace')).toBe(true);
    expect(words.has('barcelet')).toBe(true);
  });
});
