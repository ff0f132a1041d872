import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@catalogue/shared/schemas/product';
import type { AttributeLists } from '@catalogue/shared/schemas/attributes';
import type { SearchPage, Synonym } from '@catalogue/shared/schemas/search';
import { attributeValues, productAttributes, products } from '../../db/schema/products.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { multipart } from '../../../test/image-fixtures.ts';

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

  /** The products of the results page's first page, by name. */
  const found = async (q: string) => names((await page(q)).products);

  it('ranks the exact code, then prefixes, then substrings, newest first within each', async () => {
    // "er": code ER exactly; ER-100 starts with it; Silver…, Ember…, Silver_Ring contain it.
    const er = [
      'Ring ER',
      'Gold Plated Earrings',
      'Silver Bracelet',
      'Ember Ring',
      '100% Silver_Ring \\ (v2)',
    ];
    expect(names(await header('er'))).toEqual(er);
    expect(await found('er')).toEqual(er);
    // "ring": names starting with it, then containing it (literal); every design of the Rings
    // category is among them, so the results page adds none.
    const ring = ['Ring ER', 'Gold Plated Earrings', 'Ember Ring', '100% Silver_Ring \\ (v2)'];
    expect(names(await header('ring'))).toEqual(ring);
    expect(await found('ring')).toEqual(ring);
  });

  it('finds misspellings on the results page after the literal matches, never in the header', async () => {
    expect(await found('neckalce')).toEqual(['Kundan Necklace Set', 'Pearl Necklace']);
    expect(await found('braclet')).toEqual(['Silver Bracelet', 'Oxidised Anklet Pair', 'Brass Bangle']);
    expect(await found('earing')).toEqual([
      'Gold Plated Earrings',
      'Temple Jhumka',
      'चाँदी झुमका',
      'Gold Stud',
    ]);
    const necklace = await page('neckalce');
    expect(necklace.interpretation).toEqual({ corrected: 'necklace', synonyms: [] });
    expect(necklace.literalTotal).toBe(0);
    expect(necklace.totalItems).toBe(2);
    // The header's search is literal: a name or code holding the text, nothing else.
    for (const text of ['neckalce', 'braclet', 'earing']) expect(await header(text), text).toEqual([]);
    expect(names(await header('necklace'))).toEqual(['Kundan Necklace Set', 'Pearl Necklace']);
  });

  it('reads the seeded synonyms, in Latin and Devanagari letters, on the results page only', async () => {
    expect(await found('jhumka')).toEqual([
      'Temple Jhumka',
      'Gold Plated Earrings',
      'चाँदी झुमका',
      'Gold Stud',
    ]);
    expect(await found('gold jhumka')).toEqual(['Gold Plated Earrings', 'Gold Stud']);
    expect(await found('haar')).toEqual(['Kundan Necklace Set', 'Pearl Necklace']);
    expect(await found('payal')).toEqual(['Oxidised Anklet Pair']);
    expect(await found('kada')).toEqual(['Brass Bangle']);
    expect(await found('झुमका')).toEqual(['चाँदी झुमका', 'Gold Plated Earrings', 'Temple Jhumka', 'Gold Stud']);
    expect((await page('haar')).interpretation).toEqual({
      corrected: null,
      synonyms: [{ term: 'haar', meaning: 'necklace' }],
    });
    // Plural and singular are one word.
    expect(await found('necklaces')).toEqual(['Kundan Necklace Set', 'Pearl Necklace']);
    // The header answers the literal matches alone.
    expect(names(await header('jhumka'))).toEqual(['Temple Jhumka']);
    expect(names(await header('झुमका'))).toEqual(['चाँदी झुमका']);
    expect(await header('gold jhumka')).toEqual([]);
    expect(await header('haar')).toEqual([]);
  });

  it('takes LIKE wildcards, backslashes and regex characters literally', async () => {
    expect(names(await header('%'))).toEqual(['100% Silver_Ring \\ (v2)']);
    expect(names(await header('_'))).toEqual(['100% Silver_Ring \\ (v2)']);
    expect(names(await header('\\'))).toEqual(['100% Silver_Ring \\ (v2)']);
    expect(names(await header('(v2)'))).toEqual(['100% Silver_Ring \\ (v2)']);
    expect(await header('.*')).toEqual([]);
    expect(await header('[a-z]+')).toEqual([]);
    // A wildcard or a regular expression never matches other characters in the header.
    expect(await header('Ri_g')).toEqual([]);
    expect(await header('(a+)+$')).toEqual([]);
    expect(await header('g.ld')).toEqual([]);
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
      expect(await found('tops')).toEqual([]);
      const added = await call('POST', '', admin.token, { term: '  Tops ', meaning: 'Stud' });
      expect(added.statusCode).toBe(201);
      const synonym = added.json<{ synonym: Synonym }>().synonym;
      expect(synonym).toMatchObject({ term: 'tops', meaning: 'stud' });
      expect(await found('tops')).toEqual(['Gold Stud']);
      expect(await header('tops')).toEqual([]);

      const edited = await call('PUT', `/${synonym.id}`, admin.token, { term: 'tops', meaning: 'bangle' });
      expect(edited.statusCode).toBe(200);
      expect(await found('tops')).toEqual(['Brass Bangle']);

      expect(
        (await call('PUT', `/${synonym.id}`, admin.token, { term: 'haar', meaning: 'x' })).statusCode,
      ).toBe(409);
      expect((await call('DELETE', `/${synonym.id}`, admin.token)).statusCode).toBe(200);
      expect(await found('tops')).toEqual([]);
      expect((await call('DELETE', `/${synonym.id}`, admin.token)).statusCode).toBe(404);
      expect((await call('PUT', '/not-an-id', admin.token, { term: 'a', meaning: 'b' })).statusCode).toBe(
        404,
      );
    });
  });
});

/**
 * Designs whose metal, finish, stone and colour (by slug of the default lists), tags and
 * descriptions are their only words beyond the name; listed newest first.
 */
const DESCRIBED = [
  {
    name: 'Lotus Stud',
    category: 'Earrings',
    values: ['metal/sterling-silver', 'finish/oxidised', 'stone/cubic-zirconia', 'colour/silver'],
  },
  {
    name: 'Moon Hoop',
    category: 'Earrings',
    values: ['metal/brass', 'finish/gold-plated', 'colour/gold'],
    description: 'Light hoops with a filigree edge',
  },
  { name: 'Leaf Locket', category: 'Pendants', tags: ['navratri', 'festive wear'] },
  {
    name: 'Coin Pendant',
    category: 'Pendants',
    values: ['metal/copper'],
    description: 'Hand-hammered coin on a cotton cord',
  },
  { name: 'Filigree Drop', category: 'Earrings', values: ['metal/brass'] },
  { name: 'Silver Leaf Ring', category: 'Rings', values: ['metal/sterling-silver'] },
  { name: 'Kundan Choker', category: 'Necklaces', values: ['stone/kundan', 'colour/gold'] },
  { name: 'AXB Cuff', category: 'Bracelets' },
  { name: 'Create A Charm', category: 'Bracelets' },
];

describe('search by attribute labels, tags and descriptions', () => {
  let t: TestApp;
  let admin: TestUser;
  const idOf = new Map<string, string>();

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.database, { role: 'admin' });
    const db = t.database.db;
    const rows = await db
      .insert(products)
      .values(
        DESCRIBED.map((p, i) => ({
          name: p.name,
          code: `AW-${i + 1}`,
          category: p.category,
          subcategory: 'withoutgemstone',
          description: p.description ?? '',
          tags: p.tags ?? [],
          createdAt: new Date(BASE - (i + 1) * 60_000),
        })),
      )
      .returning({ id: products.id, name: products.name });
    for (const row of rows) idOf.set(row.name, row.id);
    const values = await db
      .select({ id: attributeValues.id, kind: attributeValues.kind, slug: attributeValues.slug })
      .from(attributeValues);
    const valueId = (key: string) => values.find((v) => `${v.kind}/${v.slug}` === key)!.id;
    await db
      .insert(productAttributes)
      .values(
        DESCRIBED.flatMap((p) =>
          (p.values ?? []).map((key) => ({ productId: idOf.get(p.name)!, valueId: valueId(key) })),
        ),
      );
  });
  afterAll(() => t.close());

  const page = async (q: string) => {
    const response = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` });
    expect(response.statusCode, q).toBe(200);
    return response.json<SearchPage>();
  };
  const found = async (q: string) => names((await page(q)).products);
  const header = async (text: string) => {
    const response = await t.app.inject({ url: `/api/products/product?search=${encodeURIComponent(text)}` });
    expect(response.statusCode, text).toBe(200);
    return names(response.json<Product[]>());
  };

  it('finds metal, finish, stone and colour words by their English labels, numbers included', async () => {
    expect(await found('brass')).toEqual(['Moon Hoop', 'Filigree Drop']);
    expect(await found('oxidised')).toEqual(['Lotus Stud']);
    expect(await found('925')).toEqual(['Lotus Stud', 'Silver Leaf Ring']);
    expect(await found('zirconia')).toEqual(['Lotus Stud']);
    expect(await found('Gold')).toEqual(['Moon Hoop', 'Kundan Choker']);
    // A close spelling of a label counts too.
    const oxidized = await page('oxidized');
    expect(names(oxidized.products)).toEqual(['Lotus Stud']);
    expect(oxidized.interpretation.corrected).toBe('oxidised');
  });

  it('finds them by their Hindi labels', async () => {
    expect(await found('पीतल')).toEqual(['Moon Hoop', 'Filigree Drop']);
    expect(await found('चाँदी')).toEqual(['Lotus Stud', 'Silver Leaf Ring']);
    expect(await found('कुंदन')).toEqual(['Kundan Choker']);
  });

  it('finds tags and description words', async () => {
    expect(await found('navratri')).toEqual(['Leaf Locket']);
    expect(await found('festive')).toEqual(['Leaf Locket']);
    expect(await found('cotton')).toEqual(['Coin Pendant']);
    expect(await found('hammered')).toEqual(['Coin Pendant']);
  });

  it('needs every word of a query, each matched anywhere', async () => {
    expect(await found('silver earrings')).toEqual(['Lotus Stud']);
    expect(await found('gold jhumka')).toEqual(['Moon Hoop']);
    expect(await found('copper pendant')).toEqual(['Coin Pendant']);
    expect(await found('brass pendant')).toEqual([]);
    expect(await found('925 earrings')).toEqual(['Lotus Stud']);
  });

  it('ranks name and code matches before attribute, tag and description matches', async () => {
    // The literal name match first, although the design is older than the other.
    expect(await found('silver')).toEqual(['Silver Leaf Ring', 'Lotus Stud']);
    const filigree = await page('filigree');
    expect(names(filigree.products)).toEqual(['Filigree Drop', 'Moon Hoop']);
    expect(filigree.literalTotal).toBe(1);
    // Neither literal: every word in the name or category first, then the one that needs its description.
    const words = await page('filigree earrings');
    expect(names(words.products)).toEqual(['Filigree Drop', 'Moon Hoop']);
    expect(words.literalTotal).toBe(0);
  });

  it('keeps the header search literal: name or code only, wildcards as plain characters', async () => {
    expect(await header('silver')).toEqual(['Silver Leaf Ring']);
    expect(await header('brass')).toEqual([]);
    expect(await header('cotton')).toEqual([]);
    expect(await header('oxidized')).toEqual([]);
    expect(await header('AX_')).toEqual([]);
    expect(await header('(a+)+$')).toEqual([]);
    expect(await header('axb')).toEqual(['AXB Cuff']);
    expect(await header('create a')).toEqual(['Create A Charm']);
  });

  it("follows edits of a product's attributes, tags and description, and of a label", async () => {
    const form = multipart(
      {
        name: 'Leaf Locket',
        code: 'AW-3',
        category: 'Pendants',
        subcategory: 'withoutgemstone',
        description: 'Pressed leaf motif',
        metal: 'brass',
        tags: 'diwali',
      },
      [],
    );
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/admin/${idOf.get('Leaf Locket')}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin.token) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await found('navratri')).toEqual([]);
    expect(await found('diwali')).toEqual(['Leaf Locket']);
    expect(await found('pressed')).toEqual(['Leaf Locket']);
    expect(await found('brass')).toEqual(['Moon Hoop', 'Leaf Locket', 'Filigree Drop']);

    const lists = (await t.app.inject({ url: '/api/attributes' })).json<AttributeLists>();
    const oxidised = lists.finish.find((v) => v.slug === 'oxidised')!;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/attributes/admin/finish/${oxidised.id}`,
      headers: bearer(admin.token),
      payload: { labelEn: 'Antique oxidised', labelHi: 'एंटीक' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found('antique')).toEqual(['Lotus Stud']);
    expect(await found('एंटीक')).toEqual(['Lotus Stud']);
    expect(await found('ऑक्सीडाइज़्ड')).toEqual([]);
  });
});
