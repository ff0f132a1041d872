import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products.ts';
import { buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertMedia, insertProduct, settleOutbox, type TestProduct } from '../../../test/buyer-fixtures.ts';
import { HAS_PDFTOTEXT, pdfText } from '../../../test/pdf-text.ts';
import { caller, submitRequest, type Json } from '../../../test/quote-fixtures.ts';

describe("a sent quote's files", () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let ring: TestProduct;
  let pendant: TestProduct;
  /** A request quoted once (revision 1 sent), with a draft of revision 2 not sent. */
  let quoted: { id: string; orderId: number };
  /** A request not quoted yet, with a draft saved. */
  let drafted: string;

  const call = caller(() => t);

  async function submit(lines: { productId: string; quantity: number }[]) {
    const request = await submitRequest(t, buyer, {
      email: 'asha.form@retail.example',
      country: 'IN',
      companyName: 'Asha Retail',
      orderDetails: lines,
    });
    await settleOutbox(t.database);
    return request;
  }

  async function saveDraft(id: string, lines: Json[], over: Json = {}) {
    const version = (await call(admin, 'GET', `/api/orders/${id}`)).json().order.version;
    const saved = await call(admin, 'PUT', `/api/orders/${id}/quote`, {
      version,
      currency: 'INR',
      lines,
      leadTimeDays: 21,
      noteToBuyer: 'Prices include packing.',
      internalNote: 'SECRET-MARGIN-18%',
      ...over,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().order.version as number;
  }

  async function send(id: string, version: number) {
    const sent = await call(admin, 'POST', `/api/orders/${id}/quote/send`, { version });
    expect(sent.statusCode, sent.body).toBe(200);
  }

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    [buyer, other, admin] = await Promise.all([
      createUser(t.database, { name: 'Asha Buyer' }),
      createUser(t.database, { name: 'Other Buyer' }),
      createUser(t.database, { role: 'admin', name: 'Ravi Admin' }),
    ]);
    const mediaId = await insertMedia(t.database, t.app.services.mediaStore, '#c0392b');
    ring = await insertProduct(t.database, { name: 'Kundan Ring', code: 'KR-1', mediaId });
    pendant = await insertProduct(t.database, { name: 'Polki Pendant', code: 'PP-2' });
    await t.database.db.update(products).set({ weightGrams: '7.25' }).where(eq(products.id, ring.id));

    quoted = await submit([
      { productId: ring.id, quantity: 3 },
      { productId: pendant.id, quantity: 250 },
    ]);
    const lines = [
      { productId: ring.id, unitPrice: 125_050, moq: 10, note: 'Hand set stones' },
      { productId: pendant.id, unitPrice: 99_999 },
    ];
    await send(quoted.id, await saveDraft(quoted.id, lines));
    // Revision 2 saved, never sent: its price must not reach any file.
    await saveDraft(quoted.id, [
      { productId: ring.id, unitPrice: 777_777 },
      { productId: pendant.id, unitPrice: 99_999 },
    ]);

    drafted = (await submit([{ productId: ring.id, quantity: 1 }])).id;
    await saveDraft(drafted, [{ productId: ring.id, unitPrice: 10_000 }]);
  });
  afterAll(() => t?.close());

  it.each(['pdf', 'xlsx'])(
    'quote.%s: its buyer and admins only; anyone else, anonymous included, the 404 of an unknown id',
    async (format) => {
      const url = `/api/orders/${quoted.id}/quote.${format}`;
      const unknown = await call(
        buyer,
        'GET',
        `/api/orders/00000000-0000-4000-8000-000000000000/quote.${format}`,
      );
      expect(unknown.statusCode).toBe(404);
      for (const who of [null, other]) {
        const res = await call(who, 'GET', url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(unknown.json());
      }
      for (const who of [buyer, admin]) {
        const res = await call(who, 'GET', url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="quote-${quoted.orderId}.${format}"`,
        );
      }
    },
  );

  it.each(['pdf', 'xlsx'])(
    'quote.%s of a request with no sent quote (only a draft) is 409, saying why',
    async (format) => {
      for (const who of [buyer, admin]) {
        const res = await call(who, 'GET', `/api/orders/${drafted}/quote.${format}`);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(
          'This request has not been sent a quote yet; its quote can be downloaded once it is',
        );
      }
      const bad = await call(buyer, 'GET', `/api/orders/${quoted.id}/quote.${format}?lang=fr`);
      expect(bad.statusCode).toBe(400);
    },
  );

  describe.skipIf(!HAS_PDFTOTEXT)(
    HAS_PDFTOTEXT ? 'the PDF' : 'the PDF (skipped: pdftotext from poppler-utils is not installed)',
    () => {
      it('carries the letterhead, reference, revision, lines, prices, totals, terms and page numbers of the sent revision', async () => {
        const res = await call(buyer, 'GET', `/api/orders/${quoted.id}/quote.pdf`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.toString('latin1')).toMatch(/MediaBox \[0 0 595\.28 841\.89\]/);
        // The ring's picture is embedded.
        expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
        const text = pdfText(res.rawPayload);
        for (const expected of [
          'Jaipur Jewellery House',
          `Quotation · Ref. No ${quoted.orderId}`,
          'Revision 1',
          'Asha, Asha Retail',
          'KR-1',
          'Kundan Ring',
          'Min. order: 10',
          'Hand set stones',
          'PP-2',
          'Unit price (INR)',
          '1,250.50',
          '3,751.50',
          '999.99',
          '2,49,997.50',
          'Total before tax',
          'INR 2,53,749.00',
          'Grand total',
          'Valid until',
          '21 days',
          'Prices include packing.',
          'Page 1 of 1',
        ])
          expect(text).toContain(expected);
        expect(text).not.toContain('SECRET-MARGIN');
        expect(text).not.toContain('7,777.77');
        expect(text).not.toContain('Revision 2');
        const byAdmin = pdfText((await call(admin, 'GET', `/api/orders/${quoted.id}/quote.pdf`)).rawPayload);
        expect(byAdmin).toContain('Revision 1');
        expect(byAdmin).not.toContain('SECRET-MARGIN');
        expect(byAdmin).not.toContain('7,777.77');
      });

      it('in Hindi, the words are Devanagari text in an embedded Devanagari font', async () => {
        const res = await call(buyer, 'GET', `/api/orders/${quoted.id}/quote.pdf?lang=hi`);
        expect(res.statusCode).toBe(200);
        const text = pdfText(res.rawPayload);
        expect(text).toContain('कोटेशन');
        expect(text).toContain('मात्रा');
        expect(text).toContain('KR-1');
        expect(text).toContain('1,250.50');
        expect(res.rawPayload.toString('latin1')).toMatch(/FontFile2|FontFile3|NotoSansDevanagari/);
      });

      it('a long quote runs over pages, each with its number of the total', async () => {
        const many: TestProduct[] = [];
        for (let i = 0; i < 30; i++)
          many.push(await insertProduct(t.database, { name: `Jhumka ${i}`, code: `JH-${100 + i}` }));
        const request = await submit(many.map((p) => ({ productId: p.id, quantity: 2 })));
        await send(
          request.id,
          await saveDraft(
            request.id,
            many.map((p) => ({ productId: p.id, unitPrice: 50_000 })),
          ),
        );
        const text = pdfText((await call(buyer, 'GET', `/api/orders/${request.id}/quote.pdf`)).rawPayload);
        for (let i = 0; i < 30; i++) expect(text).toContain(`JH-${100 + i}`);
        expect(text).toContain('Page 1 of 3');
        expect(text).toContain('Page 3 of 3');
        expect(text).toContain('INR 30,000.00');
      });
    },
  );

  it('the workbook: a row per line with the picture where there is one, the facts and the quoted unit price', async () => {
    const res = await call(buyer, 'GET', `/api/orders/${quoted.id}/quote.xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      rows[n - 1] = Array.from((row.values as unknown[]).slice(1), (v) => v ?? null);
    });
    expect(rows[0]![0]).toBe('Jaipur Jewellery House');
    expect(JSON.stringify(rows)).toContain(`Quotation ${quoted.orderId} · revision 1 · INR`);
    const header = rows.findIndex((row) => row?.[1] === 'Code');
    expect(rows[header]!.at(-1)).toBe('Price');
    expect(rows[header + 1]!.slice(1)).toEqual(['KR-1', 'Kundan Ring', null, null, null, 7.25, 10, 1250.5]);
    expect(rows[header + 2]!.slice(1)).toEqual(['PP-2', 'Polki Pendant', null, null, null, null, 1, 999.99]);
    expect(sheet.getImages().map((image) => image.range.tl.nativeRow + 1)).toEqual([header + 2]);
    expect(JSON.stringify(rows)).not.toContain('7777');
  });
});
