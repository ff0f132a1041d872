import * as XLSX from '@e965/xlsx';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@catalogue/shared/schemas/product';
import type { ImportResult } from '@catalogue/shared/schemas/product-import';
import { media } from '../../db/schema/media.ts';
import { products } from '../../db/schema/products.ts';
import {
  bearer,
  buildTestApp,
  createUser,
  TEST_SITE_URL,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import { multipart, sampleImage } from '../../../test/image-fixtures.ts';

type Cell = string | number | null;

function workbook(rows: Cell[][], bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Products');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['name'], ['ignored second sheet']]), 'Other');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

const HEADER = ['name', 'code', 'description', 'category', 'subcategory', 'image'];

describe('POST /api/products/admin/uploadexcel', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.database, { role: 'admin' });
  });
  afterAll(() => t.close());

  function upload(data: Buffer | null, query = '', filename = 'products.xlsx') {
    const form = multipart(
      {},
      data
        ? [
            {
              field: 'file',
              filename,
              contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              data,
            },
          ]
        : [],
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/products/admin/uploadexcel${query}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin.token) },
    });
  }

  const byCode = async (code: string) =>
    (
      await t.database.db
        .select()
        .from(products)
        .where(sql`lower(${products.code}) = lower(${code})`)
    )[0] ?? null;
  const productCount = async () => (await t.database.db.select({ id: products.id }).from(products)).length;

  it('imports an .xlsx: every row written, the answer counts them', async () => {
    const res = await upload(
      workbook([
        HEADER,
        ['Polki Ring', 'IMP-001', 'Uncut diamonds', 'Ring', 'withgemstone', 'https://cdn.example.com/a.jpg'],
        ['Oxidised Bangle', 'IMP-002', '', 'bracelets', 'WithoutGemstone', null],
        ['Temple Necklace', 'IMP-003', 'Gold plated', 'Necklaces', 'withgemstone', ''],
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: '3 products imported (3 new, 0 updated)',
      count: 3,
      created: 3,
      updated: 0,
      errors: [],
    });
    expect(await byCode('IMP-001')).toMatchObject({
      name: 'Polki Ring',
      category: 'Rings',
      subcategory: 'withgemstone',
      description: 'Uncut diamonds',
      imageUrl: 'https://cdn.example.com/a.jpg',
    });
    expect(await byCode('IMP-002')).toMatchObject({ category: 'Bracelets', description: '', imageUrl: null });
    // The sheet's order is kept: the last row is the newest, and the lists show it at once.
    const newest = (await t.app.inject({ method: 'GET', url: '/api/products?limit=3' })).json<Product[]>();
    expect(newest.map((p) => p.code)).toEqual(['IMP-003', 'IMP-002', 'IMP-001']);
  });

  it('reads the headers as the catalogue workbook does (its spellings, its picture column), ignoring the costing', async () => {
    const res = await upload(
      workbook([
        ['Item Name', 'Design No', 'Details', 'Product Category', 'Sub-Cat', 'Photos', 'pricing_mode', 'hsn'],
        [
          'Jhumka Pair',
          'HDR-001',
          'Meenakari',
          'Earrings',
          'withgemstone',
          'https://cdn.example.com/j.jpg',
          'nonsense',
          '1',
        ],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, created: 1, errors: [] });
    expect(await byCode('HDR-001')).toMatchObject({
      name: 'Jhumka Pair',
      description: 'Meenakari',
      category: 'Earrings',
      imageUrl: 'https://cdn.example.com/j.jpg',
    });
    const missing = await upload(
      workbook([
        ['Item Name', 'Design No', 'Sub-Cat'],
        ['x', 'y', 'z'],
      ]),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'The sheet needs the columns name, code, category, subcategory in its first row (missing: category)',
    );
  });

  it('imports an .xls (BIFF8) the same way, recognised by content whatever its name', async () => {
    const xls = workbook([HEADER, ['Jhumka', 'XLS-001', 'Classic', 'Earrings', 'withgemstone', null]], 'xls');
    expect(xls.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const res = await upload(xls, '', 'export.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, created: 1 });
    expect(await byCode('XLS-001')).toMatchObject({ name: 'Jhumka', category: 'Earrings' });
  });

  it('matches headers ignoring case, spaces and punctuation, and reads numeric codes as written', async () => {
    const res = await upload(
      workbook([
        ['Product Name', ' SKU ', 'Sub-Category', 'CATEGORY', 'Image URL', 'Notes', 'Description'],
        ['Numbered Pendant', 10045, 'withgemstone', 'pendant', null, 'ignored', 'Moon'],
      ]),
    );
    expect(res.json()).toMatchObject({ count: 1, errors: [] });
    expect(await byCode('10045')).toMatchObject({
      name: 'Numbered Pendant',
      category: 'Pendants',
      description: 'Moon',
    });
  });

  it('updates a product whose code exists (any case); blank description and image keep theirs', async () => {
    const png = await sampleImage('png', 30, 30);
    const { id: mediaId } = await t.app.services.media.ingestImage(png, {
      maxBytes: 1e7,
      tooLargeMessage: 'x',
    });
    await t.database.db.insert(products).values({
      name: 'Old name',
      code: 'UPS-001',
      description: 'Keep me',
      category: 'Rings',
      subcategory: 'withgemstone',
      mediaId,
    });
    const res = await upload(
      workbook([
        HEADER,
        ['New name', 'ups-001', '', 'Necklaces', 'withoutgemstone', ''],
        ['Fresh', 'UPS-002', 'Brand new', 'Rings', 'withgemstone', ''],
      ]),
    );
    expect(res.json()).toMatchObject({ count: 2, created: 1, updated: 1, errors: [] });
    expect(await byCode('UPS-001')).toMatchObject({
      name: 'New name',
      code: 'ups-001',
      description: 'Keep me',
      category: 'Necklaces',
      subcategory: 'withoutgemstone',
      mediaId,
    });
    expect(
      (
        await t.database.db
          .select()
          .from(products)
          .where(sql`lower(code) = 'ups-001'`)
      ).length,
    ).toBe(1);

    // A new image replaces the old one, and the old one goes when nothing else uses it.
    const again = await upload(
      workbook([
        HEADER,
        ['New name', 'UPS-001', null, 'Necklaces', 'withoutgemstone', 'https://cdn.example.com/new.jpg'],
      ]),
    );
    expect(again.json()).toMatchObject({ updated: 1 });
    expect(await byCode('UPS-001')).toMatchObject({
      imageUrl: 'https://cdn.example.com/new.jpg',
      mediaId: null,
    });
    expect(await t.database.db.select().from(media).where(eq(media.id, mediaId))).toEqual([]);
  });

  it('links an uploaded image named by its /media path', async () => {
    const { id } = await t.app.services.media.ingestImage(await sampleImage('jpeg', 20, 20), {
      maxBytes: 1e7,
      tooLargeMessage: 'x',
    });
    const res = await upload(
      workbook([HEADER, ['Linked', 'MED-001', 'x', 'Rings', 'withgemstone', `/media/${id}`]]),
    );
    expect(res.json()).toMatchObject({ count: 1, errors: [] });
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/products/single/${(await byCode('MED-001'))!.id}`,
    });
    expect(single.json<Product>()).toMatchObject({
      imageUrl: `${TEST_SITE_URL}/media/${id}`,
      cloudinaryId: null,
    });
  });

  it('validates every row first, reports problems by Excel row, and writes the valid rows', async () => {
    const before = await productCount();
    const res = await upload(
      workbook([
        HEADER,
        ['Good one', 'ERR-001', 'ok', 'Rings', 'withgemstone', null],
        [null, 'ERR-002', 'no name', 'Rings', 'withgemstone', null],
        [null, null, null, null, null, null],
        ['Bad category', 'ERR-003', '', 'Watches', 'withgemstone', null],
        ['Bad sub', 'ERR-004', '', 'Rings', 'sparkly', 'javascript:alert(1)'],
        ['Twin', 'err-001', '', 'Rings', 'withgemstone', null],
        [
          'Unknown image',
          'ERR-005',
          '',
          'Rings',
          'withgemstone',
          '/media/00000000-0000-4000-8000-000000000000',
        ],
        ['Good two', 'ERR-006', 'ok', 'Pendants', 'withoutgemstone', '/uploads/legacy-1.jpg'],
      ]),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<ImportResult>();
    expect(body).toMatchObject({ count: 2, created: 2, updated: 0 });
    expect(body.errors).toEqual([
      { row: 3, field: 'name', message: 'name is required' },
      {
        row: 5,
        field: 'category',
        message: 'category must be one of Rings, Bracelets, Earrings, Necklaces, Pendants',
      },
      { row: 6, field: 'subcategory', message: 'subcategory must be one of withgemstone, withoutgemstone' },
      {
        row: 6,
        field: 'image',
        message: 'image must be an http(s) URL or an uploaded image path (/media/... or /uploads/...)',
      },
      { row: 7, field: 'code', message: 'code err-001 is already used in row 2' },
      { row: 8, field: 'image', message: 'image refers to an uploaded image that does not exist' },
    ]);
    expect(body.message).toBe('2 products imported (2 new, 0 updated). 5 rows with problems were skipped');
    expect(await productCount()).toBe(before + 2);
    expect(await byCode('ERR-006')).toMatchObject({ imageUrl: '/uploads/legacy-1.jpg' });
  });

  it('answers a dry run with the same numbers and writes nothing', async () => {
    const before = await productCount();
    const sheet = workbook([
      HEADER,
      ['Dry new', 'DRY-001', 'x', 'Rings', 'withgemstone', null],
      ['Dry update', 'IMP-001', 'x', 'Rings', 'withgemstone', null],
      ['Dry bad', 'DRY-002', 'x', 'Nope', 'withgemstone', null],
    ]);
    for (const flag of ['1', 'true']) {
      const res = await upload(sheet, `?dryRun=${flag}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        count: 2,
        created: 1,
        updated: 1,
        errors: [{ row: 4, field: 'category' }],
      });
      expect(res.json<ImportResult>().message).toMatch(/^Dry run: 2 products would be imported/);
    }
    expect(await productCount()).toBe(before);
    expect(await byCode('DRY-001')).toBeNull();
    expect(await byCode('IMP-001')).toMatchObject({ name: 'Polki Ring' });
  });

  it('writes all valid rows or none: a failure mid-way leaves the catalogue as it was', async () => {
    await t.database.db.execute(sql`
      CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.code = 'BOOM-FAIL' THEN RAISE EXCEPTION 'storage failed'; END IF;
        RETURN NEW;
      END $$`);
    await t.database.db.execute(
      sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION refuse_boom()`,
    );
    try {
      const before = await productCount();
      const res = await upload(
        workbook([
          HEADER,
          ['Renamed by a failed import', 'IMP-002', '', 'Bracelets', 'withgemstone', null],
          ['Would be new', 'ATOM-001', '', 'Rings', 'withgemstone', null],
          ['Fails to store', 'BOOM-FAIL', '', 'Rings', 'withgemstone', null],
        ]),
      );
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL' });
      expect(await productCount()).toBe(before);
      expect(await byCode('ATOM-001')).toBeNull();
      expect(await byCode('IMP-002')).toMatchObject({ name: 'Oxidised Bangle' });
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER refuse_boom ON products`);
      await t.database.db.execute(sql`DROP FUNCTION refuse_boom()`);
    }
  });

  it('asks for a file when none is sent', async () => {
    for (const res of [
      await upload(null),
      await t.app.inject({
        method: 'POST',
        url: '/api/products/admin/uploadexcel',
        payload: {},
        headers: bearer(admin.token),
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Please select a file before uploading.' });
    }
  });

  it('refuses what is not a spreadsheet with 415, whatever its name', async () => {
    const zip = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(zip, 'word/document.xml', Buffer.from('<w:document/>'));
    const docx = XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip' }) as Buffer;
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, 'WordDocument', Buffer.alloc(600, 1));
    const doc = XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer;
    for (const data of [
      Buffer.from('name,code,category,subcategory\nRing,R1,Rings,withgemstone\n'),
      Buffer.from('<table><tr><td>name</td></tr></table>'),
      await sampleImage('png', 10, 10),
      docx,
      doc,
    ]) {
      const res = await upload(data, '', 'products.xlsx');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ message: 'Only Excel files (.xlsx or .xls) are allowed' });
    }
  });

  it('answers 400 for a damaged workbook and one without the needed columns or rows', async () => {
    const good = workbook([HEADER, ['A', 'DMG-1', '', 'Rings', 'withgemstone', null]]);
    const truncated = await upload(good.subarray(0, Math.floor(good.length * 0.6)));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toMatchObject({
      message: 'The spreadsheet could not be read; it may be damaged',
    });

    const noCode = await upload(
      workbook([
        ['name', 'category', 'subcategory'],
        ['A', 'Rings', 'withgemstone'],
      ]),
    );
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe(
      'The sheet needs the columns name, code, category, subcategory in its first row (missing: code)',
    );

    const empty = await upload(workbook([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'The first sheet is empty' });

    const headerOnly = await upload(workbook([HEADER]));
    expect(headerOnly.json()).toMatchObject({ count: 0, created: 0, updated: 0, errors: [] });
  });

  it('answers 413 over the size limit, the row limit, or an unpacked size that would explode', async () => {
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ message: 'The file is too large (at most 10 MB)' });

    const rows: Cell[][] = [HEADER];
    for (let i = 0; i < 20_001; i++) rows.push([`Row ${i}`, `LIM-${i}`, '', 'Rings', 'withgemstone', null]);
    const tooLong = await upload(workbook(rows));
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().message).toMatch(/more than 20,000 rows/);
    expect(await byCode('LIM-0')).toBeNull();

    // A zip whose central directory promises gigabytes is refused before anything is unpacked.
    const bomb = Buffer.from(workbook([HEADER, ['A', 'BOMB-1', '', 'Rings', 'withgemstone', null]]));
    for (let at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0;) {
      bomb.writeUInt32LE(400 * 1024 * 1024, at + 24);
      at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4);
    }
    const exploded = await upload(bomb);
    expect(exploded.statusCode).toBe(413);
    expect(exploded.json()).toMatchObject({ message: 'The spreadsheet is too large once unpacked' });
  });

  it('imports 10,000 rows in under 10 seconds', async () => {
    const rows: Cell[][] = [HEADER];
    for (let i = 0; i < 10_000; i++) {
      rows.push([
        `Bulk ${['Ring', 'Necklace', 'Pendant'][i % 3]} ${i}`,
        `BULK-${String(i).padStart(5, '0')}`,
        `Design ${i}, handmade in Jaipur`,
        ['Rings', 'Necklaces', 'Pendants'][i % 3]!,
        i % 2 ? 'withgemstone' : 'withoutgemstone',
        i % 10 === 0 ? `https://cdn.example.com/${i}.jpg` : null,
      ]);
    }
    const sheet = workbook(rows);
    const before = await productCount();
    const started = performance.now();
    const res = await upload(sheet);
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 10_000, created: 10_000, updated: 0, errors: [] });
    expect(await productCount()).toBe(before + 10_000);
    expect(seconds).toBeLessThan(10);
    // A bulk import refreshes the planner's statistics at once (ANALYZE): it counts every product.
    const planned = await t.database.db.execute<{ n: number }>(
      sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'products'`,
    );
    expect(planned.rows[0]!.n).toBe(before + 10_000);

    // The same sheet again is 10,000 updates.
    const again = await upload(sheet);
    expect(again.json()).toMatchObject({ count: 10_000, created: 0, updated: 10_000 });
    expect(await productCount()).toBe(before + 10_000);
  }, 60_000);
});
