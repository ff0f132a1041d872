import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Subcategory } from '@catalogue/shared/domain/categories';
import type { Product, ProductPage } from '@catalogue/shared/schemas/product';
import { products } from '../../db/schema/products.ts';
import { streamNewest } from './products.repository.ts';
import { buildTestApp, TEST_SITE_URL, type TestApp } from '../../../test/helpers.ts';
import { sampleImage } from '../../../test/image-fixtures.ts';

const BASE = Date.UTC(2025, 0, 1);
type Seed = { name: string; code: string; category: Category; subcategory: Subcategory; minutesAgo: number };

/** 130 rings, 45 necklaces, 25 earrings, no bracelets or pendants; some share a timestamp (id breaks the tie). */
function catalogue(): Seed[] {
  const out: Seed[] = [];
  const add = (category: Category, n: number, word: string) => {
    for (let i = 0; i < n; i++) {
      const k = out.length;
      out.push({
        name: `${word} ${k}`,
        code: `${category.slice(0, 2).toUpperCase()}-${String(k).padStart(4, '0')}`,
        category,
        subcategory: k % 3 === 0 ? 'withoutgemstone' : 'withgemstone',
        // Every fifth product shares the timestamp of the one before it.
        minutesAgo: k % 5 === 4 ? k - 1 : k,
      });
    }
  };
  add('Rings', 130, 'Kundan Ring');
  add('Necklaces', 45, 'Temple Necklace');
  add('Earrings', 25, 'Jhumka Earrings');
  return out;
}

describe('public product reads', () => {
  let t: TestApp;
  let mediaId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    mediaId = (
      await t.app.services.media.ingestImage(await sampleImage('png', 40, 40), {
        maxBytes: 1e7,
        tooLargeMessage: 'x',
      })
    ).id;
    const rows = catalogue().map((p) => ({
      name: p.name,
      code: p.code,
      category: p.category,
      subcategory: p.subcategory,
      description: `About ${p.name}`,
      createdAt: new Date(BASE - p.minutesAgo * 60_000),
      updatedAt: new Date(BASE - p.minutesAgo * 60_000),
    }));
    await t.database.db.insert(products).values(rows);
    await t.database.db.insert(products).values([
      {
        name: 'Special 100% Silver_Ring (v2) .* "quoted" it\'s \\back',
        code: 'SP-100%',
        category: 'Rings',
        subcategory: 'withgemstone',
        price: 12.5,
        mediaId,
        createdAt: new Date(BASE - 1000 * 60_000),
      },
      {
        name: 'चाँदी की अंगूठी',
        code: 'HI-001',
        category: 'Rings',
        subcategory: 'withoutgemstone',
        imageUrl: 'https://images.example.com/ring.jpg',
        createdAt: new Date(BASE - 1001 * 60_000),
      },
      {
        name: 'Pendant lookalike',
        code: 'SP-1000',
        category: 'Necklaces',
        subcategory: 'withgemstone',
        createdAt: new Date(BASE - 1002 * 60_000),
      },
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  /** The expected newest-first order, straight from SQL. */
  async function expectedIds(where = sql`true`): Promise<string[]> {
    const result = await t.database.db.execute<{ id: string }>(
      sql`SELECT id::text AS id FROM products WHERE ${where} ORDER BY created_at DESC, id DESC`,
    );
    return result.rows.map((r) => r.id);
  }

  describe('GET /api/products', () => {
    it('answers every product as a bare array, newest first', async () => {
      const res = await get('/api/products');
      expect(res.statusCode).toBe(200);
      const body = res.json<Product[]>();
      expect(body.map((p) => p._id)).toEqual(await expectedIds());
      expect(body).toHaveLength(203);
    });

    it('reads every product for that answer a chunk at a time, newest first, none twice', async () => {
      const chunks: string[][] = [];
      for await (const rows of streamNewest(t.database.db, 50)) chunks.push(rows.map((row) => row.id));
      expect(chunks.map((ids) => ids.length)).toEqual([50, 50, 50, 50, 3]);
      expect(chunks.flat()).toEqual(await expectedIds());
      // A caller that stops after the first chunk stops the reading too.
      for await (const rows of streamNewest(t.database.db, 200)) {
        expect(rows).toHaveLength(200);
        break;
      }
    });

    it('answers every product compressed as the client accepts, with one ETag for all three forms', async () => {
      const plain = await get('/api/products');
      const gzip = await get('/api/products', { 'accept-encoding': 'gzip' });
      const br = await get('/api/products', { 'accept-encoding': 'gzip, br' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
      const etag = plain.headers.etag as string;
      expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
      expect([gzip.headers.etag, br.headers.etag]).toEqual([etag, etag]);
      expect(gzip.headers.vary).toContain('Accept-Encoding');
      const again = await get('/api/products', { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('honours ?limit, caps it at 100 and ignores garbage', async () => {
      const ids = await expectedIds();
      expect((await get('/api/products?limit=8')).json<Product[]>().map((p) => p._id)).toEqual(
        ids.slice(0, 8),
      );
      expect((await get('/api/products?limit=5000')).json()).toHaveLength(100);
      for (const bad of ['abc', '0', '-3', '1.5', '']) {
        expect((await get(`/api/products?limit=${bad}`)).json()).toHaveLength(203);
      }
    });

    it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
      const first = await get('/api/products?limit=8');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);
      expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      const again = await get('/api/products?limit=8', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get('/api/products?limit=9', { 'if-none-match': etag })).statusCode).toBe(200);
    });

    it('carries the product JSON of the contract, image fields included', async () => {
      const all = (await get('/api/products')).json<Product[]>();
      const special = all.find((p) => p.code === 'SP-100%')!;
      expect(special).toEqual({
        _id: expect.any(String),
        name: 'Special 100% Silver_Ring (v2) .* "quoted" it\'s \\back',
        description: '',
        category: 'Rings',
        subcategory: 'withgemstone',
        code: 'SP-100%',
        // Prices are not public by default; absolute picture addresses; no image-CDN id.
        price: null,
        imageUrl: `${TEST_SITE_URL}/media/${mediaId}`,
        imageurl: `${TEST_SITE_URL}/media/${mediaId}`,
        cloudinaryId: null,
        createdAt: new Date(BASE - 1000 * 60_000).toISOString(),
        updatedAt: expect.any(String),
        // Added fields: the jewellery attributes, none given to this product.
        attributes: { metal: [], finish: [], stone: [], colour: [] },
        weightGrams: null,
        minOrderQuantity: null,
        tags: [],
        collection: '',
      });
      const external = all.find((p) => p.code === 'HI-001')!;
      expect(external).toMatchObject({
        imageUrl: 'https://images.example.com/ring.jpg',
        imageurl: 'https://images.example.com/ring.jpg',
        cloudinaryId: null,
      });
      expect(all.find((p) => p.code === 'SP-1000')).toMatchObject({
        imageUrl: null,
        imageurl: null,
        cloudinaryId: null,
      });
    });
  });

  describe('paging', () => {
    it('answers 16 per page by default with the totals', async () => {
      const res = await get('/api/products/paginated');
      const body = res.json<ProductPage>();
      expect(body.currentPage).toBe(1);
      expect(body.totalItems).toBe(203);
      expect(body.totalPages).toBe(13);
      expect(body.products.map((p) => p._id)).toEqual((await expectedIds()).slice(0, 16));
    });

    it('has a partial last page and an empty page past the end', async () => {
      const last = (await get('/api/products/paginated?page=13')).json<ProductPage>();
      expect(last.products.map((p) => p._id)).toEqual((await expectedIds()).slice(192));
      expect(last.products).toHaveLength(11);
      const beyond = (await get('/api/products/paginated?page=14')).json<ProductPage>();
      expect(beyond).toEqual({ products: [], currentPage: 14, totalPages: 13, totalItems: 203 });
      const far = (await get('/api/products/paginated?page=999999999')).json<ProductPage>();
      expect(far.products).toEqual([]);
    });

    it('caps the limit at 100 and falls back to defaults for garbage', async () => {
      expect((await get('/api/products/paginated?limit=5000')).json<ProductPage>().products).toHaveLength(
        100,
      );
      for (const query of [
        'page=abc&limit=xyz',
        'page=-1&limit=0',
        'page=1.5&limit=2.5',
        'page=&limit=',
        'page[]=2',
      ]) {
        const body = (await get(`/api/products/paginated?${query}`)).json<ProductPage>();
        expect(body.currentPage).toBe(1);
        expect(body.products).toHaveLength(16);
      }
    });

    it('returns exactly the rows OFFSET would, for every page size and page (ties broken by id)', async () => {
      const all = await expectedIds();
      for (const limit of [1, 3, 7, 10, 16, 17, 33, 100]) {
        const pages = Math.ceil(all.length / limit);
        for (let page = 1; page <= pages + 1; page++) {
          const body = (await get(`/api/products/paginated?page=${page}&limit=${limit}`)).json<ProductPage>();
          expect(body.products.map((p) => p._id)).toEqual(all.slice((page - 1) * limit, page * limit));
        }
      }
    });

    it('pages a category by the same rule', async () => {
      const rings = await expectedIds(sql`category = 'Rings'`);
      for (const [page, limit] of [
        [1, 16],
        [3, 16],
        [9, 16],
        [2, 50],
        [5, 7],
      ] as const) {
        const body = (
          await get(`/api/products/category/Rings/paginated?page=${page}&limit=${limit}`)
        ).json<ProductPage>();
        expect(body.products.map((p) => p._id)).toEqual(rings.slice((page - 1) * limit, page * limit));
        expect(body.totalItems).toBe(rings.length);
      }
    });
  });

  describe('categories', () => {
    it('matches category names case-insensitively and maps singular to plural', async () => {
      const rings = await expectedIds(sql`category = 'Rings'`);
      for (const name of ['Rings', 'rings', 'RINGS', 'Ring', 'ring']) {
        const body = (await get(`/api/products/category/${name}/paginated`)).json<ProductPage>();
        expect(body.totalItems).toBe(rings.length);
        expect(body.products.every((p) => p.category === 'Rings')).toBe(true);
      }
    });

    it('filters with=withgemstone, without=withoutgemstone, anything else = all', async () => {
      const count = async (filter: string) =>
        (await get(`/api/products/category/Necklaces/paginated?filter=${filter}`)).json<ProductPage>();
      const all = await count('all');
      const withGem = await count('with');
      const without = await count('without');
      expect(withGem.products.every((p) => p.subcategory === 'withgemstone')).toBe(true);
      expect(without.products.every((p) => p.subcategory === 'withoutgemstone')).toBe(true);
      expect(withGem.totalItems + without.totalItems).toBe(all.totalItems);
      expect((await count('sparkly')).totalItems).toBe(all.totalItems);
      expect((await get('/api/products/category/Necklaces/paginated')).json<ProductPage>().totalItems).toBe(
        all.totalItems,
      );
    });

    it('answers an unknown or empty category with an empty page, not an error', async () => {
      for (const url of [
        '/api/products/category/Watches/paginated',
        '/api/products/category/Pendants/paginated?page=3',
        '/api/products/categorys/Watches/subcategory/withgemstone/paginated',
        '/api/products/categorys/Rings/subcategory/sparkly/paginated',
      ]) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ products: [], totalPages: 1, totalItems: 0 });
      }
    });

    it('pages a category and subcategory, matched case-insensitively', async () => {
      const expected = await expectedIds(sql`category = 'Rings' AND subcategory = 'withoutgemstone'`);
      for (const url of [
        '/api/products/categorys/Rings/subcategory/withoutgemstone/paginated?page=2',
        '/api/products/categorys/ring/subcategory/WithoutGemstone/paginated?page=2',
      ]) {
        const body = (await get(url)).json<ProductPage>();
        expect(body.products.map((p) => p._id)).toEqual(expected.slice(16, 32));
        expect(body.totalItems).toBe(expected.length);
      }
    });

    it('answers the unpaged arrays newest first, capped at 100', async () => {
      const rings = await expectedIds(sql`category = 'Rings'`);
      const list = (await get('/api/products/category/ring')).json<Product[]>();
      expect(list.map((p) => p._id)).toEqual(rings.slice(0, 100));
      const sub = await expectedIds(sql`category = 'Necklaces' AND subcategory = 'withgemstone'`);
      const subList = (await get('/api/products/categorys/necklaces/subcategory/withgemstone')).json<
        Product[]
      >();
      expect(subList.map((p) => p._id)).toEqual(sub);
      expect((await get('/api/products/category/Watches')).json()).toEqual([]);
      expect((await get('/api/products/categorys/Rings/subcategory/nope')).json()).toEqual([]);
    });
  });

  describe('GET /api/products/single/{id}', () => {
    it('answers the product, or 404 for unknown and malformed ids', async () => {
      const [id] = await expectedIds();
      const res = await get(`/api/products/single/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<Product>()._id).toBe(id);
      for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' OR '1'='1", '%00']) {
        const miss = await get(`/api/products/single/${encodeURIComponent(bad)}`);
        expect(miss.statusCode).toBe(404);
        expect(miss.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
      }
    });
  });

  describe('search', () => {
    const search = async (text: string) => {
      const res = await get(`/api/products/product?search=${encodeURIComponent(text)}`);
      expect(res.statusCode).toBe(200);
      return res.json<Product[]>();
    };

    it('matches name or code, case-insensitively, at most 50', async () => {
      const found = await search('kundan');
      expect(found).toHaveLength(50);
      expect(found.every((p) => p.name.startsWith('Kundan Ring'))).toBe(true);
      expect((await search('ne-00')).map((p) => p.code).every((c) => c.toLowerCase().includes('ne-00'))).toBe(
        true,
      );
      expect((await search('JHUMKA')).length).toBe(25);
    });

    it('puts the exact code first, then prefixes, then the newest other matches', async () => {
      const codes = (await search('sp-100')).map((p) => p.code);
      expect(codes).toEqual(['SP-100%', 'SP-1000']);
      const exact = (await search('sp-1000')).map((p) => p.code);
      expect(exact[0]).toBe('SP-1000');
      // "ring": names starting with it come before names that merely contain it (none start with it here).
      const ring = await search('Ring 12');
      expect(ring[0]!.name).toBe('Kundan Ring 12');
    });

    it('ranks an older name that starts with the text above newer ones that only contain it', async () => {
      const [old] = await t.database.db
        .insert(products)
        .values({
          name: 'Ringlet Stud',
          code: 'ER-RINGLET',
          category: 'Earrings',
          subcategory: 'withgemstone',
          createdAt: new Date(BASE - 5000 * 60_000),
        })
        .returning();
      t.app.services.events.emit('catalogue:changed');
      try {
        const found = await search('ring');
        expect(found[0]!._id).toBe(old!.id);
        expect(found.slice(1).every((p) => !p.name.toLowerCase().startsWith('ring'))).toBe(true);
        expect(found).toHaveLength(50);
      } finally {
        await t.database.db.delete(products).where(sql`id = ${old!.id}`);
        t.app.services.events.emit('catalogue:changed');
      }
    });

    it('takes %, _, (, .*, quotes and backslashes literally', async () => {
      expect((await search('%')).map((p) => p.code)).toEqual(['SP-100%']);
      expect((await search('100%')).map((p) => p.code)).toEqual(['SP-100%']);
      expect((await search('_')).map((p) => p.code)).toEqual(['SP-100%']);
      expect((await search('(v2)')).map((p) => p.code)).toEqual(['SP-100%']);
      expect((await search('.*')).map((p) => p.code)).toEqual(['SP-100%']);
      expect(await search('(')).toHaveLength(1);
      expect(await search('[a-z]+')).toEqual([]);
      expect((await search('"quoted"')).map((p) => p.code)).toEqual(['SP-100%']);
      expect((await search("it's")).map((p) => p.code)).toEqual(['SP-100%']);
      expect((await search('\\back')).map((p) => p.code)).toEqual(['SP-100%']);
      expect(await search("'; DROP TABLE products; --")).toEqual([]);
    });

    it('finds Hindi text literally; what its synonym (ring) finds is for the results page', async () => {
      expect((await search('अंगूठी')).map((p) => p.code)).toEqual(['HI-001']);
      const res = await get(`/api/search?q=${encodeURIComponent('अंगूठी')}`);
      expect(res.statusCode).toBe(200);
      const found = res.json<{ products: Product[]; literalTotal: number }>();
      expect(found.products[0]!.code).toBe('HI-001');
      expect(found.literalTotal).toBe(1);
      expect(found.products).toHaveLength(16);
      expect(found.products.slice(1).every((p) => p.category === 'Rings' && p.code.startsWith('RI-'))).toBe(
        true,
      );
    });

    it('answers [] for blank input and 400 past 100 characters', async () => {
      expect(await search('')).toEqual([]);
      expect(await search('   ')).toEqual([]);
      expect((await get('/api/products/product')).json()).toEqual([]);
      expect(await search('x'.repeat(100))).toEqual([]);
      const long = await get(`/api/products/product?search=${'x'.repeat(101)}`);
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ message: 'search must be at most 100 characters' });
      for (const bad of ['%00', 'a%00b', 'a%0Ab', '%1B%5B31m']) {
        const res = await get(`/api/products/product?search=${bad}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: 'search must not contain control characters' });
      }
      // Characters, not UTF-16 units: 100 Devanagari letters are fine.
      expect(
        (await get(`/api/products/product?search=${encodeURIComponent('अ'.repeat(100))}`)).statusCode,
      ).toBe(200);
    });
  });

  describe('the service the storefront loaders use', () => {
    it('offers the same answers in-process', async () => {
      const catalogue = t.app.services.catalogue;
      const ids = await expectedIds();
      expect((await catalogue.listNewest(8)).map((p) => p._id)).toEqual(ids.slice(0, 8));
      expect(await catalogue.listNewest(5_000)).toHaveLength(100);
      expect((await catalogue.listPage({ page: 2, limit: 16 })).products.map((p) => p._id)).toEqual(
        ids.slice(16, 32),
      );
      expect(
        (await catalogue.listCategoryPage({ category: 'watch', filter: 'all', page: 1, limit: 16 })).products,
      ).toEqual([]);
      const sub = await catalogue.listSubcategoryPage({
        category: 'Earring',
        subcategory: 'withgemstone',
        page: 1,
        limit: 16,
      });
      expect(sub.products.every((p) => p.category === 'Earrings' && p.subcategory === 'withgemstone')).toBe(
        true,
      );
      expect(await catalogue.getById('garbage')).toBeNull();
      expect((await catalogue.search('temple')).length).toBe(45);
    });

    it('lists related products from the same category, never the product itself', async () => {
      const catalogue = t.app.services.catalogue;
      const necklaces = await expectedIds(sql`category = 'Necklaces'`);
      const product = (await catalogue.getById(necklaces[10]!))!;
      const related = await catalogue.listRelated(product, 4);
      expect(related).toHaveLength(4);
      expect(related.every((p) => p.category === 'Necklaces' && p._id !== product._id)).toBe(true);
      // The ones just older than it come first.
      expect(related.map((p) => p._id)).toEqual(necklaces.slice(11, 15));
      const oldest = (await catalogue.getById(necklaces[necklaces.length - 1]!))!;
      const wrapped = await catalogue.listRelated(oldest, 4);
      expect(wrapped.map((p) => p._id)).toEqual(necklaces.slice(0, 4));
    });
  });

  describe('cache', () => {
    it('keeps deep pages packed per encoding: the same JSON and ETag in each, until the catalogue changes', async () => {
      const url = '/api/products/paginated?page=40&limit=4'; // past the pages kept whole
      const all = await expectedIds();
      const decoded = async (acceptEncoding: string) => {
        const res = await get(url, { 'accept-encoding': acceptEncoding });
        expect(res.statusCode).toBe(200);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        const encoding = res.headers['content-encoding'];
        const text =
          encoding === 'gzip'
            ? zlib.gunzipSync(res.rawPayload).toString()
            : encoding === 'br'
              ? zlib.brotliDecompressSync(res.rawPayload).toString()
              : res.body;
        return { text, etag: res.headers.etag as string, encoding };
      };
      const plain = await decoded('identity');
      const gzip = await decoded('gzip');
      const br = await decoded('gzip, br');
      expect([plain.encoding, gzip.encoding, br.encoding]).toEqual([undefined, 'gzip', 'br']);
      expect(gzip.text).toBe(plain.text);
      expect(br.text).toBe(plain.text);
      expect(new Set([plain.etag, gzip.etag, br.etag]).size).toBe(1);
      const page = JSON.parse(plain.text) as ProductPage;
      expect(page.products.map((p) => p._id)).toEqual(all.slice(156, 160));
      expect((await get(url, { 'accept-encoding': 'gzip', 'if-none-match': gzip.etag })).statusCode).toBe(
        304,
      );

      // Served from the packed copy: a direct insert (no write event) is not seen...
      const [row] = await t.database.db
        .insert(products)
        .values({ name: 'Deep new', code: 'DEEP-1', category: 'Earrings', subcategory: 'withgemstone' })
        .returning();
      expect((await decoded('gzip')).text).toBe(plain.text);
      // ...until the catalogue changes: every page shifts by one.
      t.app.services.events.emit('catalogue:changed');
      const shifted = await decoded('gzip');
      expect(shifted.etag).not.toBe(gzip.etag);
      expect((JSON.parse(shifted.text) as ProductPage).products.map((p) => p._id)).toEqual(
        [row!.id, ...all].slice(156, 160),
      );
      expect((await get(url, { 'accept-encoding': 'gzip', 'if-none-match': gzip.etag })).statusCode).toBe(
        200,
      );
      await t.database.db.delete(products).where(sql`id = ${row!.id}`);
      t.app.services.events.emit('catalogue:changed');
    });

    it('drops cached lists when the catalogue changes', async () => {
      const before = await get('/api/products?limit=3');
      const [row] = await t.database.db
        .insert(products)
        .values({ name: 'Brand new', code: 'NEW-1', category: 'Rings', subcategory: 'withgemstone' })
        .returning();
      // A direct insert is invisible until a write event; the API's own writes emit it.
      expect((await get('/api/products?limit=3')).json<Product[]>()[0]!._id).not.toBe(row!.id);
      t.app.services.events.emit('catalogue:changed');
      const after = await get('/api/products?limit=3', { 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.json<Product[]>()[0]!._id).toBe(row!.id);
      expect((await get('/api/products/paginated')).json<ProductPage>().totalItems).toBe(204);
    });
  });
});

describe('product reads with the cache turned off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ CATALOGUE_CACHE_SECONDS: '0' });
  });
  afterAll(() => t.close());

  it('answers from the database every time, with the same shapes', async () => {
    const empty = (await t.app.inject({ method: 'GET', url: '/api/products/paginated' })).json();
    expect(empty).toEqual({ products: [], currentPage: 1, totalPages: 1, totalItems: 0 });
    await t.database.db
      .insert(products)
      .values({ name: 'Only', code: 'ONLY-1', category: 'Pendants', subcategory: 'withgemstone' });
    const page = (await t.app.inject({ method: 'GET', url: '/api/products/paginated' })).json<ProductPage>();
    expect(page.totalItems).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/products' })).json()).toHaveLength(1);
  });
});
