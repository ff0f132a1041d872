import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteRevisions } from '../../db/schema/orders.ts';
import { quoteRevisionPricing } from '../../db/schema/pricing.ts';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, type TestProduct } from '../../../test/buyer-fixtures.ts';
import {
  buyerAndAdmin,
  caller,
  pricedExamples,
  requestLines,
  submitRequest,
  type Json,
} from '../../../test/quote-fixtures.ts';
const HOUR = 3_600_000;

describe('priced quote lines', () => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let ring: TestProduct;
  let earrings: TestProduct;
  let plain: TestProduct;

  const call = caller(() => t);

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    [buyer, admin] = await buyerAndAdmin(t, 'Priced Buyer', 'Pricing Admin');
    ({ ring, earrings } = await pricedExamples(t, admin));
    plain = await insertProduct(t.database, { name: 'Uncosted Bangle', code: 'BG-0' });
  });
  afterAll(() => t?.close());

  const submit = async (country: string, lines: [TestProduct, number][]): Promise<string> =>
    (await submitRequest(t, buyer, { country, email: 'asha@example.com', orderDetails: requestLines(lines) }))
      .id;

  const detail = async (id: string, who: TestUser = admin) =>
    (await call(who, 'GET', `/api/orders/${id}`)).json<{ order: Json }>().order;

  const save = (id: string, version: number, body: Json) =>
    call(admin, 'PUT', `/api/orders/${id}/quote`, { version, leadTimeDays: 21, ...body });

  it('lines without a unit price take the suggested one: examples A and B, IGST to another state', async () => {
    const id = await submit('IN', [
      [ring, 120],
      [earrings, 240],
    ]);
    const res = await save(id, 1, {
      currency: 'INR',
      lines: [{ productId: ring.id }, { productId: earrings.id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json().order.quote;
    expect(
      quote.lines.map((l: Json) => [l.sku, l.unitPrice, l.suggestedUnitPrice, l.lineTotal, l.hsn]),
    ).toEqual([
      ['RG-A', 52685, 52685, 6_322_200, '71131100'],
      ['ER-B', 8000, 8000, 1_920_000, '71179010'],
    ]);
    expect(quote.lines[0].breakdown).toEqual({
      metal: 40335,
      making: 5100,
      stones: 1350,
      setting: 600,
      plating: 1800,
      extras: 3500,
    });
    expect(quote.lines[0].chargeableWeightMg).toBe(4590);
    expect(quote.total).toBe(8_242_200);
    expect(quote.taxRegime).toBe('inter_state');
    expect(quote.tax).toEqual({ cgst: 0, sgst: 0, igst: 189_666 + 57_600 });
    expect(quote.grandTotal).toBe(8_242_200 + 247_266);
    expect(quote.rateSnapshots).toEqual([
      { metal: 'silver', perKgFine: 9_500_000, source: 'IBJA', effectiveAt: expect.any(String) },
    ]);
    expect(quote.fx).toBeNull();

    // The same buyer in the business's own state: CGST + SGST of half the rate each.
    const intra = await save(id, 2, {
      currency: 'INR',
      taxRegime: 'intra_state',
      lines: [{ productId: ring.id }, { productId: earrings.id }],
    });
    expect(intra.json().order.quote.tax).toEqual({ cgst: 94_833 + 28_800, sgst: 94_833 + 28_800, igst: 0 });
    expect(intra.json().order.quote.revision).toBe(1);
  });

  it('an export in US$ under LUT: converted unit prices, the price break at 288 pairs, no hallmarking, no GST', async () => {
    const id = await submit('US', [
      [ring, 120],
      [earrings, 288],
    ]);
    const res = await save(id, 1, {
      currency: 'USD',
      lines: [{ productId: ring.id }, { productId: earrings.id }],
      incoterm: 'FOB',
      namedPlace: 'Mumbai',
      paymentTerms: { depositPct: 50, balance: 'before_dispatch' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json().order.quote;
    expect(quote.taxRegime).toBe('export_lut');
    // Ring without hallmarking: ₹491.85 / 84.50 = US$5.82; earrings ₹76.00 / 84.50 = US$0.90.
    expect(quote.lines.map((l: Json) => [l.unitPrice, l.lineTotal])).toEqual([
      [582, 69_840],
      [90, 25_920],
    ]);
    expect(quote.lines[1].priceBreaks).toEqual([{ minQty: 288, unitPrice: 7600 }]);
    expect(quote.tax).toEqual({ cgst: 0, sgst: 0, igst: 0 });
    expect(quote.grandTotal).toBe(95_760);
    expect(quote.fx).toMatchObject({ currency: 'USD', inrPerUnit: 8450 });
    expect(quote).toMatchObject({
      incoterm: 'FOB',
      namedPlace: 'Mumbai',
      paymentTerms: { depositPct: 50, balance: 'before_dispatch', note: '' },
    });
  });

  it('an override keeps its reason, for admins only (none is required, as a quote typed by hand); breakdowns reach the buyer only when shown; one-off charges add once', async () => {
    const id = await submit('IN', [
      [ring, 120],
      [plain, 10],
    ]);
    const refused = await save(id, 1, {
      currency: 'INR',
      lines: [{ productId: ring.id, unitPrice: 50_000 }, { productId: plain.id }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      {
        path: 'lines.1.unitPrice',
        message: expect.stringMatching(/no suggested price for BG-0 \(BG-0 has no costing\)/),
      },
    ]);
    const saved = await save(id, 1, {
      currency: 'INR',
      lines: [
        {
          productId: ring.id,
          unitPrice: 50_000,
          overrideReason: 'Repeat buyer',
          charges: [{ kind: 'sample', amount: 150_000 }],
        },
        { productId: plain.id, unitPrice: 12_000 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const quote = saved.json().order.quote;
    expect(quote.lines[0]).toMatchObject({
      unitPrice: 50_000,
      suggestedUnitPrice: 52685,
      overrideReason: 'Repeat buyer',
      lineTotal: 50_000 * 120 + 150_000,
      charges: [{ kind: 'sample', amount: 150_000 }],
    });
    expect(quote.lines[1]).toMatchObject({
      unitPrice: 12_000,
      suggestedUnitPrice: null,
      breakdown: null,
      lineTotal: 120_000,
    });
    expect(quote.total).toBe(6_150_000 + 120_000);

    expect((await call(admin, 'POST', `/api/orders/${id}/quote/send`, { version: 2 })).statusCode).toBe(200);
    const seen = (await detail(id, buyer)).quote;
    expect(seen.lines[0]).not.toHaveProperty('overrideReason');
    expect(seen.lines[0]).not.toHaveProperty('breakdown');
    expect(seen.lines[0].suggestedUnitPrice).toBeNull();
    expect(JSON.stringify(seen)).not.toContain('Repeat buyer');

    // Quoted again with the breakdown shown.
    await save(id, 3, {
      currency: 'INR',
      showBreakdown: true,
      lines: [{ productId: ring.id }, { productId: plain.id, unitPrice: 12_000 }],
    });
    expect((await call(admin, 'POST', `/api/orders/${id}/quote/send`, { version: 4 })).statusCode).toBe(200);
    const shown = (await detail(id, buyer)).quote;
    expect(shown.showBreakdown).toBe(true);
    expect(shown.lines[0].breakdown).toMatchObject({ metal: 40335, making: 5100 });
  });

  it('rates hold 48 hours after sending (never past the quote); after that the accept answers 409 RATE_EXPIRED', async () => {
    const id = await submit('IN', [[ring, 10]]);
    const validUntil = new Date(Date.now() + 30 * HOUR).toISOString();
    const late = await save(id, 1, {
      currency: 'INR',
      lines: [{ productId: ring.id }],
      validUntil,
      rateValidUntil: new Date(Date.now() + 40 * HOUR).toISOString(),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('rateValidUntil must not be after validUntil');

    await save(id, 1, { currency: 'INR', lines: [{ productId: ring.id }] });
    const sent = (await call(admin, 'POST', `/api/orders/${id}/quote/send`, { version: 2 })).json().order
      .quote;
    expect(Date.parse(sent.rateValidUntil) - Date.parse(sent.sentAt)).toBe(48 * HOUR);

    // The rate validity lapses (the clock moved on): the accept is refused and nothing changes.
    const [rev] = await t.database.db
      .select({ id: quoteRevisions.id })
      .from(quoteRevisions)
      .where(eq(quoteRevisions.orderId, id));
    await t.database.db
      .update(quoteRevisionPricing)
      .set({ rateValidUntil: new Date(Date.now() - 1000) })
      .where(eq(quoteRevisionPricing.revisionId, rev!.id));
    const accept = await call(buyer, 'POST', `/api/orders/${id}/accept`, { version: 3, revision: 1 });
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toMatchObject({ code: 'RATE_EXPIRED', message: expect.stringMatching(/re-quote/) });
    expect((await detail(id)).status).toBe('quoted');
  });

  it('a quote with no metal-linked line has no rate validity and is accepted as before', async () => {
    const id = await submit('IN', [[plain, 5]]);
    await save(id, 1, { currency: 'INR', lines: [{ productId: plain.id, unitPrice: 9_900 }] });
    const sent = (await call(admin, 'POST', `/api/orders/${id}/quote/send`, { version: 2 })).json().order
      .quote;
    expect(sent.rateValidUntil).toBeNull();
    expect(
      (await call(buyer, 'POST', `/api/orders/${id}/accept`, { version: 3, revision: 1 })).statusCode,
    ).toBe(200);
  });

  it('re-quote at today’s rate: only the metal parts change, old beside new, an override keeps its difference', async () => {
    const id = await submit('IN', [
      [ring, 120],
      [earrings, 240],
      [plain, 10],
    ]);
    await save(id, 1, {
      currency: 'INR',
      noteToBuyer: 'Thank you',
      lines: [
        { productId: ring.id, unitPrice: 52_000, overrideReason: 'Repeat buyer' },
        { productId: earrings.id, unitPrice: 7_500, overrideReason: 'Season offer' },
        { productId: plain.id, unitPrice: 12_000 },
      ],
    });
    await call(admin, 'POST', `/api/orders/${id}/quote/send`, { version: 2 });
    await call(admin, 'POST', '/api/rates', { metal: 'silver', perKgFine: 9_800_000, source: 'IBJA pm' });

    expect((await call(buyer, 'POST', `/api/orders/${id}/quote/requote`, { version: 3 })).statusCode).toBe(
      403,
    );
    const res = await call(admin, 'POST', `/api/orders/${id}/quote/requote`, { version: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json().order.quote;
    expect(quote).toMatchObject({ revision: 2, state: 'draft', noteToBuyer: 'Thank you' });
    expect(quote.lines.map((l: Json) => [l.sku, l.previousUnitPrice, l.unitPrice])).toEqual([
      // Suggested ₹526.85 → ₹539.58: the override of ₹520.00 moves by the same ₹12.73.
      ['RG-A', 52_000, 53_273],
      ['ER-B', 7_500, 7_500],
      ['BG-0', 12_000, 12_000],
    ]);
    expect(quote.lines[0]).toMatchObject({ suggestedUnitPrice: 53958, overrideReason: 'Repeat buyer' });
    expect(quote.lines[0].breakdown.metal).toBe(41608);
    expect(quote.rateSnapshots).toEqual([
      { metal: 'silver', perKgFine: 9_800_000, source: 'IBJA pm', effectiveAt: expect.any(String) },
    ]);
    expect(quote.total).toBe(53_273 * 120 + 7_500 * 240 + 120_000);
    // Sent in one more click.
    expect((await call(admin, 'POST', `/api/orders/${id}/quote/send`, { version: 4 })).statusCode).toBe(200);
    await call(admin, 'POST', '/api/rates', { metal: 'silver', perKgFine: 9_500_000, source: 'IBJA' });
  });

  it('re-quoting a request with no sent quote is refused', async () => {
    const id = await submit('IN', [[plain, 5]]);
    const res = await call(admin, 'POST', `/api/orders/${id}/quote/requote`, { version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no sent quote/);
  });
});
