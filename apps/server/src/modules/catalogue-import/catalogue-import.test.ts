import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import {
  catalogueImportCalls,
  sheetRows,
  workbook,
  type Cell,
} from '../../../test/catalogue-import-fixtures.ts';
import { sampleImage, SVG_IMAGE, TEXT_FILE } from '../../../test/image-fixtures.ts';
import { zipArchive, type ZipEntry } from '../../lib/zip.ts';

const HEADER = [
  'code',
  'name',
  'description',
  'category',
  'subcategory',
  'price',
  'metal',
  'finish',
  'stone',
  'weight_grams',
  'min_order_quantity',
  'tags',
];

const zip = (entries: ZipEntry[]) => zipArchive(entries, new Date('2026-01-01T00:00:00Z'));

describe('catalogue export, import with pictures, and undo', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.database, { role: 'admin' });
    buyer = await createUser(t.database);
    jpeg = await sampleImage('jpeg', 64, 48);
    png = await sampleImage('png', 48, 64);
  });
  afterAll(() => t.close());

  const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
  /** Every product, gallery and attribute row as PostgreSQL prints it: the byte-identical check. */
  const everything = async () => ({
    products: await q(sql`SELECT p::text AS row FROM products p ORDER BY id`),
    images: await q(sql`SELECT i::text AS row FROM product_images i ORDER BY id`),
    attributes: await q(sql`SELECT a::text AS row FROM product_attributes a ORDER BY product_id, value_id`),
    media: await q(sql`SELECT id FROM media ORDER BY id`),
  });

  const { upload, check, apply, exportBook } = catalogueImportCalls(
    () => t,
    () => admin.token,
  );

  let firstImportId = '';

  it('creates products with pictures from the ZIP, attributes and numbers, reporting progress', async () => {
    const job = await check(
      workbook([
        HEADER,
        [
          'RG-1001',
          'Kundan Ring',
          'Hand set',
          'Rings',
          'withgemstone',
          1250.5,
          'brass',
          'gold-plated, oxidised',
          'kundan',
          12.5,
          24,
          'bridal, Festive',
        ],
        [
          'RG-1002',
          'Plain Band',
          null,
          'Rings',
          'withoutgemstone',
          null,
          'sterling-silver',
          null,
          null,
          null,
          null,
          null,
        ],
      ]),
      zip([
        { name: 'RG-1001.jpg', data: jpeg },
        { name: 'RG-1001-2.png', data: png },
        { name: 'photos/RG-1002.jpg', data: jpeg },
      ]),
    );
    expect(job.phase, job.message ?? '').toBe('checked');
    expect(job.message).toBeNull();
    expect(job.counts).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      errors: 0,
      pictures: 3,
      pictureErrors: 0,
      costings: 0,
    });
    expect(job.pictures.map((p) => [p.name, p.outcome, p.row, p.position])).toEqual([
      ['RG-1001.jpg', 'matched', 2, 1],
      ['RG-1001-2.png', 'matched', 2, 2],
      ['photos/RG-1002.jpg', 'matched', 3, 1],
    ]);
    const before = await everything();
    const applied = await apply(job);
    expect(applied.res.statusCode).toBe(202);
    expect(applied.job!.phase).toBe('applied');
    expect(applied.job!.progress).toEqual({ rowsDone: 2, rowsTotal: 2, picturesDone: 3, picturesTotal: 3 });
    firstImportId = applied.job!.importId!;
    expect((await everything()).media.length).toBe(before.media.length + 3);

    const [ring] = await q<{
      code: string;
      price: number;
      weight: string;
      moq: number;
      tags: string[];
      media_id: string;
      image_url: string | null;
    }>(
      sql`SELECT code, price, weight_grams::text AS weight, min_order_quantity AS moq, tags, media_id::text, image_url FROM products WHERE code = 'RG-1001'`,
    );
    expect(ring).toMatchObject({
      price: 1250.5,
      weight: '12.50',
      moq: 24,
      tags: ['bridal', 'festive'],
      image_url: null,
    });
    const gallery = await q<{ position: number; media_id: string }>(
      sql`SELECT i.position, i.media_id::text FROM product_images i JOIN products p ON p.id = i.product_id WHERE p.code = 'RG-1001' ORDER BY position`,
    );
    expect(gallery.map((g) => g.position)).toEqual([0, 1]);
    // The product's own picture mirrors the gallery's first.
    expect(ring!.media_id).toBe(gallery[0]!.media_id);
    const slugs = await q<{ slug: string }>(
      sql`SELECT v.slug FROM product_attributes a JOIN attribute_values v ON v.id = a.value_id JOIN products p ON p.id = a.product_id WHERE p.code = 'RG-1001' ORDER BY v.slug`,
    );
    expect(slugs.map((s) => s.slug)).toEqual(['brass', 'gold-plated', 'kundan', 'oxidised']);

    const history = await t.app.inject({ url: '/api/admin/catalogue/imports', headers: bearer(admin.token) });
    expect(history.json().imports[0]).toMatchObject({
      id: firstImportId,
      fileName: 'catalogue.xlsx',
      status: 'applied',
      canUndo: true,
    });
  });

  it('exports every field, and importing the export again changes nothing', async () => {
    const book = await exportBook();
    const rows = sheetRows(book);
    const ring = rows.find((r) => r.code === 'RG-1001')!;
    expect(ring).toMatchObject({
      name: 'Kundan Ring',
      metal: 'brass',
      finish: 'gold-plated, oxidised',
      stone: 'kundan',
      weight_grams: 12.5,
      min_order_quantity: 24,
      tags: 'bridal, festive',
    });
    expect(String(ring.images).split('\n')).toHaveLength(2);
    expect(String(ring.images)).toMatch(/^\/media\/[0-9a-f-]{36}\n\/media\/[0-9a-f-]{36}$/);

    const before = await everything();
    const job = await check(book);
    expect(job.rows.every((r) => r.outcome === 'unchanged')).toBe(true);
    expect(job.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2, errors: 0 });
    expect(job.message).toBe('Nothing to import: every row is unchanged');
    const applied = await apply(job);
    expect(applied.res.statusCode).toBe(409);
    expect(await everything()).toEqual(before);
  });

  it('filters the export by category and by attribute, and refuses an unknown filter value', async () => {
    const rings = sheetRows(await exportBook('?metal=sterling-silver'));
    expect(rings.map((r) => r.code)).toEqual(['RG-1002']);
    expect(sheetRows(await exportBook('?category=Earrings'))).toEqual([]);
    const bad = await t.app.inject({
      url: '/api/admin/catalogue/export?metal=gold-bar',
      headers: bearer(admin.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown metal "gold-bar"');
  });

  it('undo restores every touched product byte-identical and deletes the ones it created', async () => {
    const before = await everything();
    const job = await check(
      workbook([
        [...HEADER, 'images'],
        [
          'RG-1001',
          'Kundan Ring Renamed',
          null,
          'Rings',
          'withgemstone',
          99,
          'copper',
          null,
          null,
          3,
          null,
          'sale',
          'https://cdn.example.com/new.jpg',
        ],
        [
          'RG-2000',
          'New Jhumka',
          'Bell drops',
          'Earrings',
          'withgemstone',
          10,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
        ],
      ]),
      zip([{ name: 'RG-2000.jpg', data: jpeg }]),
    );
    expect(job.counts).toMatchObject({ created: 1, updated: 1, unchanged: 0 });
    const applied = await apply(job);
    expect(applied.job!.phase).toBe('applied');
    const after = await everything();
    expect(after.products).not.toEqual(before.products);

    // Only the newest applied import can be undone.
    const older = await t.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/imports/${firstImportId}/undo`,
      headers: bearer(admin.token),
    });
    expect(older.statusCode).toBe(409);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/imports/${applied.job!.importId}/undo`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await everything()).toEqual(before);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/imports/${applied.job!.importId}/undo`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses to undo when a product it touched was changed since, naming it', async () => {
    const job = await check(
      workbook([
        HEADER,
        ['RG-1002', 'Plain Band II', null, 'Rings', 'withoutgemstone', 5, null, null, null, null, null, null],
      ]),
    );
    const applied = await apply(job);
    await t.database.db.execute(
      sql`UPDATE products SET name = 'Edited by hand', updated_at = now() + interval '1 second' WHERE code = 'RG-1002'`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/imports/${applied.job!.importId}/undo`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('RG-1002');
    const [row] = await q<{ name: string }>(sql`SELECT name FROM products WHERE code = 'RG-1002'`);
    expect(row!.name).toBe('Edited by hand');
  });

  it("holds weight, minimum order and tags to the product form's bounds", async () => {
    const row = (code: string, weight: Cell, moq: Cell, tags: Cell): Cell[] => [
      code,
      'Bounded',
      null,
      'Necklaces',
      'withgemstone',
      10,
      null,
      null,
      null,
      weight,
      moq,
      tags,
    ];
    const job = await check(
      workbook([
        HEADER,
        row('BD-1', '99999.99 g', 10_000, 'bridal, Kundan Set'),
        row('BD-2', 100_000, 10_001, 'x'.repeat(41)),
      ]),
    );
    const [good, bad] = [job.rows.find((r) => r.row === 2)!, job.rows.find((r) => r.row === 3)!];
    expect(good.errors).toEqual([]);
    expect(bad.errors.map((e) => e.column)).toEqual(['weight_grams', 'min_order_quantity', 'tags']);
    expect(bad.errors[0]!.message).toContain('at most 99999.99');
    expect(bad.errors[1]!.message).toContain('from 1 to 10,000');
    expect(bad.errors[2]!.message).toContain('at most 40');
  });

  it('writes nothing when one row is bad, and lists each problem with its column', async () => {
    const before = await everything();
    const job = await check(
      workbook([
        HEADER,
        ['NE-1', 'Good Necklace', null, 'Necklaces', 'withgemstone', 10, null, null, null, null, null, null],
        [
          'NE-2',
          'Bad Necklace',
          null,
          'Necklaces',
          'withgemstone',
          'ten',
          'gold-bar',
          null,
          null,
          -3,
          1.5,
          null,
        ],
        ['NE-1', 'Repeated', null, 'Necklaces', 'withgemstone', null, null, null, null, null, null, null],
      ]),
    );
    expect(job.counts).toMatchObject({ created: 1, errors: 2 });
    const bad = job.rows.find((r) => r.row === 3)!;
    expect(bad.outcome).toBe('error');
    expect(bad.errors.map((e) => e.column)).toEqual(['price', 'weight_grams', 'min_order_quantity', 'metal']);
    expect(bad.errors.find((e) => e.column === 'metal')!.message).toContain('unknown metal "gold-bar"');
    expect(job.rows.find((r) => r.row === 4)!.errors).toEqual([
      { column: 'code', message: 'code NE-1 is already used in row 2' },
    ]);
    const applied = await apply(job);
    expect(applied.res.statusCode).toBe(409);
    expect(applied.res.json().message).toContain('2 rows');
    expect(await everything()).toEqual(before);

    const errors = await t.app.inject({
      url: `/api/admin/catalogue/imports/jobs/${job.id}/errors`,
      headers: bearer(admin.token),
    });
    expect(errors.statusCode).toBe(200);
    const listed = sheetRows(errors.rawPayload);
    expect(listed.map((r) => [r.code, r.name, r.price])).toEqual([
      ['NE-2', 'Bad Necklace', 'ten'],
      ['NE-1', 'Repeated', null],
    ]);
    expect(String(listed[0]!.error).split('\n')).toEqual([
      'row 3, price: price must be a number from 0 to 100000000',
      expect.stringMatching(/^row 3, weight_grams: /),
      expect.stringMatching(/^row 3, min_order_quantity: /),
      expect.stringMatching(/^row 3, metal: unknown metal "gold-bar"/),
    ]);
    expect(listed[1]!.error).toBe('row 4, code: code NE-1 is already used in row 2');
  });

  it('reports every hostile ZIP entry by name and refuses to apply', async () => {
    const before = await everything();
    const bomb = Buffer.alloc(8 * 1024 * 1024); // zeros: deflate ~1000:1
    const huge = Buffer.alloc(21 * 1024 * 1024);
    const job = await check(
      workbook([
        HEADER,
        [
          'ER-1',
          'Hostile Earring',
          null,
          'Earrings',
          'withgemstone',
          null,
          null,
          null,
          null,
          null,
          null,
          null,
        ],
      ]),
      zip([
        { name: '../ER-1.jpg', data: jpeg },
        { name: '/etc/ER-1.jpg', data: jpeg },
        { name: 'photos\\ER-1.jpg', data: jpeg },
        { name: 'inner.zip', data: zip([{ name: 'ER-1.jpg', data: jpeg }]) },
        { name: 'ER-1-3.jpg', data: zip([{ name: 'x.jpg', data: jpeg }]) },
        { name: 'ER-1.jpg', data: TEXT_FILE },
        { name: 'ER-1.png', data: png },
        { name: 'ER-1-2.jpg', data: bomb },
        { name: 'ER-1-4.jpg', data: huge },
        { name: 'XX-9.jpg', data: jpeg },
        { name: 'notes.txt', data: 'hello' },
      ]),
    );
    expect(job.phase, job.message ?? '').toBe('checked');
    const outcome = Object.fromEntries(job.pictures.map((p) => [p.name, `${p.outcome}: ${p.message}`]));
    expect(outcome).toEqual({
      '../ER-1.jpg': 'refused: Refused: the name climbs out of its folder (..)',
      '/etc/ER-1.jpg': 'refused: Refused: the name is an absolute path',
      'photos\\ER-1.jpg': 'refused: Refused: the name contains a backslash',
      'inner.zip': 'refused: Refused: archives inside the ZIP are not opened',
      'ER-1-3.jpg': 'refused: Refused: archives inside the ZIP are not opened',
      'ER-1.jpg': 'unreadable: Not an image: its content is not JPEG, PNG, WebP, AVIF or GIF',
      'ER-1.png': 'refused: Duplicate: ER-1.jpg is already picture 1 of ER-1',
      'ER-1-2.jpg': 'refused: Refused: compressed suspiciously well for a picture (a ZIP bomb?)',
      'ER-1-4.jpg': 'refused: Refused: larger than 20 MB once unpacked',
      'XX-9.jpg': 'unmatched: No row of the workbook has this code',
      'notes.txt': 'refused: Refused: not a picture name (jpg, jpeg, png, webp, avif, gif)',
    });
    expect(job.counts).toMatchObject({ pictures: 0, pictureErrors: 11 });
    expect((await apply(job)).res.statusCode).toBe(409);
    expect(await everything()).toEqual(before);
  });

  it('refuses an SVG and a TIFF named .jpg for their bytes, beside a real JPEG of the same row', async () => {
    const before = await everything();
    const tiff = await sharp(png).tiff().toBuffer();
    // Both are pictures sharp itself would read: only the check of the bytes keeps them out.
    expect((await sharp(tiff).metadata()).format).toBe('tiff');
    expect((await sharp(SVG_IMAGE).metadata()).format).toBe('svg');
    const row = (code: string) => [code, `Disguised ${code}`, null, 'Rings', 'withgemstone'];
    const job = await check(
      workbook([HEADER, row('SV-1'), row('TF-1')]),
      zip([
        { name: 'SV-1.jpg', data: SVG_IMAGE },
        { name: 'TF-1.jpg', data: tiff },
        { name: 'TF-1-2.jpg', data: jpeg },
      ]),
    );
    expect(job.phase, job.message ?? '').toBe('checked');
    const byName = Object.fromEntries(
      job.pictures.map(({ name, outcome, row, position }) => [name, { outcome, row, position }]),
    );
    // Matched to their rows by name (so refused for nothing but what they contain), unreadable.
    expect(byName).toEqual({
      'SV-1.jpg': { outcome: 'unreadable', row: 2, position: 1 },
      'TF-1.jpg': { outcome: 'unreadable', row: 3, position: 1 },
      'TF-1-2.jpg': { outcome: 'matched', row: 3, position: 2 },
    });
    expect(job.counts).toMatchObject({ pictures: 1, pictureErrors: 2 });
    expect((await apply(job)).res.statusCode).toBe(409);
    expect(await everything()).toEqual(before);
  });

  it('refuses a workbook with a formula, naming the cell, and a ZIP with too many entries', async () => {
    const formula = await check(
      workbook([HEADER, ['FX-1', { t: 'n', v: 2, f: '1+1' }, null, 'Rings', 'withgemstone']]),
    );
    expect(formula.phase).toBe('failed');
    expect(formula.message).toContain('cell B2');
    const many = await check(
      workbook([HEADER, ['FX-2', 'Ring', null, 'Rings', 'withgemstone']]),
      zip(Array.from({ length: 20_001 }, (_, i) => ({ name: `f${i}.txt`, data: '' }))),
    );
    expect(many.phase).toBe('failed');
    expect(many.message).toBe('The pictures ZIP has 20001 entries; at most 20,000 are allowed');
  });

  it('answers 4xx for missing or wrong files, and 403 to a buyer', async () => {
    expect((await upload(null)).json().message).toBe('Choose the catalogue workbook (.xlsx) to upload');
    const wrong = await upload(workbook([HEADER]), null, admin.token, ['catalogue.csv', 'x.zip']);
    expect(wrong.statusCode).toBe(415);
    const traversal = await upload(workbook([HEADER]), null, admin.token, ['../catalogue.xlsx', 'x.zip']);
    expect(traversal.statusCode).toBe(400);
    expect((await upload(workbook([HEADER]), null, buyer.token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/catalogue/export' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/admin/catalogue/imports', headers: bearer(buyer.token) })).statusCode,
    ).toBe(403);
  });

  it('stores no pictures when the apply fails: a product changed between the check and the apply', async () => {
    const before = await everything();
    const job = await check(
      workbook([
        HEADER,
        ['RG-1002', 'Band Again', null, 'Rings', 'withoutgemstone', null, null, null, null, null, null, null],
      ]),
      zip([{ name: 'RG-1002.jpg', data: png }]),
    );
    expect(job.counts).toMatchObject({ updated: 1, pictures: 1 });
    await t.database.db.execute(
      sql`UPDATE products SET updated_at = now() + interval '2 seconds' WHERE code = 'RG-1002'`,
    );
    const changed = await everything();
    const originals = async () =>
      (await fs.readdir(path.join(t.env.dataDir, 'media', 'originals')).catch(() => [])).length;
    const stored = await originals();
    const applied = await apply(job);
    expect(applied.job!.phase).toBe('failed');
    expect(applied.job!.message).toContain('RG-1002');
    expect(await originals()).toBe(stored);
    expect((await everything()).media).toEqual(before.media);
    expect(await everything()).toEqual(changed);
  });

  it('refreshes the planner statistics once an applied import wrote 1,000 products', async () => {
    const planned = async () =>
      (await q<{ n: number }>(sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'products'`))[0]!
        .n;
    const rows: Cell[][] = [HEADER];
    for (let i = 0; i < 1_000; i++)
      // Code, name, no description, category, subcategory; no price, attributes or numbers.
      rows.push([
        `ST-${i}`,
        `Stat Ring ${i}`,
        null,
        'Rings',
        'withoutgemstone',
        ...Array<null>(7).fill(null),
      ]);
    const job = await check(workbook(rows));
    expect(job.counts).toMatchObject({ created: 1_000, errors: 0 });
    const count = async () => (await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`))[0]!.n;
    expect(await planned()).not.toBe((await count()) + 1_000);
    const applied = await apply(job);
    expect(applied.job!.phase).toBe('applied');
    // The job is stored as applied in the write's own transaction; the statistics follow the commit,
    // so a reader of the stored job (a pg-boss run on PostgreSQL) can see it applied just before.
    const total = await count();
    await expect.poll(planned, { timeout: 15_000 }).toBe(total);
  }, 60_000);

  it('carries the collection: set by its column, kept by a blank cell, named in a problem, exported, answered', async () => {
    const header = ['code', 'name', 'category', 'subcategory', 'Collection'];
    const first = await check(
      workbook([header, ['CL-1', 'Rajwada Ring', 'Rings', 'withgemstone', ' Rajwada ']]),
    );
    expect(first.counts).toMatchObject({ created: 1, errors: 0 });
    expect((await apply(first)).job!.phase).toBe('applied');
    const answered = async () => {
      const found = await t.app.inject({ url: '/api/products/product?search=CL-1' });
      return found.json<Array<{ code: string; collection?: string }>>()[0]!;
    };
    expect((await answered()).collection).toBe('Rajwada');

    // A blank cell keeps it; a cell too long is a problem named by the column.
    const blank = await check(workbook([header, ['CL-1', 'Rajwada Ring', 'Rings', 'withgemstone', null]]));
    expect(blank.counts).toMatchObject({ unchanged: 1 });
    const long = await check(
      workbook([header, ['CL-1', 'Rajwada Ring', 'Rings', 'withgemstone', 'x'.repeat(81)]]),
    );
    expect(long.rows[0]!.errors).toEqual([
      { column: 'collection', message: 'collection must be at most 80 characters' },
    ]);

    const exported = sheetRows(await exportBook('?search=CL-1'));
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ code: 'CL-1', tags: '', collection: 'Rajwada' });
    // The product's columns end with the collection and the gallery; the costing's come last.
    const keys = Object.keys(exported[0]!);
    const collectionAt = keys.indexOf('collection');
    expect(keys.slice(collectionAt, collectionAt + 5)).toEqual([
      'collection',
      'images',
      'alt_en',
      'alt_hi',
      'pricing_mode',
    ]);
    expect(keys.at(-1)).toBe('price_breaks');

    const renamed = await check(
      workbook([header, ['CL-1', 'Rajwada Ring', 'Rings', 'withgemstone', 'Temple']]),
    );
    expect(renamed.counts).toMatchObject({ updated: 1 });
    expect((await apply(renamed)).job!.phase).toBe('applied');
    expect((await answered()).collection).toBe('Temple');
  });
});
