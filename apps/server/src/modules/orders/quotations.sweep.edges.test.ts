import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderEvents, orders } from '../../db/schema/orders.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, outboxRows, settleOutbox, type TestProduct } from '../../../test/buyer-fixtures.ts';
import { createQuotationsService } from './quotations.service.ts';
import type * as QuotationsRepositoryModule from './quotations.repository.ts';

/**
 * `afterList`, when set, runs once the sweep has listed the lapsed requests and before it locks
 * the first: a write there lands exactly "while the sweep runs", on PGlite's single connection as
 * on PostgreSQL's pool, where racing the two with Promise.all decided the order by chance.
 */
const sweepHooks = vi.hoisted(() => ({ afterList: null as null | (() => Promise<unknown>) }));
vi.mock('./quotations.repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof QuotationsRepositoryModule>();
  return {
    ...original,
    createQuotationsRepository: (...args: Parameters<typeof original.createQuotationsRepository>) => {
      const repo = original.createQuotationsRepository(...args);
      return {
        ...repo,
        async listLapsed(...list: Parameters<typeof repo.listLapsed>) {
          const ids = await repo.listLapsed(...list);
          const hook = sweepHooks.afterList;
          sweepHooks.afterList = null;
          await hook?.();
          return ids;
        },
      };
    },
  };
});

/*
 * The server's side of a transition that the route tests cannot see: who is told after it (the
 * mail sender only when a mail was queued, the list caches only when something changed), a
 * request stored as quoted without a sent quote, and the expiry sweep racing another sweep, a
 * re-dated quote and a deleted request. Each expiry is recorded once, keeps the request's version
 * and mails its buyer once.
 */
describe('quotation transitions: who is told, and the sweep under races', () => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let ring: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    [buyer, admin] = await Promise.all([
      createUser(t.database, { name: 'Sweep Buyer' }),
      createUser(t.database, { role: 'admin', name: 'Sweep Admin' }),
    ]);
    ring = await insertProduct(t.database, { name: 'Sweep Ring', code: 'SW-1' });
  });
  afterAll(() => t?.close());

  /** A second service on the same database, as another instance would hold, with its listeners watched. */
  function watchedService() {
    const onMailQueued = vi.fn();
    const onOrdersChanged = vi.fn();
    const service = createQuotationsService({
      env: { BUSINESS_EMAIL: 'sales@example.com', SITE_URL: 'http://127.0.0.1' },
      database: t.database,
      onMailQueued,
      onOrdersChanged,
      describeOrder: t.app.services.orders.describeOrder,
    });
    return { service, onMailQueued, onOrdersChanged };
  }

  const adminActor = () => ({ id: admin.id, name: admin.name, role: 'admin' });
  const buyerActor = () => ({ id: buyer.id, name: buyer.name, role: 'user' });

  async function submit(): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      headers: bearer(buyer.token),
      payload: {
        firstName: 'Sweep',
        email: 'sweep@retail.example',
        contactNumber: '+91 98765 43210',
        country: 'IN',
        orderDetails: [{ productId: ring.id, quantity: 3 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, res.json().orderId));
    return row!.id;
  }

  const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

  /** A request whose sent quote lapsed a minute ago (as the admin's send and the clock leave it). */
  async function lapsedQuote(): Promise<string> {
    const id = await submit();
    const { service } = watchedService();
    await service.saveQuote(id, adminActor(), {
      version: 1,
      currency: 'INR',
      lines: [{ productId: ring.id, unitPrice: 25_000, note: '' }],
      leadTimeDays: 10,
      validUntil: null,
      noteToBuyer: '',
      internalNote: '',
    });
    await service.sendQuote(id, adminActor(), 2);
    await t.database.db
      .update(orders)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, id));
    await settleOutbox(t.database);
    return id;
  }

  const expiryEvents = (id: string) =>
    t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), eq(orderEvents.toStatus, 'expired')));

  const expiryMails = async () =>
    (await outboxRows(t.database)).filter((r) => r.status === 'pending' && r.kind === 'quote.expired');

  it('wakes the mail sender only after a transition that queued a mail, and tells the lists after each', async () => {
    const id = await submit();
    const { service, onMailQueued, onOrdersChanged } = watchedService();

    await service.saveQuote(id, adminActor(), {
      version: 1,
      currency: 'USD',
      lines: [{ productId: ring.id, unitPrice: 1_250, note: '' }],
      leadTimeDays: 5,
      validUntil: null,
      noteToBuyer: '',
      internalNote: '',
    });
    expect(onMailQueued).toHaveBeenCalledTimes(0);
    expect(onOrdersChanged).toHaveBeenCalledTimes(1);

    await service.sendQuote(id, adminActor(), 2);
    expect(onMailQueued).toHaveBeenCalledTimes(1);
    expect(onOrdersChanged).toHaveBeenCalledTimes(2);

    await service.withdraw(id, adminActor(), { version: 3, note: '' });
    expect(onMailQueued).toHaveBeenCalledTimes(1);
    expect(onOrdersChanged).toHaveBeenCalledTimes(3);
  });

  it('a request stored as quoted without a sent quote refuses a decision with 409, not a crash', async () => {
    const id = await submit();
    await t.database.db
      .update(orders)
      .set({ status: 'quoted', validUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(orders.id, id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/accept`,
      headers: bearer(buyer.token),
      payload: { version: 1, revision: 1 },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('This request has no quote to decide on');
    expect((await row(id))!.status).toBe('quoted');
  });

  it('recording an expiry keeps the version every reader already holds', async () => {
    const id = await lapsedQuote();
    expect((await row(id))!.version).toBe(3);
    const { service } = watchedService();
    expect(await service.expireLapsedQuotes()).toBe(1);
    const after = await row(id);
    expect(after!.status).toBe('expired');
    expect(after!.version).toBe(3);
  });

  it('a sweep with nothing lapsed tells no one; one that records tells the lists and the mail sender once', async () => {
    const { service, onMailQueued, onOrdersChanged } = watchedService();
    expect(await service.expireLapsedQuotes()).toBe(0);
    expect(onMailQueued).toHaveBeenCalledTimes(0);
    expect(onOrdersChanged).toHaveBeenCalledTimes(0);

    await lapsedQuote();
    await lapsedQuote();
    expect(await service.expireLapsedQuotes()).toBe(2);
    expect(onMailQueued).toHaveBeenCalledTimes(1);
    expect(onOrdersChanged).toHaveBeenCalledTimes(1);
  });

  it('two sweeps at once (two instances) record a lapsed quote once and mail its buyer once', async () => {
    const id = await lapsedQuote();
    const first = watchedService();
    const second = watchedService();
    const recorded = await Promise.all([
      first.service.expireLapsedQuotes(),
      second.service.expireLapsedQuotes(),
    ]);
    expect(recorded[0] + recorded[1]).toBe(1);
    expect(await expiryEvents(id)).toHaveLength(1);
    expect(await expiryMails()).toHaveLength(1);
    expect((await row(id))!.status).toBe('expired');
  });

  it('a quote given a later validity while the sweep runs is not expired', async () => {
    const id = await lapsedQuote();
    const { service } = watchedService();
    const later = new Date(Date.now() + 7 * 86_400_000);
    // The sweep lists the lapsed quote, then the validity moves before the sweep locks it.
    sweepHooks.afterList = () =>
      t.database.db.update(orders).set({ validUntil: later }).where(eq(orders.id, id));
    const recorded = await service.expireLapsedQuotes();
    expect(sweepHooks.afterList).toBeNull();
    expect(recorded).toBe(0);
    expect((await row(id))!.status).toBe('quoted');
    expect(await expiryEvents(id)).toHaveLength(0);
    expect(await expiryMails()).toHaveLength(0);
  });

  it('a request deleted while the sweep runs is passed over', async () => {
    const id = await lapsedQuote();
    const kept = await lapsedQuote();
    const { service } = watchedService();
    sweepHooks.afterList = () => t.app.services.orders.deleteOrder(id);
    const recorded = await service.expireLapsedQuotes();
    expect(sweepHooks.afterList).toBeNull();
    expect(recorded).toBe(1);
    expect(await row(id)).toBeUndefined();
    expect((await row(kept))!.status).toBe('expired');
  });

  it('a buyer cancelling a new request queues no mail and tells the lists', async () => {
    const id = await submit();
    const { service, onMailQueued, onOrdersChanged } = watchedService();
    await service.cancel(id, buyerActor(), 1);
    expect(onMailQueued).toHaveBeenCalledTimes(0);
    expect(onOrdersChanged).toHaveBeenCalledTimes(1);
    expect((await row(id))!.status).toBe('cancelled');
  });
});
