import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import type { CostingAnswer, RateHistory, RatesAnswer } from '@catalogue/shared/schemas/pricing';
import { insertProduct, type TestProduct } from '../../../test/buyer-fixtures.ts';
import { EXAMPLE_A_COSTING } from '../../../test/pricing-fixtures.ts';
import { submitRequest } from '../../../test/quote-fixtures.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';

/** Worked example A, its stone a kind of the admin's own naming. */
const RING_A = { ...EXAMPLE_A_COSTING, stones: [{ ...EXAMPLE_A_COSTING.stones[0], kind: 'CZ-unobtainium' }] };

describe('metal and exchange rates, costing per design', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let ring: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.database, { role: 'admin', name: 'Rates Admin' });
    buyer = await createUser(t.database);
    ring = await insertProduct(t.database, { name: 'Sterling Ring', code: 'RG-A' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    token: string | null = admin.token,
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token ? bearer(token) : {},
    });

  it('keeps buyers and visitors out of every rate and costing endpoint', async () => {
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
      ['GET', '/api/rates'],
      ['POST', '/api/rates', { metal: 'silver', perKgFine: 9_500_000 }],
      ['GET', '/api/rates/history?metal=silver'],
      ['POST', '/api/rates/fx', { currency: 'USD', inrPerUnit: 8450 }],
      ['GET', `/api/products/admin/${ring.id}/costing`],
      ['PUT', `/api/products/admin/${ring.id}/costing`, RING_A],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, body, null)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, body, buyer.token)).statusCode, `${method} ${url} buyer`).toBe(403);
    }
    expect((await call('GET', '/api/rates')).json()).toEqual({ rates: [], fx: [] });
  });

  it('sets rates, answers the current one of each metal and currency, and keeps the history', async () => {
    const first = await call('POST', '/api/rates', {
      metal: 'silver',
      perKgFine: 9_400_000,
      source: 'IBJA am',
      effectiveAt: '2026-11-30T05:30:00.000Z',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      rate: {
        metal: 'silver',
        fineness: 999,
        perKgFine: 9_400_000,
        unitShown: 'INR/kg',
        source: 'IBJA am',
        effectiveAt: '2026-11-30T05:30:00.000Z',
        setBy: { _id: admin.id, name: 'Rates Admin' },
      },
    });
    expect(
      (await call('POST', '/api/rates', { metal: 'silver', perKgFine: 9_500_000, source: 'IBJA pm' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '/api/rates', { metal: 'gold', perKgFine: 725_000_000, fineness: 995 })).json()
        .rate,
    ).toMatchObject({ metal: 'gold', unitShown: 'INR/10g', fineness: 995 });
    expect(
      (await call('POST', '/api/rates/fx', { currency: 'USD', inrPerUnit: 8450, source: 'RBI' })).statusCode,
    ).toBe(201);

    const current = (await call('GET', '/api/rates')).json<RatesAnswer>();
    expect(current.rates.map((r) => [r.metal, r.perKgFine])).toEqual([
      ['silver', 9_500_000],
      ['gold', 725_000_000],
    ]);
    expect(current.fx).toEqual([
      expect.objectContaining({
        currency: 'USD',
        inrPerUnit: 8450,
        source: 'RBI',
        setBy: { _id: admin.id, name: 'Rates Admin' },
      }),
    ]);

    const history = (await call('GET', '/api/rates/history?metal=silver')).json<RateHistory>();
    expect(history.rates.map((r) => [r.perKgFine, r.source])).toEqual([
      [9_500_000, 'IBJA pm'],
      [9_400_000, 'IBJA am'],
    ]);
    const fx = (await call('GET', '/api/rates/history?currency=USD')).json<RateHistory>();
    expect(fx.fx.map((f) => f.inrPerUnit)).toEqual([8450]);
  });

  it('refuses a rate of zero, below zero or over 100× the last, with a message, and stores nothing', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ metal: 'silver', perKgFine: 0 }, 400, /perKgFine must be more than 0/],
      [{ metal: 'silver', perKgFine: -1 }, 400, /perKgFine must be more than 0/],
      [{ metal: 'silver', perKgFine: 950_000_001 }, 400, /over 100 times the last rate/],
      [{ metal: 'silver', perKgFine: 95.5 }, 400, /whole number/],
      [{ metal: 'unobtainium', perKgFine: 100 }, 400, /metal must be one of/],
      [
        { metal: 'silver', perKgFine: 100, effectiveAt: '2099-01-01T00:00:00Z' },
        400,
        /must not be in the future/,
      ],
      [{ metal: 'silver' }, 400, /perKgFine/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', '/api/rates', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(
      (await call('POST', '/api/rates/fx', { currency: 'USD', inrPerUnit: 845_001 })).json().message,
    ).toMatch(/over 100 times/);
    expect(
      (await call('POST', '/api/rates/fx', { currency: 'INR', inrPerUnit: 100 })).json().message,
    ).toMatch(/currency must be one of USD, EUR, GBP, AED/);
    expect((await call('POST', '/api/rates/fx', { currency: 'USD', inrPerUnit: 0 })).statusCode).toBe(400);
    // Exactly 100× is still taken.
    expect((await call('POST', '/api/rates', { metal: 'silver', perKgFine: 950_000_000 })).statusCode).toBe(
      201,
    );
    expect(
      (await call('POST', '/api/rates', { metal: 'silver', perKgFine: 9_500_000, source: 'fixed' }))
        .statusCode,
    ).toBe(201);
    const history = (await call('GET', '/api/rates/history?metal=silver')).json<RateHistory>();
    expect(history.rates.map((r) => r.perKgFine)).toEqual([9_500_000, 950_000_000, 9_500_000, 9_400_000]);
    expect((await call('GET', '/api/rates/history?metal=tin')).statusCode).toBe(400);
    expect((await call('GET', '/api/rates/history')).statusCode).toBe(400);
  });

  it('a design’s costing: none at first, saved, priced at today’s rate as worked example A', async () => {
    const empty = await call('GET', `/api/products/admin/${ring.id}/costing`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ costing: null, suggested: null });

    const saved = await call('PUT', `/api/products/admin/${ring.id}/costing`, RING_A);
    expect(saved.statusCode).toBe(200);
    const answer = saved.json<CostingAnswer>();
    expect(answer.suggested).toEqual({
      unitPrice: 52685,
      breakdown: { metal: 40335, making: 5100, stones: 1350, setting: 600, plating: 1800, extras: 3500 },
      chargeableWeightMg: 4590,
      rateUsed: { metal: 'silver', perKgFine: 9_500_000, source: 'fixed', effectiveAt: expect.any(String) },
    });
    expect(
      (await call('GET', `/api/products/admin/${ring.id}/costing`)).json<CostingAnswer>().costing,
    ).toMatchObject({
      pricingMode: 'metal_linked',
      netWeightMg: 4250,
    });

    // Silver moves to ₹98,000 per kg: unit ₹539.58.
    await call('POST', '/api/rates', { metal: 'silver', perKgFine: 9_800_000 });
    expect(
      (await call('GET', `/api/products/admin/${ring.id}/costing`)).json<CostingAnswer>().suggested
        ?.unitPrice,
    ).toBe(53958);
  });

  it('a design in a metal without a rate has no suggested price, and says why', async () => {
    const copper = await insertProduct(t.database);
    const res = await call('PUT', `/api/products/admin/${copper.id}/costing`, { ...RING_A, metal: 'copper' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ suggested: null, unpricedReason: 'no rate is set for copper' });
  });

  it('refuses a bad costing with a message naming the field, and an unknown design with 404', async () => {
    const bad: [unknown, RegExp][] = [
      [{ ...RING_A, pricingMode: 'by_magic' }, /pricingMode must be one of/],
      [{ ...RING_A, netWeightMg: undefined }, /netWeightMg is required/],
      [{ ...RING_A, wastagePct: 8.125 }, /wastagePct may have at most two decimals/],
      [
        { ...RING_A, making: { basis: 'per_gram', value: 12.5 } },
        /making.value must be a whole number of paise/,
      ],
      [
        { ...RING_A, making: { basis: 'per_piece', value: 100, thresholdMg: 5000 } },
        /thresholdMg needs the per_gram basis/,
      ],
      [{ ...RING_A, hsn: '7113-11' }, /hsn must be 4, 6 or 8 digits/],
      [
        { ...RING_A, stones: [{ kind: 'CZ', count: 3, rate: 450, basis: 'per_gram' }] },
        /basis must be one of/,
      ],
      [
        {
          ...RING_A,
          priceBreaks: [
            { minQty: 100, unitPrice: 1 },
            { minQty: 100, unitPrice: 2 },
          ],
        },
        /each minQty at most once/,
      ],
    ];
    for (const [body, message] of bad) {
      const res = await call('PUT', `/api/products/admin/${ring.id}/costing`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // Nothing bad was stored: the costing is still example A's.
    expect(
      (await call('GET', `/api/products/admin/${ring.id}/costing`)).json<CostingAnswer>().costing?.wastagePct,
    ).toBe(8);
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      expect((await call('GET', `/api/products/admin/${id}/costing`)).statusCode).toBe(404);
      expect((await call('PUT', `/api/products/admin/${id}/costing`, RING_A)).statusCode).toBe(404);
    }
  });

  it('never puts a costing in a buyer’s or an anonymous answer, nor in a buyer’s workbook', async () => {
    const marks = ['unobtainium', 'pricingMode', 'netWeightMg', 'costing', 'metal_linked', '71131100'];
    const reads = [
      `/api/products/single/${ring.id}`,
      '/api/products/',
      '/api/products/paginated',
      '/api/products/category/Rings',
      `/api/search?q=Sterling`,
    ];
    for (const url of reads)
      for (const token of [null, buyer.token, admin.token]) {
        const res = await call('GET', url, undefined, token);
        expect(res.statusCode, url).toBe(200);
        for (const mark of marks)
          expect(res.body, `${url} ${token ? 'signed in' : 'anonymous'}`).not.toContain(mark);
      }

    // The admin's catalogue workbook carries it (its costing columns); a buyer cannot fetch it.
    const adminBook = xlsxText((await call('GET', '/api/admin/catalogue/export?search=RG-A')).rawPayload);
    expect(adminBook).toContain('CZ-unobtainium 3 @ 4.50/pc');
    expect((await call('GET', '/api/admin/catalogue/export', undefined, buyer.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/catalogue/export', undefined, null)).statusCode).toBe(401);

    // A selection's line sheet, with prices shown.
    const selection = await call('POST', '/api/selections', { title: 'Rings', productIds: [ring.id] });
    expect(selection.statusCode, selection.body).toBe(201);
    const link = await call('POST', `/api/selections/${selection.json().selection._id}/links`, {
      recipient: { name: 'Meera' },
      showPrices: true,
    });
    const sheet = await call('GET', `/s/${link.json().link.token}/linesheet.xlsx`, undefined, null);
    expect(sheet.statusCode).toBe(200);
    const lineSheet = xlsxText(sheet.rawPayload);
    expect(lineSheet).toContain('RG-A');
    for (const mark of marks) expect(lineSheet).not.toContain(mark);

    // The quotation workbook of a quote priced from the costing (its line takes the suggested price).
    const { id } = await submitRequest(t, buyer, {
      country: 'IN',
      orderDetails: [{ productId: ring.id, quantity: 10 }],
    });
    const quoted = await call('PUT', `/api/orders/${id}/quote`, {
      version: 1,
      currency: 'INR',
      leadTimeDays: 14,
      lines: [{ productId: ring.id }],
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect((await call('POST', `/api/orders/${id}/quote/send`, { version: 2 })).statusCode).toBe(200);
    const order = (await call('GET', `/api/orders/${id}`, undefined, buyer.token)).json().order;
    const file = await call(
      'GET',
      String(order.excelFilePath).replace('/uploads/', '/api/orders/download/'),
      undefined,
      null,
    );
    expect(file.statusCode).toBe(200);
    const quotation = xlsxText(file.rawPayload);
    expect(quotation).toContain('Sterling Ring');
    for (const mark of marks) expect(quotation).not.toContain(mark);
  });
});

/** Every cell of every sheet of an .xlsx, as CSV text. */
function xlsxText(bytes: Buffer): string {
  const book = XLSX.read(bytes, { type: 'buffer' });
  return book.SheetNames.map((name) => XLSX.utils.sheet_to_csv(book.Sheets[name]!)).join('\n');
}
