import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { eq, sql } from 'drizzle-orm';
import { insertMedia, insertProduct } from '../../../test/buyer-fixtures.ts';
import { cartItems } from '../../db/schema/orders.ts';
import { attributeValues, productAttributes, products } from '../../db/schema/products.ts';

/** pdftotext from Debian's poppler-utils; the text tests are skipped, saying why, without it. */
const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v']).status === 0;

function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `linesheet-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** The workbook's one sheet: each row's texts, and the rows (from 1) that hold a picture. */
async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: (string | number | null)[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    rows[n - 1] = Array.from(
      (row.values as unknown[]).slice(1),
      (v) => (v ?? null) as string | number | null,
    );
  });
  const pictureRows = sheet.getImages().map((image) => image.range.tl.nativeRow + 1);
  return { rows, pictureRows, text: JSON.stringify(rows) };
}

describe("a selection link's files", () => {
  let t: TestApp;
  let admin: TestUser;
  let token: string;
  let pricedToken: string;
  let selectionId: string;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_SELECTION_LINK: '1000' });
    admin = await createUser(t.database, { role: 'admin' });
    const colours = ['#c0392b', '#2980b9', '#27ae60', '#8e44ad', '#f39c12', '#16a085', '#d35400'];
    const ids: string[] = [];
    for (const [i, colour] of colours.entries()) {
      const mediaId = await insertMedia(t.database, t.app.services.mediaStore, colour);
      ids.push((await insertProduct(t.database, { name: `Polki Set ${i}`, code: `PS-${i}`, mediaId })).id);
    }
    // One design without a picture of ours: its code is drawn instead, nothing is fetched.
    ids.push(
      (await insertProduct(t.database, { code: 'EXT-1', imageUrl: 'https://images.example.com/x.jpg' })).id,
    );
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/selections',
      headers: bearer(admin.token),
      payload: { title: 'Bridal sets', productIds: ids },
    });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/selections/${made.json().selection._id}/links`,
      headers: bearer(admin.token),
      payload: { recipient: { name: 'Meera' } },
    });
    token = link.json().link.token;
    selectionId = made.json().selection._id;
    const priced = await t.app.inject({
      method: 'POST',
      url: `/api/selections/${selectionId}/links`,
      headers: bearer(admin.token),
      payload: { recipient: { name: 'Meera' }, showPrices: true },
    });
    pricedToken = priced.json().link.token;
    // The first design: brass, with its Hindi label, 12.5 g, at least 6 pieces, priced 8642.
    const [brass] = await t.database.db
      .insert(attributeValues)
      .values({ kind: 'metal', slug: 'brass-ls', labelEn: 'Brass', labelHi: 'पीतल' })
      .returning();
    await t.database.db.insert(productAttributes).values({ productId: ids[0]!, valueId: brass!.id });
    await t.database.db
      .update(products)
      .set({ weightGrams: '12.50', minOrderQuantity: 6, price: 8642 })
      .where(eq(products.id, ids[0]!));
  });
  afterAll(() => t.close());

  it('the preview is a 1200×630 JPEG of at most 250 KB showing the first designs, made once and kept', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/s/${token}/preview.jpg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const body = res.rawPayload;
    expect(body.length).toBeLessThanOrEqual(250 * 1024);
    const info = await sharp(body).metadata();
    expect(info).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // The first tile is the first design's red picture, the second the blue one's.
    const { data } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
    const [r1, g1, b1] = pixel(200, 160);
    expect(r1).toBeGreaterThan(150);
    expect(g1).toBeLessThan(100);
    expect(b1).toBeLessThan(100);
    const [r2, , b2] = pixel(600, 160);
    expect(b2).toBeGreaterThan(150);
    expect(r2).toBeLessThan(100);
    const again = await t.app.inject({ method: 'GET', url: `/s/${token}/preview.jpg` });
    expect(again.rawPayload.equals(body)).toBe(true);
  });

  it('a file is made by one job into the media store; the next request answers what is stored, a changed selection makes a new one', async () => {
    const fileJobs = async () =>
      (
        await t.database.db.execute<{ state: string; result: { key: string } | null }>(
          sql`SELECT state, result FROM background_jobs WHERE name = 'selections.file' ORDER BY created_at`,
        )
      ).rows;
    const before = (await fileJobs()).length;
    const url = `/s/${pricedToken}/linesheet.pdf?lang=hi`;
    // Two requests at once: one job.
    const [first, second] = await Promise.all([
      t.app.inject({ method: 'GET', url }),
      t.app.inject({ method: 'GET', url }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const made = (await fileJobs()).slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]!.state).toBe('completed');
    const key = made[0]!.result!.key;
    expect(key).toMatch(new RegExp(`^selections/${selectionId}/linesheet-[0-9a-f]{32}\\.pdf$`));
    expect((await t.app.services.mediaStore.get(key))?.equals(first.rawPayload)).toBe(true);

    // What the store holds is the answer (another instance's file would be too): no job, no making.
    const marked = Buffer.concat([first.rawPayload, Buffer.from('% kept\n')]);
    await t.app.services.mediaStore.put(key, marked);
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(marked)).toBe(true);
    expect((await fileJobs()).length).toBe(before + 1);

    // A design taken out of the selection: a new file under a new key.
    const selection = await t.app.inject({
      method: 'GET',
      url: `/api/selections/${selectionId}`,
      headers: bearer(admin.token),
    });
    const productIds = selection.json().selection.products.map((p: { _id: string }) => p._id);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/selections/${selectionId}`,
      headers: bearer(admin.token),
      payload: { productIds: productIds.slice(1) },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = await t.app.inject({ method: 'GET', url });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.rawPayload.equals(marked)).toBe(false);
    const after = (await fileJobs()).slice(before);
    expect(after).toHaveLength(2);
    expect(after[1]!.result!.key).not.toBe(key);
    // Put back as it was for the other tests.
    await t.app.inject({
      method: 'PUT',
      url: `/api/selections/${selectionId}`,
      headers: bearer(admin.token),
      payload: { productIds },
    });
  });

  it('an unknown link has no preview (404)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/s/${'C'.repeat(43)}/preview.jpg` });
    expect(res.statusCode).toBe(404);
  });

  it('a link’s workbook: the letterhead, one row per design in order with its picture, the facts, no price unless granted, made once', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/s/${token}/linesheet.xlsx` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const { rows, pictureRows, text } = await workbookOf(res.rawPayload);
    expect(rows[0]![0]).toBe('Jaipur Jewellery House');
    expect(text).toContain('Bridal sets · 8 designs');
    const header = rows.findIndex((row) => row?.[1] === 'Code');
    expect(rows[header]).toEqual([
      'Picture',
      'Code',
      'Name',
      'Metal',
      'Finish',
      'Stone',
      'Approx. weight (g)',
      'Min. order (pcs)',
    ]);
    const designs = rows.slice(header + 1);
    expect(designs.map((row) => row[1])).toEqual([
      'PS-0',
      'PS-1',
      'PS-2',
      'PS-3',
      'PS-4',
      'PS-5',
      'PS-6',
      'EXT-1',
    ]);
    expect(designs[0]!.slice(1, 8)).toEqual(['PS-0', 'Polki Set 0', 'Brass', null, null, 12.5, 6]);
    // A picture in each of the seven rows whose design has one of ours; none for the external one.
    const first = header + 2;
    expect(pictureRows.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6].map((k) => first + k));
    expect(text).not.toContain('8642');
    expect(text).not.toContain('Price');
    const again = await t.app.inject({ method: 'GET', url: `/s/${token}/linesheet.xlsx` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);

    const priced = await workbookOf(
      (await t.app.inject({ method: 'GET', url: `/s/${pricedToken}/linesheet.xlsx` })).rawPayload,
    );
    const pricedHeader = priced.rows.findIndex((row) => row?.[1] === 'Code');
    expect(priced.rows[pricedHeader]!.at(-1)).toBe('Price');
    expect(priced.rows[pricedHeader + 1]!.at(-1)).toBe(8642);
  });

  it('a link’s workbook in Hindi has Devanagari headings and values', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/s/${token}/linesheet.xlsx?lang=hi` });
    expect(res.statusCode).toBe(200);
    const { text } = await workbookOf(res.rawPayload);
    expect(text).toContain('धातु');
    expect(text).toContain('पीतल');
    expect(text).toContain('PS-0');
  });

  it('an unknown link has no workbook (404), a revoked one 410', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/s/${'C'.repeat(43)}/linesheet.xlsx` })).statusCode,
    ).toBe(404);
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/selections/${selectionId}/links`,
      headers: bearer(admin.token),
      payload: { recipient: { name: 'Gone' } },
    });
    const { _id, token: revoked } = made.json().link;
    await t.app.inject({
      method: 'POST',
      url: `/api/selections/${selectionId}/links/${_id}/revoke`,
      headers: bearer(admin.token),
    });
    const res = await t.app.inject({ method: 'GET', url: `/s/${revoked}/linesheet.xlsx` });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This link is no longer active; please ask us for a new one');
  });

  it('an enquiry list’s workbook is its owner’s (no prices) or an administrator’s (prices)', async () => {
    const buyer = await createUser(t.database);
    const other = await createUser(t.database);
    const [first] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.code, 'PS-0'));
    await t.database.db.insert(cartItems).values({ userId: buyer.id, productId: first!.id, quantity: 2 });
    const url = `/api/cart/${buyer.id}/linesheet.xlsx`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(other.token) })).statusCode).toBe(403);
    const own = await t.app.inject({ method: 'GET', url, headers: bearer(buyer.token) });
    expect(own.statusCode).toBe(200);
    const mine = await workbookOf(own.rawPayload);
    expect(mine.text).toContain('PS-0');
    expect(mine.text).not.toContain('PS-3');
    expect(mine.text).not.toContain('8642');
    expect(mine.pictureRows).toHaveLength(1);
    const byAdmin = await workbookOf(
      (await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) })).rawPayload,
    );
    expect(byAdmin.text).toContain('8642');
  });

  describe.skipIf(!HAS_PDFTOTEXT)(
    HAS_PDFTOTEXT ? 'line sheets' : 'line sheets (skipped: pdftotext from poppler-utils is not installed)',
    () => {
      it('a link’s PDF is A4 with the letterhead, every code, the facts, page numbers, and no price unless granted', async () => {
        const res = await t.app.inject({ method: 'GET', url: `/s/${token}/linesheet.pdf` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        // A4: 595.28 × 841.89 points.
        expect(res.rawPayload.toString('latin1')).toMatch(/MediaBox \[0 0 595\.28 841\.89\]/);
        const text = pdfText(res.rawPayload);
        for (const code of ['PS-0', 'PS-1', 'PS-2', 'PS-3', 'PS-4', 'PS-5', 'PS-6', 'EXT-1'])
          expect(text).toContain(code);
        expect(text).toContain('Jaipur Jewellery House');
        expect(text).toContain('Bridal sets');
        expect(text).toContain('Brass');
        expect(text).toContain('12.5 g');
        expect(text).toContain('6 pcs');
        expect(text).toContain('Page 1 of 1');
        expect(text).not.toContain('8642');
        expect(text).not.toContain('Price');
        const priced = pdfText(
          (await t.app.inject({ method: 'GET', url: `/s/${pricedToken}/linesheet.pdf` })).rawPayload,
        );
        expect(priced).toContain('8642');
      });

      it('in Hindi, the labels are Devanagari text in an embedded Devanagari font', async () => {
        const res = await t.app.inject({ method: 'GET', url: `/s/${token}/linesheet.pdf?lang=hi` });
        expect(res.statusCode).toBe(200);
        const text = pdfText(res.rawPayload);
        expect(text).toContain('धातु');
        expect(text).toContain('पीतल');
        expect(text).toContain('PS-0');
        expect(res.rawPayload.toString('latin1')).toMatch(/FontFile2|FontFile3|NotoSansDevanagari/);
        const bad = await t.app.inject({ method: 'GET', url: `/s/${token}/linesheet.pdf?lang=fr` });
        expect(bad.statusCode).toBe(400);
      });

      it('a revoked link has no line sheet (410)', async () => {
        const made = await t.app.inject({
          method: 'POST',
          url: `/api/selections/${selectionId}/links`,
          headers: bearer(admin.token),
          payload: { recipient: { name: 'Gone' } },
        });
        const { _id, token: revoked } = made.json().link;
        await t.app.inject({
          method: 'POST',
          url: `/api/selections/${selectionId}/links/${_id}/revoke`,
          headers: bearer(admin.token),
        });
        expect((await t.app.inject({ method: 'GET', url: `/s/${revoked}/linesheet.pdf` })).statusCode).toBe(
          410,
        );
      });

      it('an enquiry list’s PDF is its owner’s only', async () => {
        const buyer = await createUser(t.database);
        const other = await createUser(t.database);
        const [first] = await t.database.db
          .select({ id: products.id })
          .from(products)
          .where(eq(products.code, 'PS-3'));
        await t.database.db.insert(cartItems).values({ userId: buyer.id, productId: first!.id, quantity: 2 });
        const url = `/api/cart/${buyer.id}/linesheet.pdf`;
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
        expect((await t.app.inject({ method: 'GET', url, headers: bearer(other.token) })).statusCode).toBe(
          403,
        );
        const own = await t.app.inject({ method: 'GET', url, headers: bearer(buyer.token) });
        expect(own.statusCode).toBe(200);
        const text = pdfText(own.rawPayload);
        expect(text).toContain('PS-3');
        expect(text).not.toContain('PS-0');
      });

      it('200 designs with pictures: made in at most 5 s and 10 MB, every code readable, then answered from the store', async () => {
        const ids: string[] = [];
        for (let i = 0; i < 200; i++) {
          const mediaId = await insertMedia(
            t.database,
            t.app.services.mediaStore,
            i % 2 ? '#b9770e' : '#1f618d',
          );
          ids.push(
            (
              await insertProduct(t.database, {
                name: `Meenakari Bangle ${i}`,
                code: `MB-${1000 + i}`,
                mediaId,
              })
            ).id,
          );
        }
        const made = await t.app.inject({
          method: 'POST',
          url: '/api/selections',
          headers: bearer(admin.token),
          payload: { title: 'Two hundred bangles', productIds: ids },
        });
        const link = await t.app.inject({
          method: 'POST',
          url: `/api/selections/${made.json().selection._id}/links`,
          headers: bearer(admin.token),
          payload: { recipient: { name: 'Big buyer' } },
        });
        const url = `/s/${link.json().link.token}/linesheet.pdf`;
        const started = performance.now();
        const res = await t.app.inject({ method: 'GET', url });
        const ms = performance.now() - started;
        expect(res.statusCode).toBe(200);
        expect(ms).toBeLessThanOrEqual(5000);
        expect(res.rawPayload.length).toBeLessThanOrEqual(10 * 1024 * 1024);
        const text = pdfText(res.rawPayload);
        for (let i = 0; i < 200; i++) expect(text).toContain(`MB-${1000 + i}`);
        // 12 designs a page: 17 pages.
        expect(text).toContain('Page 17 of 17');
        const again = await t.app.inject({ method: 'GET', url });
        expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
      }, 120_000);
    },
  );
});
