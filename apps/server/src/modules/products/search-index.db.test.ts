import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@catalogue/shared/schemas/product';
import { products } from '../../db/schema/products.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { findRankedRows, searchProducts, streamSearchRows } from './products.repository.ts';
import { foldText, isIndexable, SearchIndex } from './search-index.ts';

const BASE = Date.UTC(2025, 0, 1);
const WORDS = ['Kundan', 'Ring', 'Temple', 'Necklace', 'Jhumka', 'अंगूठी', 'चाँदी', 'Polki', 'Ringlet', 'Mala'];
const ODD = ['100% Silver', 'Silver_Ring', '(v2)', '.*', '"quoted"', "it's", '\\back'];

/** 700 products: mixed words, Hindi, odd characters, codes that prefix each other, shared timestamps. */
function generated() {
  let seed = 11;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: 700 }, (_, i) => {
    const a = WORDS[Math.floor(random() * WORDS.length)]!;
    const b = WORDS[Math.floor(random() * WORDS.length)]!;
    const odd = i % 23 === 0 ? ` ${ODD[i % ODD.length]}` : '';
    return {
      name: `${a} ${b} ${i}${odd}`,
      code: `${a.slice(0, 2).toUpperCase()}-${i}`,
      category: 'Rings',
      subcategory: 'withgemstone',
      description: '',
      // Every fourth product shares its timestamp with the one before it: the id breaks the tie.
      createdAt: new Date(BASE - (i - (i % 4 === 3 ? 1 : 0)) * 60_000),
    };
  });
}

describe('header search: the in-process index and SQL agree', () => {
  let t: TestApp;
  let index: SearchIndex;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.database.db.insert(products).values(generated());
    // Codes that start with "ZX", all newer than the product whose code is exactly "ZX".
    const zx = (code: string, minutesAgo: number) => ({
      name: `Zx piece ${code}`,
      code,
      category: 'Rings',
      subcategory: 'withgemstone',
      description: '',
      createdAt: new Date(BASE - minutesAgo * 60_000),
    });
    await t.database.db
      .insert(products)
      .values([...Array.from({ length: 60 }, (_, i) => zx(`ZX-${i}`, 2000 + i)), zx('ZX', 9000)]);
    index = await SearchIndex.build(streamSearchRows(t.database.db, 64));
  });
  afterAll(() => t.close());

  it('answers the same rows in the same order for many terms', async () => {
    const db = t.database.db;
    const terms = [
      'k',
      'R',
      'g',
      '1',
      '%',
      '_',
      '\\',
      '(',
      '.*',
      'ri',
      'RI',
      'ng',
      '12',
      'ku',
      'अं',
      'चाँदी',
      'ring',
      'ringlet',
      'kundan ring',
      'ring 1',
      'ku-1',
      'KU-12',
      'ku-123',
      'mala mala',
      '100% silver',
      "it's",
      '"quoted"',
      'zzz',
      'temple necklace 0',
      'ne-',
      'i 9',
      'silver_ring',
      'ring (v2)',
    ];
    for (let i = 0; i < 700; i += 29) terms.push(`${i}`, `-${i}`, `${WORDS[i % WORDS.length]} ${i % 50}`);
    expect(index.size).toBeGreaterThanOrEqual(700);
    for (const term of terms) {
      expect(isIndexable(term)).toBe(true);
      const fromSql = (await searchProducts(db, term, 50)).map((r) => r.id);
      const fromIndex = (await findRankedRows(db, index.find(foldText(term), 50), term, 50)).map((r) => r.id);
      expect(fromIndex, term).toEqual(fromSql);
    }
  });

  it('puts the exact code first even when the index ranked it past the limit', async () => {
    const db = t.database.db;
    const ranked = index.find('zx', 50);
    const rows = await findRankedRows(db, ranked, 'zX', 50);
    expect(rows.map((r) => r.code)).toEqual(['ZX', ...Array.from({ length: 49 }, (_, i) => `ZX-${i}`)]);
    expect(rows.map((r) => r.id)).toEqual((await searchProducts(db, 'zX', 50)).map((r) => r.id));
    expect(await findRankedRows(db, [], 'no-such-code', 50)).toEqual([]);
  });

  it('serves the API from the index once built, and a write here shows at once', async () => {
    const search = async (text: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/products/product?search=${encodeURIComponent(text)}` })
      ).json<Product[]>();
    const catalogue = t.app.services.catalogue;
    const before = await search('Ringlet'); // SQL while the index builds
    await catalogue.searchIndexSettled();
    t.app.services.events.emit('catalogue:changed'); // empties the answer cache
    await search('zz-warm'); // starts the build again after the event
    await catalogue.searchIndexSettled();
    expect((await search('Ringlet')).map((p) => p._id)).toEqual(before.map((p) => p._id));
    // The index answers now: a row written behind this instance's back is not in it until the
    // version check or a write event here.
    await t.database.db
      .insert(products)
      .values({ name: 'Zircon Solitaire', code: 'ZS-1', category: 'Rings', subcategory: 'withgemstone' });
    expect(await search('zircon')).toEqual([]);

    const [added] = await t.database.db
      .insert(products)
      .values({ name: 'Ringlet Newest', code: 'NEW-RINGLET', category: 'Rings', subcategory: 'withgemstone' })
      .returning();
    t.app.services.events.emit('catalogue:changed');
    expect((await search('ringlet'))[0]!._id).toBe(added!.id); // SQL while rebuilding
    t.app.services.events.emit('catalogue:changed');
    await search('zz-warm-2');
    await catalogue.searchIndexSettled();
    expect((await search('ringlet'))[0]!._id).toBe(added!.id); // and the rebuilt index
    expect((await search('new-ringlet'))[0]!._id).toBe(added!.id);
  });
});
