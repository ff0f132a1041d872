import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proformaInvoices } from '../../db/schema/orders.ts';
import { counters } from '../../db/schema/system.ts';
import { buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import type { TestProduct } from '../../../test/buyer-fixtures.ts';
import {
  caller,
  pricedExamples,
  requestLines,
  saveAndSend,
  submitRequest,
  type Json,
} from '../../../test/quote-fixtures.ts';
import { HAS_PDFTOTEXT, pdfWords as pdfText } from '../../../test/pdf-text.ts';

const SETTINGS = {
  gstin: '08abcde1234f1z5',
  iec: 'abcde1234f',
  lutArn: 'AD080324000123X',
  bank: {
    name: 'State Bank of India',
    accountName: 'Jaipur Jewellery House',
    accountNumber: '3012 3456 7890',
    ifsc: 'sbin0001234',
    swift: 'SBININBB123',
    branch: 'MI Road, Jaipur',
  },
};

describe('proforma invoices', () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let ring: TestProduct;
  let earrings: TestProduct;
  /** Example A in Rajasthan (CGST + SGST), accepted before the settings were saved. */
  let domestic: { id: string; orderId: number };
  /** Example B exported in US$ under LUT. */
  let exported: { id: string; orderId: number };

  const call = caller(() => t);
  const proforma = (user: TestUser | null, id: string, query = '') =>
    call(user, 'GET', `/api/orders/${id}/proforma.pdf${query}`);

  const submit = (country: string, product: TestProduct, quantity: number) =>
    submitRequest(t, buyer, {
      country,
      companyName: 'Asha Retail',
      orderDetails: requestLines([[product, quantity]]),
    });

  /** Saves the suggested prices with the given terms and sends the quote; the version after. */
  async function quote(id: string, body: Json): Promise<number> {
    const version = (await call(admin, 'GET', `/api/orders/${id}`)).json().order.version;
    return (await saveAndSend(t, admin, id, { version, leadTimeDays: 21, ...body })).version;
  }

  async function accept(id: string, version: number) {
    const res = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
      version,
      revision: 1,
      poNumber: 'PO-77',
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const numberOf = (res: { headers: Record<string, unknown> }) =>
    /filename="(PI-\d+)\.pdf"/.exec(String(res.headers['content-disposition']))?.[1];

  const proformaRows = () =>
    t.database.db
      .select({ number: proformaInvoices.number, orderNumber: proformaInvoices.orderNumber })
      .from(proformaInvoices)
      .orderBy(proformaInvoices.number);

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    [buyer, other, admin] = await Promise.all([
      createUser(t.database, { name: 'Asha Buyer' }),
      createUser(t.database, { name: 'Other Buyer' }),
      createUser(t.database, { role: 'admin', name: 'Ravi Admin' }),
    ]);
    ({ ring, earrings } = await pricedExamples(t, admin));

    domestic = await submit('IN', ring, 120);
    await accept(
      domestic.id,
      await quote(domestic.id, {
        currency: 'INR',
        taxRegime: 'intra_state',
        lines: [{ productId: ring.id }],
        incoterm: 'EXW',
        namedPlace: 'Jaipur',
        paymentTerms: { depositPct: 50, balance: 'before_dispatch', note: '' },
        sampleTerms: 'Samples free, refunded on order',
      }),
    );
    exported = await submit('US', earrings, 240);
  });
  afterAll(() => t?.close());

  it('before the business settings are saved, an accepted quote has no proforma (409 saying why) and takes no number', async () => {
    const res = await proforma(buyer, domestic.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "The business's GSTIN, IEC and bank details are not set yet, so no proforma invoice can be made; an administrator saves them under Business settings",
    );
    expect(await proformaRows()).toEqual([]);
    expect(await t.database.db.select().from(counters).where(eq(counters.name, 'proforma'))).toEqual([]);
  });

  it('business settings: admins only, each format checked with a message naming the field, stored in capitals', async () => {
    expect((await call(null, 'GET', '/api/admin/business-settings')).statusCode).toBe(401);
    expect((await call(buyer, 'GET', '/api/admin/business-settings')).statusCode).toBe(403);
    expect((await call(buyer, 'PUT', '/api/admin/business-settings', SETTINGS)).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/admin/business-settings')).json()).toEqual({
      settings: null,
      updatedAt: null,
    });
    const refusals: [Json, string][] = [
      [
        { gstin: '08ABCDE1234F1X5' },
        'gstin: gstin must be a GSTIN of 15 characters, such as 08ABCDE1234F1Z5',
      ],
      [{ gstin: '' }, 'gstin: gstin is required'],
      [
        { iec: 'ABCDE1234' },
        'iec: iec must be the Importer-Exporter Code of 10 letters and digits, such as ABCDE1234F',
      ],
      [
        { bank: { ...SETTINGS.bank, ifsc: 'SBIN1001234' } },
        'bank.ifsc: bank.ifsc must be an IFSC of 11 characters, such as SBIN0001234',
      ],
      [
        { bank: { ...SETTINGS.bank, swift: 'SBIN' } },
        'bank.swift: bank.swift must be a SWIFT/BIC code of 8 or 11 characters, such as SBININBB',
      ],
      [
        { bank: { ...SETTINGS.bank, accountNumber: '12AB' } },
        'bank.accountNumber: bank.accountNumber must be an account number of 9 to 18 digits',
      ],
      [{ bank: { ...SETTINGS.bank, name: ' ' } }, 'bank.name: bank.name is required'],
      [
        { lutArn: 'AD08' },
        'lutArn: lutArn must be the LUT acknowledgement number of 15 letters and digits, such as AD080324000123X',
      ],
    ];
    for (const [change, message] of refusals) {
      const res = await call(admin, 'PUT', '/api/admin/business-settings', { ...SETTINGS, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call(admin, 'GET', '/api/admin/business-settings')).json().settings).toBeNull();

    const saved = await call(admin, 'PUT', '/api/admin/business-settings', SETTINGS);
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = {
      gstin: '08ABCDE1234F1Z5',
      iec: 'ABCDE1234F',
      lutArn: 'AD080324000123X',
      bank: { ...SETTINGS.bank, accountNumber: '301234567890', ifsc: 'SBIN0001234' },
    };
    expect(saved.json().settings).toEqual(stored);
    const read = (await call(admin, 'GET', '/api/admin/business-settings')).json();
    expect(read.settings).toEqual(stored);
    expect(Date.parse(read.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a quote not accepted yet has no proforma: 409 naming its state; nothing is numbered', async () => {
    let res = await proforma(buyer, exported.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This request is new; its proforma invoice can be downloaded once its quote is accepted',
    );
    const version = await quote(exported.id, {
      currency: 'USD',
      lines: [{ productId: earrings.id }],
      incoterm: 'FOB',
      namedPlace: 'Mumbai',
      paymentTerms: { depositPct: 30, balance: 'against_documents', note: 'By wire transfer' },
    });
    for (const who of [buyer, admin]) {
      res = await proforma(who, exported.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This request is quoted; its proforma invoice can be downloaded once its quote is accepted',
      );
    }
    expect(await proformaRows()).toEqual([]);
    await accept(exported.id, version);
  });

  it('its buyer and admins only: another buyer and anonymous get the 404 of an unknown id', async () => {
    const unknown = await proforma(buyer, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    for (const who of [null, other]) {
      const res = await proforma(who, domestic.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    expect((await proforma(buyer, domestic.id, '?lang=fr')).statusCode).toBe(400);
    expect(await proformaRows()).toEqual([]);
  });

  it('numbered on the first download in a gap-free series of its own; first downloads at once share one number; the same number ever after', async () => {
    const first = await Promise.all([
      proforma(buyer, domestic.id),
      proforma(admin, domestic.id),
      proforma(buyer, domestic.id),
    ]);
    for (const res of first) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(numberOf(res)).toBe('PI-0001');
    }
    expect(numberOf(await proforma(admin, exported.id))).toBe('PI-0002');
    expect(numberOf(await proforma(buyer, domestic.id))).toBe('PI-0001');
    expect(numberOf(await proforma(buyer, exported.id, '?lang=hi'))).toBe('PI-0002');
    // The series is its own: order numbers go on from theirs.
    expect(await proformaRows()).toEqual([
      { number: 1, orderNumber: domestic.orderId },
      { number: 2, orderNumber: exported.orderId },
    ]);
    expect(domestic.orderId).toBeGreaterThanOrEqual(1);
    expect(exported.orderId).toBe(domestic.orderId + 1);
    const [counter] = await t.database.db.select().from(counters).where(eq(counters.name, 'proforma'));
    expect(counter!.value).toBe(2);
  });

  it('a refused proforma (not accepted yet) takes no number: the next accepted one is the next in the series', async () => {
    const third = await submit('IN', ring, 120);
    const version = await quote(third.id, { currency: 'INR', lines: [{ productId: ring.id }] });
    expect((await proforma(buyer, third.id)).statusCode).toBe(409);
    await accept(third.id, version);
    expect(numberOf(await proforma(buyer, third.id))).toBe('PI-0003');
    expect((await proformaRows()).map((r) => r.number)).toEqual([1, 2, 3]);
  });

  describe.skipIf(!HAS_PDFTOTEXT)(
    HAS_PDFTOTEXT ? 'the PDF' : 'the PDF (skipped: pdftotext from poppler-utils is not installed)',
    () => {
      it('domestic, example A in Rajasthan: number, GSTIN, IEC, buyer, HSN, weights, prices, CGST + SGST, deposit and bank details', async () => {
        const res = await proforma(buyer, domestic.id);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.toString('latin1')).toMatch(/MediaBox \[0 0 595\.28 841\.89\]/);
        const text = pdfText(res.rawPayload);
        for (const expected of [
          'Jaipur Jewellery House',
          'Proforma invoice PI-0001',
          'Proforma no.: PI-0001',
          'GSTIN: 08ABCDE1234F1Z5',
          'IEC: ABCDE1234F',
          'State: Rajasthan (08)',
          `Ref. No ${domestic.orderId}`,
          'Buyer’s PO: PO-77',
          'Asha',
          'Asha Retail',
          'asha@retail.example',
          'RG-A',
          'Sterling Ring',
          '71131100',
          'Net 4.250',
          'Chg. 4.590',
          '526.85',
          '63,222.00',
          'Total before tax',
          'INR 63,222.00',
          'CGST @ 1.5%',
          'SGST @ 1.5%',
          'INR 948.33',
          'Grand total',
          'INR 65,118.66',
          'Payment terms: 50% deposit, balance before dispatch',
          'Deposit due (50%): INR 32,559.33',
          'Balance: INR 32,559.33 before dispatch',
          'Delivery terms: EXW Jaipur',
          'Lead time: 21 days',
          'Samples: Samples free, refunded on order',
          'Bank: State Bank of India',
          'Account name: Jaipur Jewellery House',
          'Account no.: 301234567890',
          'IFSC: SBIN0001234',
          'SWIFT: SBININBB123',
          'Branch: MI Road, Jaipur',
          'Page 1 of 1',
        ])
          expect(text).toContain(expected);
        expect(text).not.toContain('IGST');
        expect(text).not.toContain('LUT');
        expect(text).not.toContain('INR equivalent');
      });

      it('export, example B in US$ under LUT: the declaration with the LUT number, no GST, and the INR equivalent at the quote’s rate', async () => {
        const text = pdfText((await proforma(admin, exported.id)).rawPayload);
        for (const expected of [
          'Proforma invoice PI-0002',
          'GSTIN: 08ABCDE1234F1Z5',
          'IEC: ABCDE1234F',
          'ER-B',
          '71179010',
          '0.95',
          'USD 228.00',
          'Grand total',
          'Supply meant for export under LUT without payment of IGST',
          'LUT ARN: AD080324000123X',
          'INR equivalent at INR 84.50 per USD 1',
          'INR 19,266.00',
          'Payment terms: 30% deposit, balance against documents. By wire transfer',
          'Deposit due (30%): USD 68.40',
          'Balance: USD 159.60 against documents',
          'Delivery terms: FOB Mumbai',
          'SWIFT: SBININBB123',
        ])
          expect(text).toContain(expected);
        for (const absent of ['CGST', 'SGST', 'IGST @', 'Net ', 'Chg. ']) expect(text).not.toContain(absent);
      });

      it('made again, an invoice keeps its number and the business details it was issued with; a new one takes the new details', async () => {
        const before = pdfText((await proforma(buyer, domestic.id)).rawPayload);
        const changed = await call(admin, 'PUT', '/api/admin/business-settings', {
          ...SETTINGS,
          gstin: '08ZZZZZ9999Z1Z5',
          bank: { ...SETTINGS.bank, name: 'Punjab National Bank' },
        });
        expect(changed.statusCode, changed.body).toBe(200);
        const again = pdfText((await proforma(admin, domestic.id)).rawPayload);
        expect(again).toBe(before);
        expect(again).toContain('GSTIN: 08ABCDE1234F1Z5');

        const fourth = await submit('IN', ring, 120);
        await accept(fourth.id, await quote(fourth.id, { currency: 'INR', lines: [{ productId: ring.id }] }));
        const fresh = pdfText((await proforma(buyer, fourth.id)).rawPayload);
        expect(fresh).toContain('Proforma invoice PI-0004');
        expect(fresh).toContain('GSTIN: 08ZZZZZ9999Z1Z5');
        expect(fresh).toContain('Bank: Punjab National Bank');
        // Another state: IGST at 3%.
        expect(fresh).toContain('IGST @ 3%');
        expect(fresh).toContain('INR 1,896.66');
        expect(fresh).toContain('INR 65,118.66');
      });

      it('in Hindi: Devanagari words in the embedded font, the same number and amounts', async () => {
        const res = await proforma(buyer, domestic.id, '?lang=hi');
        const text = pdfText(res.rawPayload);
        expect(numberOf(res)).toBe('PI-0001');
        for (const expected of ['PI-0001', '08ABCDE1234F1Z5', '71131100', 'INR 65,118.66', 'बैंक', 'शेष'])
          expect(text).toContain(expected);
        expect(res.rawPayload.toString('latin1')).toMatch(/FontFile2|FontFile3|NotoSansDevanagari/);
      });
    },
  );
});
