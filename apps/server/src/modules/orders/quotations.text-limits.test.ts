import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, outboxRows, settleOutbox, type TestProduct } from '../../../test/buyer-fixtures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TEN_MB = 'x'.repeat(10 * 1024 * 1024);
const JUST_OVER = 'y'.repeat(2001);

describe('quotation text fields: an over-long value is a 400 naming the field and its limit', () => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let ring: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    [buyer, admin] = await Promise.all([
      createUser(t.database, { name: 'Meera Buyer' }),
      createUser(t.database, { role: 'admin', name: 'Ravi Admin' }),
    ]);
    ring = await insertProduct(t.database, { name: 'Kundan Ring', code: 'KR-9' });
  });
  afterAll(() => t?.close());
  beforeEach(() => settleOutbox(t.database));

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

  async function submit(): Promise<string> {
    const res = await call(buyer, 'POST', '/api/orders/submit-order', {
      firstName: 'Meera',
      email: 'meera@retail.example',
      contactNumber: '+91 98765 43210',
      country: 'IN',
      orderDetails: [{ productId: ring.id, quantity: 5 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, res.json().orderId));
    await settleOutbox(t.database);
    return row!.id;
  }

  const read = async (id: string): Promise<Json> => {
    const res = await call(admin, 'GET', `/api/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order;
  };

  const quoteBody = (version: number, over: Json = {}, lineOver: Json = {}) => ({
    version,
    currency: 'INR',
    lines: [{ productId: ring.id, unitPrice: 150_000, note: 'Hand set', ...lineOver }],
    leadTimeDays: 14,
    noteToBuyer: 'Packing included.',
    internalNote: 'Margin 18%',
    ...over,
  });

  /** A request with a sent quote (version 3 afterwards: saved, then sent). */
  async function quoted(): Promise<{ id: string; version: number; revision: number }> {
    const id = await submit();
    const saved = await call(admin, 'PUT', `/api/orders/${id}/quote`, quoteBody(1));
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await call(admin, 'POST', `/api/orders/${id}/quote/send`, {
      version: saved.json().order.version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await settleOutbox(t.database);
    const order = sent.json().order;
    return { id, version: order.version, revision: order.quote.revision };
  }

  const pendingMails = async () => (await outboxRows(t.database)).filter((r) => r.status === 'pending');

  function expectNamed(res: { statusCode: number; body: string }, field: string) {
    expect(res.statusCode, res.body).toBe(400);
    const { message } = JSON.parse(res.body) as { message: string };
    expect(message).toContain(field);
    expect(message).toContain('2,000 characters');
  }

  describe('the quote draft (admin)', () => {
    const cases: [string, Json, Json, string][] = [
      ['note to buyer, 2,001 characters', { noteToBuyer: JUST_OVER }, {}, 'noteToBuyer'],
      ['internal note, 2,001 characters', { internalNote: JUST_OVER }, {}, 'internalNote'],
      ['line note, 2,001 characters', {}, { note: JUST_OVER }, 'note'],
      ['note to buyer, 10 MB', { noteToBuyer: TEN_MB }, {}, 'noteToBuyer'],
      ['internal note, 10 MB', { internalNote: TEN_MB }, {}, 'internalNote'],
      ['line note, 10 MB', {}, { note: TEN_MB }, 'lines[].note'],
    ];
    it.each(cases)('%s: 400, nothing stored', async (_name, over, lineOver, field) => {
      const id = await submit();
      const res = await call(admin, 'PUT', `/api/orders/${id}/quote`, quoteBody(1, over, lineOver));
      expectNamed(res, field);
      expect(await read(id)).toMatchObject({ version: 1, status: 'new', quote: null });
    });

    it('a 10 MB body names every text field of the form with its limit', async () => {
      const id = await submit();
      const res = await call(admin, 'PUT', `/api/orders/${id}/quote`, quoteBody(1, { internalNote: TEN_MB }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'The request is too large: noteToBuyer must be at most 2,000 characters; ' +
          'internalNote must be at most 2,000 characters; lines[].note must be at most 2,000 characters',
      );
    });
  });

  it.each([
    ['2,001 characters', JUST_OVER],
    ['10 MB', TEN_MB],
  ])('withdrawal note of %s: 400 naming note, the quote stays sent', async (_name, note) => {
    const { id, version } = await quoted();
    expectNamed(await call(admin, 'POST', `/api/orders/${id}/withdraw`, { version, note }), 'note');
    expect(await read(id)).toMatchObject({ version, status: 'quoted' });
    expect(await pendingMails()).toEqual([]);
  });

  it.each([
    ['2,001 characters', JUST_OVER],
    ['10 MB', TEN_MB],
  ])('decline reason of %s: 400 naming reason, the quote stays open', async (_name, reason) => {
    const { id, version, revision } = await quoted();
    const res = await call(buyer, 'POST', `/api/orders/${id}/decline`, { version, revision, reason });
    expectNamed(res, 'reason');
    expect(await read(id)).toMatchObject({ version, status: 'quoted' });
    expect(await pendingMails()).toEqual([]);
  });

  it.each([
    ['2,001 characters', JUST_OVER],
    ['10 MB', TEN_MB],
  ])('comment of %s: 400 naming text, no comment stored or mailed', async (_name, text) => {
    const id = await submit();
    expectNamed(await call(buyer, 'POST', `/api/orders/${id}/comments`, { text }), 'text');
    expectNamed(await call(admin, 'POST', `/api/orders/${id}/comments`, { text }), 'text');
    expect((await call(buyer, 'GET', `/api/orders/${id}/comments`)).json().comments).toEqual([]);
    expect(await pendingMails()).toEqual([]);
  });

  it('values at the limit are taken', async () => {
    const { id, version, revision } = await quoted();
    const full = 'z'.repeat(2000);
    const comment = await call(buyer, 'POST', `/api/orders/${id}/comments`, { text: full });
    expect(comment.statusCode, comment.body).toBe(201);
    const res = await call(buyer, 'POST', `/api/orders/${id}/decline`, { version, revision, reason: full });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.status).toBe('declined');
  });

  it('a body too large for a form without text fields is still 413, and other errors keep their status', async () => {
    const { id, version, revision } = await quoted();
    const huge = await call(buyer, 'POST', `/api/orders/${id}/accept`, { version, revision, pad: TEN_MB });
    expect(huge.statusCode).toBe(413);
    const stale = await call(buyer, 'POST', `/api/orders/${id}/decline`, { version: version + 5, revision });
    expect(stale.statusCode).toBe(409);
    expect(await read(id)).toMatchObject({ version, status: 'quoted' });
  });
});
