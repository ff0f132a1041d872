import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../helpers.ts';
import { HTML_PAGE, multipart, pngBomb, sampleImage, SVG_IMAGE, TEXT_FILE } from '../image-fixtures.ts';

/**
 * Files built to hurt, sent to every upload (product image, blog image,
 * catalogue import). Each is refused with a 4xx that says why, quickly (nothing is decoded in
 * full), and leaves no row and no file behind.
 */

type ZipPart = { name: string; data: Buffer };

/** A ZIP archive written by hand, so a test can say exactly what each entry claims and holds. */
function zip(parts: Array<ZipPart & { deflated?: Buffer; size?: number; crc?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const packed = part.deflated ?? zlib.deflateRawSync(part.data, { level: 9 });
    const size = part.size ?? part.data.length;
    const crc = part.crc ?? zlib.crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a real one-sheet workbook (SheetJS writes it), to swap its sheet for another. */
function workbookParts(rows: unknown[][]): ZipPart[] {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Products');
  const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const container = XLSX.CFB.read(data, { type: 'buffer' });
  return container.FileIndex.flatMap((entry: { type: number; content?: unknown }, i: number) =>
    entry.type === 2 && entry.content
      ? [
          {
            name: container.FullPaths[i]!.replace(/^[^/]*\//, ''),
            data: Buffer.from(entry.content as Uint8Array),
          },
        ]
      : [],
  );
}

const HEADER = ['name', 'code', 'description', 'category', 'subcategory', 'image'];

function withSheet(
  sheetXml: string | Buffer,
  deflated?: { packed: Buffer; size: number; crc: number },
): Buffer {
  return zip(
    workbookParts([HEADER]).map((p) =>
      p.name === 'xl/worksheets/sheet1.xml'
        ? deflated
          ? {
              name: p.name,
              data: Buffer.alloc(0),
              deflated: deflated.packed,
              size: deflated.size,
              crc: deflated.crc,
            }
          : { name: p.name, data: Buffer.from(sheetXml) }
        : p,
    ),
  );
}

const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_CLOSE = '</sheetData></worksheet>';
const headerRow = `<row r="1">${HEADER.map((h, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${h}</t></is></c>`).join('')}</row>`;

/**
 * A sheet of a million product rows: rows without an explicit number are numbered in order, so
 * the sheet is one repeated string that packs to a few kilobytes, far past the import's row limit.
 */
function millionRowWorkbook(): Buffer {
  return withSheet(
    `${SHEET_OPEN}${headerRow}${'<row><c t="inlineStr"><is><t>Ring</t></is></c></row>'.repeat(1_000_000)}${SHEET_CLOSE}`,
  );
}

/** A sheet that inflates to 320 MB of blanks from a third of a megabyte: the classic zip bomb. */
function zipBombWorkbook(): Promise<Buffer> {
  const size = 320 * 1024 * 1024;
  const chunk = Buffer.alloc(16 * 1024 * 1024, 0x20);
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on('data', (c: Buffer) => packed.push(c));
  let crc = 0;
  for (let written = 0; written < size; written += chunk.length) {
    deflate.write(chunk);
    crc = zlib.crc32(chunk, crc);
  }
  deflate.end();
  return new Promise<Buffer>((resolve) =>
    deflate.on('end', () => resolve(withSheet('', { packed: Buffer.concat(packed), size, crc }))),
  );
}

function formulaWorkbook(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([HEADER, ['Ring', 'F-1', '', 'Rings', 'withgemstone', null]]);
  sheet.A2 = { t: 's', f: 'HYPERLINK("https://evil.example/","Ring")', v: 'Ring' };
  sheet.C2 = { t: 'n', f: "cmd|' /C calc'!A0", v: 0 };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Products');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const PRODUCT_FIELDS = {
  name: 'Hostile Ring',
  description: 'x',
  category: 'Rings',
  subcategory: 'withgemstone',
};

describe('hostile files', () => {
  let t: TestApp;
  let admin: TestUser;
  let code = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.database, { role: 'admin' });
  });
  afterAll(() => t?.close());

  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
  }

  async function state() {
    const { rows } = await t.database.db.execute(
      sql`SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM media) AS media, (SELECT count(*) FROM blogs) AS blogs`,
    );
    return { rows: rows[0], files: await filesUnder(t.env.dataDir) };
  }

  async function upload(
    target: 'product' | 'blog' | 'import',
    file: { name: string; type: string; data: Buffer },
  ) {
    const form =
      target === 'product'
        ? multipart({ ...PRODUCT_FIELDS, code: `HOSTILE-${++code}` }, [
            { field: 'image', filename: file.name, contentType: file.type, data: file.data },
          ])
        : target === 'blog'
          ? multipart({ title: `Hostile ${++code}`, content: '<p>x</p>' }, [
              { field: 'image', filename: file.name, contentType: file.type, data: file.data },
            ])
          : multipart({}, [{ field: 'file', filename: file.name, contentType: file.type, data: file.data }]);
    const url = {
      product: '/api/products/admin/add',
      blog: '/api/blogs/create',
      import: '/api/products/admin/uploadexcel',
    }[target];
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin.token) },
    });
    return { res, ms: Date.now() - started };
  }

  const IMAGE_CASES: Array<
    [string, () => Promise<{ name: string; type: string; data: Buffer }>, number, RegExp]
  > = [
    [
      'a text file named .jpg',
      async () => ({ name: 'photo.jpg', type: 'image/jpeg', data: TEXT_FILE }),
      415,
      /Only image files/,
    ],
    [
      'an HTML page sent as an image',
      async () => ({ name: 'ring.png', type: 'image/png', data: HTML_PAGE }),
      415,
      /Only image files/,
    ],
    [
      'an SVG with a script',
      async () => ({ name: 'ring.svg', type: 'image/svg+xml', data: SVG_IMAGE }),
      415,
      /Only image files/,
    ],
    [
      'a truncated JPEG',
      async () => {
        const jpeg = await sampleImage('jpeg', 400, 300);
        return { name: 'cut.jpg', type: 'image/jpeg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) };
      },
      400,
      /damaged or incomplete/,
    ],
    [
      'a 20000×20000 PNG (pixel bomb)',
      async () => ({ name: 'bomb.png', type: 'image/png', data: pngBomb(20_000, 20_000) }),
      413,
      /too large/,
    ],
    [
      'a picture whose name climbs out of the upload folder',
      async () => ({
        name: '../../../etc/passwd.jpg',
        type: 'image/jpeg',
        data: await sampleImage('jpeg', 40, 40),
      }),
      400,
      /file name/i,
    ],
  ];

  describe.each(['product', 'blog'] as const)('%s image', (target) => {
    it.each(IMAGE_CASES)('refuses %s', async (_name, make, status, message) => {
      const before = await state();
      const { res, ms } = await upload(target, await make());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
      expect(ms).toBeLessThan(5_000);
      expect(await state()).toEqual(before);
    });
  });

  const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const IMPORT_CASES: Array<
    [
      string,
      () =>
        Promise<{ name: string; type: string; data: Buffer }> | { name: string; type: string; data: Buffer },
      number,
      RegExp,
    ]
  > = [
    [
      'a text file named .xlsx',
      () => ({ name: 'products.xlsx', type: XLSX_TYPE, data: TEXT_FILE }),
      415,
      /Only Excel files/,
    ],
    [
      'an HTML page named .xls',
      () => ({ name: 'products.xls', type: 'application/vnd.ms-excel', data: HTML_PAGE }),
      415,
      /Only Excel files/,
    ],
    [
      'a workbook with formulas',
      () => ({ name: 'formulas.xlsx', type: XLSX_TYPE, data: formulaWorkbook() }),
      400,
      /formula/i,
    ],
    [
      'an .xlsx zip bomb',
      async () => ({ name: 'bomb.xlsx', type: XLSX_TYPE, data: await zipBombWorkbook() }),
      413,
      /too large once unpacked/,
    ],
    [
      'a workbook with 1,000,000 rows',
      () => ({ name: 'million.xlsx', type: XLSX_TYPE, data: millionRowWorkbook() }),
      413,
      /more than 20,000 rows/,
    ],
    [
      'a workbook whose name climbs out of the upload folder',
      () => ({
        name: '..\\..\\products.xlsx',
        type: XLSX_TYPE,
        data: zip(workbookParts([HEADER, ['Ring', 'P-1', '', 'Rings', 'withgemstone', null]])),
      }),
      400,
      /file name/i,
    ],
  ];

  it.each(IMPORT_CASES)(
    'the catalogue import refuses %s',
    async (_name, make, status, message) => {
      const file = await make();
      expect(file.data.length).toBeLessThan(10 * 1024 * 1024); // under the upload limit: the content is what is refused
      const before = await state();
      const { res, ms } = await upload('import', file);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
      expect(ms).toBeLessThan(10_000);
      expect(await state()).toEqual(before);
    },
    60_000,
  );
});
