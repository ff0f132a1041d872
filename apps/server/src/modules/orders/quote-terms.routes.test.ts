import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { outboxRows, settleOutbox, type TestProduct } from '../../../test/buyer-fixtures.ts';
import {
  buyerAndAdmin,
  caller,
  pricedExamples,
  requestLines,
  saveAndSend,
  submitRequest,
  type Json,
} from '../../../test/quote-fixtures.ts';
import { HAS_PDFTOTEXT, pdfWords as pdfText } from '../../../test/pdf-text.ts';

/**
 * A sent quote's taxes and terms (tax regime, Incoterm and named place, payment terms, lead time,
 * samples, metal rate validity) reach every form the buyer gets it in: the e-mail, the quotation
 * workbook and the printed quote (the request page's are in the web app's quote-pricing test).
 */
describe("a sent quote's terms in its e-mail, workbook and PDF", () => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let ring: TestProduct;
  let earrings: TestProduct;
  let exported: string;
  let domestic: string;

  const call = caller(() => t);

  const submit = async (country: string, lines: [TestProduct, number][]) =>
    (await submitRequest(t, buyer, { country, orderDetails: requestLines(lines) })).id;

  const send = async (id: string, body: Json) =>
    (await saveAndSend(t, admin, id, { version: 1, leadTimeDays: 21, ...body })).quote as Json;

  async function sentMail(id: string) {
    const orderNumber = (await call(admin, 'GET', `/api/orders/${id}`)).json().order.orderId;
    const row = (await outboxRows(t.database)).find(
      (r) =>
        r.kind === 'quote.sent' && (r.payload as { mail: Json }).mail.subject.includes(`#${orderNumber}`),
    );
    return (row!.payload as { mail: { text: string; html: string } }).mail;
  }

  /** The buyer's copy of the quotation workbook (the signed link), as rows of cell values joined by `|` (merged cells once). */
  async function workbookRows(id: string) {
    const link = (await call(buyer, 'GET', `/api/orders/${id}`)).json().order.excelFilePath as string;
    const file = await t.app.inject({
      method: 'GET',
      url: link.replace('/uploads/', '/api/orders/download/'),
    });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const rows: string[] = [];
    workbook.getWorksheet('Price Quotation')!.eachRow((row) => {
      const cells: unknown[] = [];
      row.eachCell((c) => {
        // A merged range reads its value in each of its cells: once is enough.
        if (c.isMerged && c.master !== c) return;
        const v = c.value;
        cells.push(v && typeof v === 'object' && 'formula' in v ? v.result : v);
      });
      rows.push(cells.join('|'));
    });
    return rows;
  }

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    [buyer, admin] = await buyerAndAdmin(t, 'Asha Buyer', 'Ravi Admin');
    ({ ring, earrings } = await pricedExamples(t, admin));
    await settleOutbox(t.database);

    exported = await submit('US', [
      [ring, 120],
      [earrings, 240],
    ]);
    const quote = await send(exported, {
      currency: 'USD',
      lines: [{ productId: ring.id }, { productId: earrings.id }],
      validUntil: '2031-01-01T00:00:00.000Z',
      rateValidUntil: '2030-12-31T10:30:00.000Z',
      incoterm: 'FOB',
      namedPlace: 'Mumbai',
      paymentTerms: { depositPct: 30, balance: 'against_documents', note: 'By wire transfer' },
      sampleTerms: 'Two samples free, refunded on order',
    });
    // The ring exported (no hallmarking): ₹491.85 / 84.50 → US$5.82 × 120; the earrings US$0.95 × 240.
    expect(quote.lines.map((l: Json) => l.lineTotal)).toEqual([69_840, 22_800]);
    expect(quote.grandTotal).toBe(92_640);

    domestic = await submit('IN', [[ring, 120]]);
    await send(domestic, { currency: 'INR', taxRegime: 'intra_state', lines: [{ productId: ring.id }] });
  });
  afterAll(() => t?.close());

  it('the e-mail of a sent quote: the regime with the LUT declaration, the grand total and every term', async () => {
    const mail = await sentMail(exported);
    for (const expected of [
      'Total before tax: USD 926.40',
      'Tax: Export under LUT: zero-rated. Supply meant for export under LUT without payment of IGST',
      'Grand total: USD 926.40',
      'Valid until: 2031-01-01',
      'Delivery terms: FOB Mumbai',
      'Payment terms: 30% deposit, balance against documents. By wire transfer',
      'Lead time: 21 days',
      'Samples: Two samples free, refunded on order',
      'Metal rate holds until: 2030-12-31 10:30 UTC',
    ])
      expect(mail.text).toContain(expected);
    for (const expected of ['FOB Mumbai', '30% deposit, balance against documents', 'Two samples free'])
      expect(mail.html).toContain(expected);
    expect(mail.text).not.toContain('IGST:');
  });

  it('the e-mail of a quote within the state: CGST and SGST and the grand total', async () => {
    const mail = await sentMail(domestic);
    for (const expected of [
      'Total before tax: INR 63222.00',
      'Tax: Within Rajasthan: CGST and SGST',
      'CGST: INR 948.33',
      'SGST: INR 948.33',
      'Grand total: INR 65118.66',
      'Lead time: 21 days',
    ])
      expect(mail.text).toContain(expected);
    expect(mail.text).not.toContain('Delivery terms');
    expect(mail.text).not.toContain('Payment terms');
  });

  it('the quotation workbook: the regime and terms in the buyer block, the taxes and grand total under the TOTAL', async () => {
    const rows = await workbookRows(exported);
    for (const expected of [
      'Tax|Export under LUT: zero-rated. Supply meant for export under LUT without payment of IGST',
      'Delivery terms|FOB Mumbai',
      'Payment terms|30% deposit, balance against documents. By wire transfer',
      'Lead time|21 days',
      'Samples|Two samples free, refunded on order',
      'Metal rate holds until|2030-12-31 10:30 UTC',
      'TOTAL|360|926.4',
      'GRAND TOTAL|926.4',
      'Supply meant for export under LUT without payment of IGST',
    ])
      expect(rows).toContain(expected);
    expect(rows.filter((r) => r.startsWith('Lead time'))).toHaveLength(1);

    const within = await workbookRows(domestic);
    for (const expected of [
      'Tax|Within Rajasthan: CGST and SGST',
      'TOTAL|120|63222',
      'CGST|948.33',
      'SGST|948.33',
      'GRAND TOTAL|65118.66',
    ])
      expect(within).toContain(expected);
    expect(within.join('\n')).not.toContain('IGST|');
  });

  describe.skipIf(!HAS_PDFTOTEXT)('the printed quote (PDF)', () => {
    it('carries the regime, taxes, grand total and every term', async () => {
      const text = pdfText((await call(buyer, 'GET', `/api/orders/${exported}/quote.pdf`)).rawPayload);
      for (const expected of [
        'Supply meant for export under LUT without payment of IGST',
        'Grand total USD 926.40',
        'Delivery terms: FOB Mumbai',
        'Payment terms: 30% deposit, balance against documents. By wire transfer',
        'Lead time: 21 days',
        'Two samples free, refunded on order',
        'Metal rate holds until: 2030-12-31',
      ])
        expect(text).toContain(expected);
      const within = pdfText((await call(buyer, 'GET', `/api/orders/${domestic}/quote.pdf`)).rawPayload);
      for (const expected of ['CGST INR 948.33', 'SGST INR 948.33', 'Grand total INR 65,118.66'])
        expect(within).toContain(expected);
    });
  });
});
