import { describe, expect, it } from 'vitest';
import { seededRandom } from './pages.ts';
import { catalogueScenarios, misspelledTerms, searchTerms, type Catalogue } from './scenarios.ts';

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

describe('the cache-miss scenarios', () => {
  const catalogue: Catalogue = {
    totalPages: 10,
    totalItems: 160,
    categoryPages: {},
    productIds: ['seen-1', 'seen-2'],
    imagePath: null,
    blogSlug: null,
  };
  const fresh = Array.from({ length: 12_000 }, (_, i) => `fresh-${i}`);

  it('split the fresh products between a gzip client and a browser, each page asked for once', () => {
    const scenarios = catalogueScenarios(catalogue, [], fresh);
    const gzip = scenarios.find((s) => s.key === 'ssr-product-miss')!;
    const browser = scenarios.find((s) => s.key === 'ssr-product-miss-browser')!;
    expect(gzip.paths).toHaveLength(6000);
    expect(browser.paths).toHaveLength(6000);
    expect(gzip.paths![0]).toBe('/singleproduct/fresh-0');
    expect(browser.paths![0]).toBe('/singleproduct/fresh-6000');
    expect(gzip.paths!.filter((p) => browser.paths!.includes(p))).toEqual([]);
    expect(gzip.headers?.['accept-encoding']).toBeUndefined(); // the bench's gzip
    expect(browser.headers?.['accept-encoding']).toBe('gzip, deflate, br, zstd');
    expect([gzip.once, browser.once]).toEqual([true, true]);
  });

  it('are left out when too few products are fresh', () => {
    const keys = catalogueScenarios(catalogue, [], fresh.slice(0, 5999)).map((s) => s.key);
    expect(keys).not.toContain('ssr-product-miss');
    expect(keys).not.toContain('ssr-product-miss-browser');
  });
});
