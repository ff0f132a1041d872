import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@catalogue/shared/schemas/product';
import type { SearchPage, Synonym } from '@catalogue/shared/schemas/search';
import { products } from '../../db/schema/products.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';

const BASE = Date.UTC(2025, 5, 1);

/** Products listed newest first: `minutesAgo` grows down the list. */
const CATALOGUE = [
  { name: 'Gold Plated Earrings', code: 'ER-100', category: 'Earrings', minutesAgo: 1 },
  { name: 'Kundan Necklace Set', code: 'NK-200', category: 'Necklaces', minutesAgo: 2 },
  { name: 'Silver Bracelet', code: 'BR-300', category: 'Bracelets', minutesAgo: 3 },
  { name: 'Temple Jhumka', code: 'JH-400', category: 'Earrings', minutesAgo: 4 },
  { name: 'Oxidised Anklet Pair', code: 'AN-500', category: 'Bracelets', minutesAgo: 5 },
  { name: 'Brass Bangle', code: 'BG-600', category: 'Bracelets', minutesAgo: 6 },
  { name: 'Ring ER', code: 'ER', category: 'Rings', minutesAgo: 7 },
  { name: 'Ember Ring', code: 'RG-800', category: 'Rings', minutesAgo: 8 },
  { name: 'Pearl Necklace', code: 'NK-900', category: 'Necklaces', minutesAgo: 9 },
  { name: 'चाँदी झुमका', code: 'HI-1000', category: 'Earrings', minutesAgo: 10 },
  { name: '100% Silver_Ring \\ (v2)', code: 'SP-1100', category: 'Rings', minutesAgo: 11 },
  { name: 'Gold Stud', code: 'ST-1200', category: 'Earrings', minutesAgo: 12 },
  // Twenty older ones, for paging: "Zq Item 1" is the newest of them.
  ...Array.from({ length: 20 }, (_, i) => ({
    name: `Zq Item ${i + 1}`,
    code: `ZQ-${i + 1}`,
    category: 'Pendants',
    minutesAgo: 100 + i,
  })),
];

const names = (list: Array<{ name: string }>) => list.map((p) => p.name);

describe('forgiving search', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.database, { role: 'admin' });
    buyer = await createUser(t.database);
    await t.database.db.insert(products).values(
      CATALOGUE.map(({ minutesAgo, ...p }) => ({
        ...p,
        subcategory: 'withgemstone',
        description: '',
        createdAt: new Date(BASE - minutesAgo * 60_000),
      })),
    );
  });
  afterAll(() => t.close());

  const header = async (text: string) => {
    const response = await t.app.inject({ url: `/api/products/product?search=${encodeURIComponent(text)}` });
    expect(response.statusCode, text).toBe(200);
    return response.json<Product[]>();
  };
  const page = async (q: string, n?: number) => {
    const response = await t.app.inject({
      url: `/api/search?q=${encodeURIComponent(q)}${n ? `&page=${n}` : ''}`,
    });
    expect(response.statusCode, q).toBe(200);
    return response.json<SearchPage>();
  };

  it('ranks the exact code, then prefixes, then substrings, then close spellings, newest first within each', async () => {
    // "er": code ER exactly; ER-100 starts with it; Silver…, Ember…, Silver_Ring contain it.
    expect(names(await header('er'))).toEqual([
      'Ring ER',
      'Gold Plated Earrings',
      'Silver Bracelet',
      'Ember Ring',
      '100% Silver_Ring \\ (v2)',
    ]);
    // "ring": names starting with it, then containing it (literal), then the Rings category.
    expect(names(await header('ring'))).toEqual([
      'Ring ER',
      'Gold Plated Earrings',
      'Ember Ring',
      '100% Silver_Ring \\ (v2)',
    ]);
  });

  it('finds misspellings after the literal matches', async () => {
    expect(names(await header('neckalce'))).toEqual(['Kundan Necklace Set', 'Pearl Necklace']);
    expect(names(await header('braclet'))).toEqual([
      'Silver Bracelet',
      'Oxidised Anklet Pair',
      'Brass Bangle',
    ]);
    expect(names(await header('earing'))).toEqual([
      'Gold Plated Earrings',
      'Temple Jhumka',
      'चाँदी झुमका',
      'Gold Stud',
    ]);
    const found = await page('neckalce');
    expect(found.interpretation).toEqual({ corrected: 'necklace', synonyms: [] });
    expect(found.literalTotal).toBe(0);
    expect(found.totalItems).toBe(2);
  });

  it('reads the seeded synonyms, in Latin and Devanagari letters', async () => {
    expect(names(await header('jhumka'))).toEqual([
      'Temple Jhumka',
      'Gold Plated Earrings',
      'चाँदी झुमका',
      'Gold Stud',
    ]);
    expect(names(await header('gold jhumka'))).toEqual(['Gold Plated Earrings', 'Gold Stud']);
    expect(names(await header('haar'))).toEqual(['Kundan Necklace Set', 'Pearl Necklace']);
    expect(names(await header('payal'))).toEqual(['Oxidised Anklet Pair']);
    expect(names(await header('kada'))).toEqual(['Brass Bangle']);
    expect(names(await header('झुमका'))).toEqual([
      'चाँदी झुमका',
      'Gold Plated Earrings',
      'Temple Jhumka',
      'Gold Stud',
    ]);
    expect((await page('haar')).interpretation).toEqual({
      corrected: null,
      synonyms: [{ term: 'haar', meaning: 'necklace' }],
    });
    // Plural and singular are one word.
    expect(names(await header('necklaces'))).toEqual(['Kundan Necklace Set', 'Pearl Necklace']);
  });

  it('takes LIKE wildcards, backslashes and regex characters literally', async () => {
    expect(names(await header('%'))).toEqual(['100% Silver_Ring \\ (v2)']);
    expect(names(await header('_'))).toEqual(['100% Silver_Ring \\ (v2)']);
    expect(names(await header('\\'))).toEqual(['100% Silver_Ring \\ (v2)']);
    expect(names(await header('(v2)'))).toEqual(['100% Silver_Ring \\ (v2)']);
    expect(await header('.*')).toEqual([]);
    expect(await header('[a-z]+')).toEqual([]);
    expect((await page('%')).totalItems).toBe(1);
    expect((await page('.*')).totalItems).toBe(0);
  });

  it('pages the results page 16 at a time and refuses bad text with a message', async () => {
    const first = await page('zq item');
    expect(first).toMatchObject({
      query: 'zq item',
      totalItems: 20,
      literalTotal: 20,
      totalPages: 2,
      currentPage: 1,
    });
    expect(names(first.products)).toEqual(Array.from({ length: 16 }, (_, i) => `Zq Item ${i + 1}`));
    const second = await page('zq item', 2);
    expect(names(second.products)).toEqual(['Zq Item 17', 'Zq Item 18', 'Zq Item 19', 'Zq Item 20']);
    expect(second.currentPage).toBe(2);
    // The exact code first, then the rest of the prefix matches (ZQ-1 itself is not repeated).
    expect(names((await page('zq-1')).products)).toEqual([
      'Zq Item 1',
      ...[10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((n) => `Zq Item ${n}`),
    ]);
    const all = await page('a');
    expect(all.totalItems).toBe(7);
    const empty = await page('');
    expect(empty).toMatchObject({ totalItems: 0, products: [], totalPages: 1 });
    const long = await t.app.inject({ url: `/api/search?q=${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual(
      expect.objectContaining({ message: 'search must be at most 100 characters' }),
    );
    const control = await t.app.inject({ url: `/api/search?q=a%01b` });
    expect(control.statusCode).toBe(400);
  });

  describe('synonym administration', () => {
    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      token?: string,
      payload?: unknown,
    ) =>
      t.app.inject({
        method,
        url: `/api/search/synonyms${url}`,
        headers: token ? bearer(token) : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    it('is for administrators only', async () => {
      expect((await call('GET', '')).statusCode).toBe(401);
      expect((await call('GET', '', buyer.token)).statusCode).toBe(403);
      expect((await call('POST', '', buyer.token, { term: 'x', meaning: 'y' })).statusCode).toBe(403);
      expect((await call('DELETE', '/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
      const list = await call('GET', '', admin.token);
      expect(list.statusCode).toBe(200);
      const terms = list.json<{ synonyms: Synonym[] }>().synonyms.map((s) => s.term);
      expect(terms).toContain('jhumka');
      expect(terms).toContain('झुमका');
    });

    it('validates, stores lower-case, refuses a duplicate term and stores nothing bad', async () => {
      const bad = await call('POST', '', admin.token, { term: '', meaning: 'x'.repeat(81) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        message: 'term is required; meaning must be at most 80 characters',
        issues: [
          { path: 'term', message: 'term is required' },
          { path: 'meaning', message: 'meaning must be at most 80 characters' },
        ],
      });
      const long = await call('POST', '', admin.token, { term: 'y'.repeat(41), meaning: 'ring' });
      expect(long.json()).toMatchObject({ message: 'term must be at most 40 characters' });
      const taken = await call('POST', '', admin.token, { term: 'JHUMKA', meaning: 'ring' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ message: 'this term already has a synonym' });
      const list = (await call('GET', '', admin.token)).json<{ synonyms: Synonym[] }>().synonyms;
      expect(list.find((s) => s.term === 'jhumka')?.meaning).toBe('earring');
      expect(list.some((s) => s.term === 'y'.repeat(41) || s.meaning === 'x'.repeat(81))).toBe(false);
    });

    it('adds, edits and removes, and searches follow at once', async () => {
      expect(await header('tops')).toEqual([]);
      const added = await call('POST', '', admin.token, { term: '  Tops ', meaning: 'Stud' });
      expect(added.statusCode).toBe(201);
      const synonym = added.json<{ synonym: Synonym }>().synonym;
      expect(synonym).toMatchObject({ term: 'tops', meaning: 'stud' });
      expect(names(await header('tops'))).toEqual(['Gold Stud']);

      const edited = await call('PUT', `/${synonym.id}`, admin.token, { term: 'tops', meaning: 'bangle' });
      expect(edited.statusCode).toBe(200);
      expect(names(await header('tops'))).toEqual(['Brass Bangle']);

      expect(
        (await call('PUT', `/${synonym.id}`, admin.token, { term: 'haar', meaning: 'x' })).statusCode,
      ).toBe(409);
      expect((await call('DELETE', `/${synonym.id}`, admin.token)).statusCode).toBe(200);
      expect(await header('tops')).toEqual([]);
      expect((await call('DELETE', `/${synonym.id}`, admin.token)).statusCode).toBe(404);
      expect((await call('PUT', '/not-an-id', admin.token, { term: 'a', meaning: 'b' })).statusCode).toBe(
        404,
      );
    });
  });
});
