import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { fulfilmentStages, orderFulfilment } from '../../db/schema/fulfilment.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, outboxRows, settleOutbox, type TestProduct } from '../../../test/buyer-fixtures.ts';
import { multipart, sampleImage, TEXT_FILE } from '../../../test/image-fixtures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('orders after acceptance', () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let admin2: TestUser;
  let ring: TestProduct;
  let pendant: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp({
      RATE_LIMIT_ORDER: '1000',
      BUSINESS_EMAIL: 'sales@jaipur.example',
      LOG_LEVEL: 'error',
    });
    [buyer, other, admin, admin2] = await Promise.all([
      createUser(t.database, { email: 'asha@retail.example', name: 'Asha Buyer' }),
      createUser(t.database, { name: 'Other Buyer' }),
      createUser(t.database, { role: 'admin', name: 'Ravi Admin' }),
      createUser(t.database, { role: 'admin', name: 'Sunita Admin' }),
    ]);
    ring = await insertProduct(t.database, { name: 'Kundan Ring', code: 'KR-1' });
    pendant = await insertProduct(t.database, { name: 'Polki Pendant', code: 'PP-2' });
  });
  afterAll(() => t?.close());
  beforeEach(() => settleOutbox(t.database));

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: user ? bearer(user.token) : {},
      ...(payload ? { payload } : {}),
    });

  const read = async (id: string, who: TestUser = admin): Promise<Json> => {
    const res = await call(who, 'GET', `/api/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order;
  };

  /** A request of 3 rings and 250 pendants, quoted; returns its id and the order as read. */
  async function quoted(company = 'Asha Retail'): Promise<string> {
    const res = await call(buyer, 'POST', '/api/orders/submit-order', {
      firstName: 'Asha',
      email: 'asha.form@retail.example',
      contactNumber: '+91 98765 43210',
      country: 'IN',
      companyName: company,
      orderDetails: [
        { productId: ring.id, quantity: 3 },
        { productId: pendant.id, quantity: 250 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, res.json().orderId));
    const id = row!.id;
    const saved = await call(admin, 'PUT', `/api/orders/${id}/quote`, {
      version: (await read(id)).version,
      currency: 'INR',
      lines: [
        { productId: ring.id, unitPrice: 125_000 },
        { productId: pendant.id, unitPrice: 99_900 },
      ],
      leadTimeDays: 21,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await call(admin, 'POST', `/api/orders/${id}/quote/send`, {
      version: saved.json().order.version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await settleOutbox(t.database);
    return id;
  }

  async function accepted(poNumber?: string, company?: string): Promise<Json> {
    const id = await quoted(company);
    const order = await read(id, buyer);
    const res = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
      version: order.version,
      revision: 1,
      ...(poNumber === undefined ? {} : { poNumber }),
    });
    expect(res.statusCode, res.body).toBe(200);
    await settleOutbox(t.database);
    return res.json().order;
  }

  const stage = (order: Json, to: string, who: TestUser = admin, extra: Json = {}) =>
    call(who, 'POST', `/api/orders/${order._id}/fulfilment/stage`, {
      version: order.version,
      stage: to,
      ...extra,
    });

  /** Moves `order` through the stages by hand, each answer's version feeding the next. */
  async function moveTo(order: Json, ...stages: string[]): Promise<Json> {
    let current = order;
    for (const to of stages) {
      const res = await stage(current, to);
      expect(res.statusCode, res.body).toBe(200);
      current = res.json().order;
    }
    return current;
  }

  const ship = (order: Json, lines: Json[], extra: Json = {}) =>
    call(admin, 'POST', `/api/orders/${order._id}/fulfilment/shipments`, {
      version: order.version,
      lines,
      courier: 'BlueDart',
      trackingNumber: 'BD123456789IN',
      ...extra,
    });

  async function mails(): Promise<Json[]> {
    return (await outboxRows(t.database))
      .filter((r) => r.status === 'pending')
      .map((r) => ({ kind: r.kind, ...(r.payload as { mail: Json }).mail }));
  }

  describe('acceptance', () => {
    it('starts the order at confirmed with the PO number, the buyer as the first stage', async () => {
      const order = await accepted('  PO-7781 ');
      expect(order.status).toBe('accepted');
      expect(order.fulfilment).toMatchObject({
        stage: 'confirmed',
        poNumber: 'PO-7781',
        expectedShipDate: null,
        overdue: false,
        shipments: [],
        lines: [
          { productId: ring.id, sku: 'KR-1', accepted: 3, shipped: 0 },
          { productId: pendant.id, sku: 'PP-2', accepted: 250, shipped: 0 },
        ],
      });
      const accept = order.history.at(-1);
      expect(order.fulfilment.stages).toEqual([
        {
          stage: 'confirmed',
          at: accept.at,
          note: null,
          by: { _id: buyer.id, name: 'Asha Buyer', role: 'user' },
          photoUrl: null,
        },
      ]);
    });

    it('takes no PO number as none, and refuses one over 100 characters (400, nothing accepted)', async () => {
      expect((await accepted()).fulfilment.poNumber).toBeNull();
      const id = await quoted();
      const order = await read(id, buyer);
      const res = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
        version: order.version,
        revision: 1,
        poNumber: 'P'.repeat(101),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('poNumber must be at most 100 characters');
      expect((await read(id)).status).toBe('quoted');
    });

    it('has no fulfilment before acceptance, and refuses to move one (409)', async () => {
      const id = await quoted();
      const order = await read(id);
      expect(order.fulfilment).toBeNull();
      const res = await stage(order, 'in_production');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This request is quoted; it becomes an order once its quote is accepted',
      );
      expect((await read(id)).version).toBe(order.version);
    });

    it('reads an order accepted before fulfilment was kept as confirmed, and moves it on', async () => {
      const order = await accepted('PO-OLD');
      await t.database.db.delete(orderFulfilment).where(eq(orderFulfilment.orderId, order._id));
      await t.database.db.delete(fulfilmentStages).where(eq(fulfilmentStages.orderId, order._id));
      const before = await read(order._id, buyer);
      expect(before.fulfilment).toMatchObject({ stage: 'confirmed', poNumber: null });
      expect(before.fulfilment.stages).toEqual([
        {
          stage: 'confirmed',
          at: order.history.at(-1).at,
          note: null,
          by: { _id: buyer.id, name: 'Asha Buyer', role: 'user' },
          photoUrl: null,
        },
      ]);
      const moved = await moveTo(before, 'in_production');
      expect(moved.fulfilment.stages.map((s: Json) => s.stage)).toEqual(['confirmed', 'in_production']);
      expect(moved.fulfilment.stages[0]).toEqual(before.fulfilment.stages[0]);
    });
  });

  describe('who may see and change it', () => {
    it('is readable by its buyer and admins; another buyer and anonymous get the 404 of an unknown id', async () => {
      const order = await accepted('PO-1');
      const unknown = await call(other, 'GET', '/api/orders/00000000-0000-4000-8000-000000000000/fulfilment');
      expect(unknown.statusCode).toBe(404);
      for (const who of [other, null]) {
        for (const url of [`/api/orders/${order._id}`, `/api/orders/${order._id}/fulfilment`]) {
          const res = await call(who, 'GET', url);
          expect(res.statusCode, url).toBe(404);
          expect(res.json()).toEqual(unknown.json());
        }
      }
      const mine = await call(buyer, 'GET', `/api/orders/${order._id}/fulfilment`);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().fulfilment).toMatchObject({ stage: 'confirmed', poNumber: 'PO-1' });
      expect((await call(admin, 'GET', `/api/orders/${order._id}/fulfilment`)).json().fulfilment.stage).toBe(
        'confirmed',
      );
    });

    it('is changed by admins only: the buyer gets 403, anonymous 401, and nothing changes', async () => {
      const order = await accepted();
      const writes = [
        [
          'PUT',
          `/api/orders/${order._id}/fulfilment`,
          { version: order.version, expectedShipDate: '2030-01-01' },
        ],
        [
          'POST',
          `/api/orders/${order._id}/fulfilment/stage`,
          { version: order.version, stage: 'in_production' },
        ],
        [
          'POST',
          `/api/orders/${order._id}/fulfilment/shipments`,
          {
            version: order.version,
            lines: [{ productId: ring.id, quantity: 1 }],
            courier: 'X',
            trackingNumber: 'Y',
          },
        ],
      ] as const;
      for (const [method, url, body] of writes) {
        expect((await call(buyer, method, url, body)).statusCode, url).toBe(403);
        expect((await call(null, method, url, body)).statusCode, url).toBe(401);
      }
      expect((await call(buyer, 'GET', '/api/admin/fulfilment')).statusCode).toBe(403);
      expect((await call(null, 'GET', '/api/admin/fulfilment/export.xlsx')).statusCode).toBe(401);
      const after = await read(order._id);
      expect(after.version).toBe(order.version);
      expect(after.fulfilment).toMatchObject({ stage: 'confirmed', expectedShipDate: null, shipments: [] });
    });
  });

  describe('stages', () => {
    it('moves one stage at a time, recording who, when and the note; each change mails the buyer once', async () => {
      const order = await accepted('PO-55');
      const res = await stage(order, 'in_production', admin, { note: 'Casting started' });
      expect(res.statusCode, res.body).toBe(200);
      const moved = res.json().order;
      expect(moved.version).toBe(order.version + 1);
      expect(moved.fulfilment.stage).toBe('in_production');
      expect(moved.fulfilment.stages.at(-1)).toMatchObject({
        stage: 'in_production',
        note: 'Casting started',
        by: { _id: admin.id, name: 'Ravi Admin', role: 'admin' },
        photoUrl: null,
      });
      const sent = await mails();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        kind: 'fulfilment.stage',
        to: 'asha@retail.example',
        subject: `Order #${order.orderId} is in production`,
      });
      expect(sent[0]!.text).toContain(`http://localhost:3000/myrequests/${order._id}`);
      expect(sent[0]!.text).toContain('Casting started');
      expect(sent[0]!.text).toContain('PO number: PO-55');
      expect(sent[0]!.html).toContain(`href="http://localhost:3000/myrequests/${order._id}"`);

      await settleOutbox(t.database);
      await moveTo(moved, 'quality_check', 'packed');
      expect((await mails()).map((m) => m.subject)).toEqual([
        `Order #${order.orderId} is in quality check`,
        `Order #${order.orderId} is packed`,
      ]);
    });

    it('refuses a stage out of order with 409 naming the current stage, and writes nothing', async () => {
      const order = await accepted();
      const skip = await stage(order, 'packed');
      expect(skip.statusCode).toBe(409);
      expect(skip.json().message).toBe(
        'This order is confirmed; the next stage is in production, not packed',
      );
      const byHand = await stage(
        await moveTo(order, 'in_production', 'quality_check', 'packed'),
        'dispatched',
      );
      expect(byHand.statusCode).toBe(409);
      expect(byHand.json().message).toBe(
        'This order is packed; it becomes dispatched by recording shipments',
      );
      const unknown = await stage(order, 'shipped');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toContain('stage must be one of confirmed, in_production');
      await settleOutbox(t.database);
      const back = await stage(await read(order._id), 'in_production');
      expect(back.statusCode).toBe(409);
      expect(back.json().message).toContain('This order is packed');
      expect(await mails()).toEqual([]);
    });

    it('answers a stale version with 409 and writes nothing', async () => {
      const order = await accepted();
      const moved = await moveTo(order, 'in_production');
      await settleOutbox(t.database);
      const stale = await call(admin, 'POST', `/api/orders/${order._id}/fulfilment/stage`, {
        version: order.version,
        stage: 'quality_check',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toContain(`version ${moved.version}, not ${order.version}`);
      const after = await read(order._id);
      expect(after.version).toBe(moved.version);
      expect(after.fulfilment.stage).toBe('in_production');
      expect(await mails()).toEqual([]);
    });

    it('lets exactly one of two admins moving one order at once win; the other gets 409', async () => {
      const order = await accepted();
      const answers = await Promise.all([
        stage(order, 'in_production', admin, { note: 'first' }),
        stage(order, 'in_production', admin2, { note: 'second' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const after = await read(order._id);
      expect(after.version).toBe(order.version + 1);
      expect(after.fulfilment.stages.map((s: Json) => s.stage)).toEqual(['confirmed', 'in_production']);
      expect(await mails()).toHaveLength(1);
    });

    it('cancels from any stage before dispatch, then nothing changes any more', async () => {
      const order = await moveTo(await accepted(), 'in_production');
      const cancelled = await moveTo(order, 'cancelled');
      expect(cancelled.fulfilment.stage).toBe('cancelled');
      expect((await mails()).at(-1)!.subject).toBe(`Order #${order.orderId} is cancelled`);
      const again = await stage(cancelled, 'in_production');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This order is cancelled; it cannot change any more');
      const details = await call(admin, 'PUT', `/api/orders/${order._id}/fulfilment`, {
        version: cancelled.version,
        expectedShipDate: '2030-01-01',
      });
      expect(details.statusCode).toBe(409);
    });

    it('keeps a quality-check picture uploaded through the checked upload', async () => {
      const order = await moveTo(await accepted(), 'in_production');
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/fulfilment/photos`,
        ...(() => {
          const form = multipart({}, [
            { field: 'image', filename: 'qc.jpg', contentType: 'image/jpeg', data: TEXT_FILE },
          ]);
          return { payload: form.payload, headers: { ...form.headers, ...bearer(admin.token) } };
        })(),
      });
      expect(refused.statusCode).toBe(415);
      const form = multipart({}, [
        { field: 'image', filename: 'qc.jpg', contentType: 'image/jpeg', data: await sampleImage('jpeg') },
      ]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/fulfilment/photos`,
        payload: form.payload,
        headers: { ...form.headers, ...bearer(admin.token) },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const photo = uploaded.json().photo;
      expect(photo.url).toBe(`/media/${photo._id}`);
      const unknownPhoto = await stage(order, 'quality_check', admin, {
        photoId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknownPhoto.statusCode).toBe(400);
      expect(unknownPhoto.json().message).toBe('photoId: no such picture; upload it first');
      const res = await stage(order, 'quality_check', admin, { photoId: photo._id, note: 'Stones checked' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order.fulfilment.stages.at(-1)).toMatchObject({
        stage: 'quality_check',
        photoUrl: `/media/${photo._id}`,
      });
      const picture = await t.app.inject({ method: 'GET', url: `/media/${photo._id}` });
      expect(picture.statusCode).toBe(200);
    });
  });

  describe('shipments', () => {
    it('refuses shipments before packing (409 naming the stage)', async () => {
      const order = await moveTo(await accepted(), 'in_production');
      const res = await ship(order, [{ productId: ring.id, quantity: 1 }]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This order is in production; it can be shipped once packed');
    });

    it('makes the order partly dispatched, then dispatched once every line is shipped, then delivered', async () => {
      const packed = await moveTo(await accepted(), 'in_production', 'quality_check', 'packed');
      await settleOutbox(t.database);
      const first = await ship(packed, [
        { productId: ring.id, quantity: 3, actualWeightMg: 12_450 },
        { productId: pendant.id, quantity: 100 },
      ]);
      expect(first.statusCode, first.body).toBe(201);
      const partly = first.json().order;
      expect(partly.fulfilment.stage).toBe('partly_dispatched');
      expect(partly.fulfilment.shipments).toEqual([
        {
          _id: expect.any(String),
          lines: [
            { productId: ring.id, sku: 'KR-1', name: 'Kundan Ring', quantity: 3, actualWeightMg: 12_450 },
            {
              productId: pendant.id,
              sku: 'PP-2',
              name: 'Polki Pendant',
              quantity: 100,
              actualWeightMg: null,
            },
          ],
          courier: 'BlueDart',
          trackingNumber: 'BD123456789IN',
          shippedAt: expect.any(String),
        },
      ]);
      expect(partly.fulfilment.lines.map((l: Json) => [l.accepted, l.shipped])).toEqual([
        [3, 3],
        [250, 100],
      ]);
      const mailed = await mails();
      expect(mailed).toHaveLength(1);
      expect(mailed[0]!.subject).toBe(`Order #${packed.orderId} is partly dispatched`);
      expect(mailed[0]!.text).toContain('Tracking number: BD123456789IN');
      expect(mailed[0]!.text).toContain('- PP-2 Polki Pendant x 100');

      const tooMany = await ship(partly, [{ productId: pendant.id, quantity: 151 }]);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe('lines: PP-2 has 150 of 250 accepted left to ship, not 151');
      const doneRing = await ship(partly, [{ productId: ring.id, quantity: 1 }]);
      expect(doneRing.statusCode).toBe(400);
      expect(doneRing.json().message).toBe('lines: KR-1 has 0 of 3 accepted left to ship, not 1');
      const stranger = await ship(partly, [{ productId: other.id, quantity: 1 }]);
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().message).toBe(`lines: ${other.id} is not a line of this order`);
      expect((await read(packed._id)).version).toBe(partly.version);

      const second = await ship(partly, [{ productId: pendant.id, quantity: 150 }], {
        courier: 'DTDC',
        trackingNumber: 'D99',
      });
      expect(second.statusCode, second.body).toBe(201);
      const dispatched = second.json().order;
      expect(dispatched.fulfilment.stage).toBe('dispatched');
      expect(dispatched.fulfilment.shipments.map((s: Json) => s.trackingNumber)).toEqual([
        'BD123456789IN',
        'D99',
      ]);
      expect(dispatched.fulfilment.stages.map((s: Json) => s.stage)).toEqual([
        'confirmed',
        'in_production',
        'quality_check',
        'packed',
        'partly_dispatched',
        'dispatched',
      ]);
      const noCancel = await stage(dispatched, 'cancelled');
      expect(noCancel.statusCode).toBe(409);
      expect(noCancel.json().message).toBe('This order is dispatched; it cannot be cancelled after dispatch');
      const noMore = await ship(dispatched, [{ productId: pendant.id, quantity: 1 }]);
      expect(noMore.statusCode).toBe(409);
      const delivered = await moveTo(dispatched, 'delivered');
      expect(delivered.fulfilment.stage).toBe('delivered');
      expect((await mails()).map((m) => m.subject)).toEqual([
        `Order #${packed.orderId} is partly dispatched`,
        `Order #${packed.orderId} is dispatched`,
        `Order #${packed.orderId} is delivered`,
      ]);
    });

    it('refuses a shipment without courier or tracking number, or with a bad quantity (400)', async () => {
      const packed = await moveTo(await accepted(), 'in_production', 'quality_check', 'packed');
      for (const [extra, lines, message] of [
        [{ courier: ' ' }, [{ productId: ring.id, quantity: 1 }], 'courier is required'],
        [{ trackingNumber: '' }, [{ productId: ring.id, quantity: 1 }], 'trackingNumber is required'],
        [{}, [{ productId: ring.id, quantity: 0 }], 'quantity must be at least 1'],
        [{}, [{ productId: ring.id, quantity: '2' }], 'quantity must be a whole number'],
        [{}, [], 'lines must name at least one line of the order'],
        [
          { shippedAt: '2099-01-01T00:00:00Z' },
          [{ productId: ring.id, quantity: 1 }],
          'shippedAt must not be in the future',
        ],
      ] as const) {
        const res = await ship(packed, lines as unknown as Json[], extra);
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json().message).toContain(message);
      }
    });

    it('cancels a partly dispatched order (the shipped lines stay recorded)', async () => {
      const packed = await moveTo(await accepted(), 'in_production', 'quality_check', 'packed');
      const partly = (await ship(packed, [{ productId: ring.id, quantity: 1 }])).json().order;
      const cancelled = await moveTo(partly, 'cancelled');
      expect(cancelled.fulfilment).toMatchObject({ stage: 'cancelled' });
      expect(cancelled.fulfilment.shipments).toHaveLength(1);
    });
  });

  describe('details, the board and the figures', () => {
    it('sets the expected ship date and the PO number; a key left out keeps its value', async () => {
      const order = await accepted('PO-A');
      const res = await call(admin, 'PUT', `/api/orders/${order._id}/fulfilment`, {
        version: order.version,
        expectedShipDate: '2031-03-15',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order.fulfilment).toMatchObject({ expectedShipDate: '2031-03-15', poNumber: 'PO-A' });
      const cleared = await call(admin, 'PUT', `/api/orders/${order._id}/fulfilment`, {
        version: res.json().order.version,
        poNumber: null,
      });
      expect(cleared.json().order.fulfilment).toMatchObject({
        expectedShipDate: '2031-03-15',
        poNumber: null,
      });
      for (const bad of ['2031-02-30', '15/03/2031', 20310315]) {
        const refused = await call(admin, 'PUT', `/api/orders/${order._id}/fulfilment`, {
          version: cleared.json().order.version,
          expectedShipDate: bad,
        });
        expect(refused.statusCode, String(bad)).toBe(400);
        expect(refused.json().message).toContain('expectedShipDate must be a date (YYYY-MM-DD)');
      }
    });

    it('lists accepted orders by stage, overdue marked, filtered by stage, overdue and search, and exports them', async () => {
      const late = await accepted('PO-LATE-9', 'Overdue Traders');
      const lateSet = await call(admin, 'PUT', `/api/orders/${late._id}/fulfilment`, {
        version: late.version,
        expectedShipDate: '2020-01-01',
      });
      expect(lateSet.statusCode).toBe(200);
      const onTime = await accepted('PO-SOON', 'Future Gems');
      const soon = await call(admin, 'PUT', `/api/orders/${onTime._id}/fulfilment`, {
        version: onTime.version,
        expectedShipDate: '2099-12-31',
      });
      await moveTo(soon.json().order, 'in_production');

      const board = await call(admin, 'GET', '/api/admin/fulfilment');
      expect(board.statusCode, board.body).toBe(200);
      const all = board.json();
      const lateRow = all.orders.find((o: Json) => o._id === late._id);
      expect(lateRow).toMatchObject({
        orderId: late.orderId,
        companyName: 'Overdue Traders',
        stage: 'confirmed',
        poNumber: 'PO-LATE-9',
        expectedShipDate: '2020-01-01',
        overdue: true,
        pieces: 253,
        shippedPieces: 0,
        total: 3 * 125_000 + 250 * 99_900,
        currency: 'INR',
      });
      expect(all.orders.find((o: Json) => o._id === onTime._id)).toMatchObject({
        stage: 'in_production',
        overdue: false,
      });
      // Earliest due first.
      expect(all.orders[0]._id).toBe(late._id);
      expect(all.counts.in_production).toBeGreaterThanOrEqual(1);
      expect(all.overdueCount).toBe(1);

      const overdue = (await call(admin, 'GET', '/api/admin/fulfilment?overdue=true')).json();
      expect(overdue.orders.map((o: Json) => o._id)).toEqual([late._id]);
      const inProduction = (await call(admin, 'GET', '/api/admin/fulfilment?stage=in_production')).json();
      expect(inProduction.orders.map((o: Json) => o.stage)).toContain('in_production');
      expect(inProduction.orders.every((o: Json) => o.stage === 'in_production')).toBe(true);
      const byPo = (await call(admin, 'GET', '/api/admin/fulfilment?search=late-9')).json();
      expect(byPo.orders.map((o: Json) => o._id)).toEqual([late._id]);
      const byNumber = (await call(admin, 'GET', `/api/admin/fulfilment?search=%23${onTime.orderId}`)).json();
      expect(byNumber.orders.map((o: Json) => o._id)).toEqual([onTime._id]);
      const literal = (await call(admin, 'GET', '/api/admin/fulfilment?search=%25')).json();
      expect(literal.orders).toEqual([]);
      const badStage = await call(admin, 'GET', '/api/admin/fulfilment?stage=shipped');
      expect(badStage.statusCode).toBe(400);
      expect(badStage.json().message).toContain('stage must be one of');
      expect((await call(admin, 'GET', '/api/admin/fulfilment?overdue=maybe')).statusCode).toBe(400);

      const file = await call(admin, 'GET', '/api/admin/fulfilment/export.xlsx?overdue=true');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Production')!;
      expect(sheet.getRow(1).values).toEqual(
        expect.arrayContaining(['Order', 'Company', 'PO number', 'Stage', 'Expected ship date', 'Overdue']),
      );
      expect(sheet.rowCount).toBe(2);
      const row = sheet.getRow(2);
      expect(row.getCell(1).value).toBe(late.orderId);
      expect(row.getCell(3).value).toBe('Overdue Traders');
      expect(row.getCell(5).value).toBe('PO-LATE-9');
      expect(row.getCell(6).value).toBe('confirmed');
      expect(row.getCell(9).value).toBe('yes');
      expect(row.getCell(14).value).toBe(253_500);
    });

    it('figures the on-time dispatch rate and the median days from acceptance to dispatch', async () => {
      const before = (await call(admin, 'GET', '/api/admin/fulfilment/figures')).json();
      const dispatchOne = async (due: string) => {
        const order = await accepted();
        const set = (
          await call(admin, 'PUT', `/api/orders/${order._id}/fulfilment`, {
            version: order.version,
            expectedShipDate: due,
          })
        ).json().order;
        const packed = await moveTo(set, 'in_production', 'quality_check', 'packed');
        const res = await ship(packed, [
          { productId: ring.id, quantity: 3 },
          { productId: pendant.id, quantity: 250 },
        ]);
        expect(res.json().order.fulfilment.stage).toBe('dispatched');
      };
      await dispatchOne('2099-01-01');
      await dispatchOne('2020-01-01');
      const res = await call(admin, 'GET', '/api/admin/fulfilment/figures');
      expect(res.statusCode).toBe(200);
      const figures = res.json();
      expect(figures.dispatched).toBe(before.dispatched + 2);
      const onTimeBefore = Math.round((before.onTimeRate ?? 0) * before.dispatched);
      expect(figures.onTimeRate).toBeCloseTo((onTimeBefore + 1) / (before.dispatched + 2), 6);
      expect(figures.medianDaysToDispatch).toBe(0);
    });
  });
});
