import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, outboxRows, settleOutbox, type TestProduct } from '../../../test/buyer-fixtures.ts';
import { createInProcessQueue } from '../../jobs/in-process-queue.ts';
import { buyerAndAdmin, caller, saveAndSend, submitRequest } from '../../../test/quote-fixtures.ts';

/*
 * The server's transitions at the edges the route tests leave open (found by mutation testing):
 * a change to a request that does not exist, the wording of a stale revision, and the expiry
 * sweep over more lapsed quotes than one batch holds.
 */
describe('quotation transitions: edges', () => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let ring: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    [buyer, admin] = await buyerAndAdmin(t, 'Edge Buyer', 'Edge Admin');
    ring = await insertProduct(t.database, { name: 'Edge Ring', code: 'ER-1' });
  });
  afterAll(() => t?.close());

  const call = caller(() => t);

  const submit = async (): Promise<string> =>
    (
      await submitRequest(t, buyer, {
        firstName: 'Edge',
        email: 'edge@retail.example',
        country: 'IN',
        orderDetails: [{ productId: ring.id, quantity: 2 }],
      })
    ).id;

  const quote = async (id: string, version: number) =>
    (await saveAndSend(t, admin, id, {
      version,
      currency: 'INR',
      lines: [{ productId: ring.id, unitPrice: 10_000 }],
      leadTimeDays: 7,
    })) as { version: number };

  it('a change to a malformed or unknown id is 404 "Order not found"', async () => {
    const actor = { id: buyer.id, name: buyer.name, role: 'user' };
    const quotations = t.app.services.quotations;
    for (const id of ['not-an-id', '7d3c1a52-5b7e-4c3e-9a0f-2f6e1b9c8d70']) {
      await expect(quotations.cancel(id, actor, 1)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Order not found',
      });
    }
  });

  it('accepting an earlier revision names the current one', async () => {
    const id = await submit();
    const first = await quote(id, 1);
    const second = await quote(id, first.version);
    const res = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
      version: second.version,
      revision: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Revision 1 is not the current quote; revision 2 is. Reload the request');
  });

  it('a stale version is refused naming both versions, and the state is not changed', async () => {
    const id = await submit();
    const res = await call(buyer, 'POST', `/api/orders/${id}/cancel`, { version: 7 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This request was changed by someone else (version 1, not 7); reload it and try again',
    );
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('new');
  });

  it('the expiry sweep records every lapsed quote, more than one batch of them, each once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 101; i++) ids.push(await submit());
    await t.database.db
      .update(orders)
      .set({ status: 'quoted', validUntil: new Date(Date.now() - 60_000) })
      .where(inArray(orders.id, ids));
    await settleOutbox(t.database);

    expect(await t.app.services.quotations.expireLapsedQuotes()).toBe(101);
    const rows = await t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(rows.filter((r) => r.status === 'expired')).toHaveLength(101);
    const expiredMails = (await outboxRows(t.database)).filter(
      (r) => r.status === 'pending' && r.kind === 'quote.expired',
    );
    expect(expiredMails).toHaveLength(101);
    expect(await t.app.services.quotations.expireLapsedQuotes()).toBe(0);
  });

  it('stopping the jobs settles only when the sweep in flight has recorded its quotes', async () => {
    const id = await submit();
    await t.database.db
      .update(orders)
      .set({ status: 'quoted', validUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, id));
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args), error: () => {} };
    const jobs = createInProcessQueue({ db: t.database.db, log });
    jobs.every('quotations.expire', 1, () => t.app.services.quotations.expireLapsedQuotes());
    // Stopped at once: the first sweep has started and must be waited for, not cut.
    await jobs.start();
    await jobs.stop();
    const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('expired');
    expect(warnings).toEqual([]);
  });
});
