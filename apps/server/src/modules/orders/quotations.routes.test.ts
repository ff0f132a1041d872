import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderEvents, orders, quoteRevisions } from '../../db/schema/orders.ts';
import { attributeValues, productAttributes } from '../../db/schema/products.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, outboxRows, settleOutbox, type TestProduct } from '../../../test/buyer-fixtures.ts';

const DAY = 86_400_000;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('quotations', () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let ring: TestProduct;
  let pendant: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000', BUSINESS_EMAIL: 'sales@jaipur.example' });
    [buyer, other, admin] = await Promise.all([
      createUser(t.database, { email: 'asha@retail.example', name: 'Asha Buyer' }),
      createUser(t.database, { name: 'Other Buyer' }),
      createUser(t.database, { role: 'admin', name: 'Ravi Admin' }),
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

  /** A request of `who` with 3 rings and 250 pendants; returns its id. */
  async function submit(who: TestUser = buyer): Promise<string> {
    const res = await call(who, 'POST', '/api/orders/submit-order', {
      firstName: 'Asha',
      email: 'asha.form@retail.example',
      contactNumber: '+91 98765 43210',
      country: 'IN',
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
    await settleOutbox(t.database);
    return row!.id;
  }

  const read = async (id: string, who: TestUser = admin): Promise<Json> => {
    const res = await call(who, 'GET', `/api/orders/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order;
  };

  const quoteBody = (version: number, over: Json = {}) => ({
    version,
    currency: 'INR',
    lines: [
      { productId: ring.id, unitPrice: 125_050, moq: 10, note: 'Hand set stones' },
      { productId: pendant.id, unitPrice: 99_999 },
    ],
    leadTimeDays: 21,
    noteToBuyer: 'Prices include packing.',
    internalNote: 'SECRET-MARGIN-18%',
    ...over,
  });

  /** Saves and sends a quote as the admin; returns the order as answered. */
  async function quote(id: string, over: Json = {}): Promise<Json> {
    const saved = await call(
      admin,
      'PUT',
      `/api/orders/${id}/quote`,
      quoteBody((await read(id)).version, over),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await call(admin, 'POST', `/api/orders/${id}/quote/send`, {
      version: saved.json().order.version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json().order;
  }

  async function mails(): Promise<Json[]> {
    return (await outboxRows(t.database))
      .filter((r) => r.status === 'pending')
      .map((r) => ({ kind: r.kind, ...(r.payload as { mail: Json }).mail }));
  }

  describe('reading', () => {
    it('shows a new request to its buyer and to admins, with its creation as the first event', async () => {
      const id = await submit();
      const order = await read(id, buyer);
      expect(order).toMatchObject({
        _id: id,
        status: 'new',
        version: 1,
        overdue: false,
        quote: null,
        revisions: [],
        orderDetails: [
          { productId: ring.id, sku: 'KR-1', quantity: 3 },
          { productId: pendant.id, sku: 'PP-2', quantity: 250 },
        ],
      });
      expect(order.history).toEqual([
        {
          from: null,
          to: 'new',
          by: { _id: buyer.id, name: 'Asha', role: 'user' },
          note: null,
          at: order.createdAt,
        },
      ]);
      expect((await read(id, admin)).status).toBe('new');
    });

    it('answers anyone else exactly as an unknown id (404), anonymous included', async () => {
      const id = await submit();
      const unknown = await call(other, 'GET', '/api/orders/00000000-0000-4000-8000-000000000000');
      expect(unknown.statusCode).toBe(404);
      for (const [who, url] of [
        [other, `/api/orders/${id}`],
        [null, `/api/orders/${id}`],
        [other, `/api/orders/${id}/comments`],
        [other, '/api/orders/not-an-id'],
      ] as const) {
        const res = await call(who, 'GET', url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(unknown.json());
      }
      const posted = await call(other, 'POST', `/api/orders/${id}/cancel`, { version: 1 });
      expect(posted.statusCode).toBe(404);
      expect((await read(id)).status).toBe('new');
    });
  });

  describe('transitions', () => {
    it('new → cancelled by the buyer; nothing else may follow', async () => {
      const id = await submit();
      const cancelled = await call(buyer, 'POST', `/api/orders/${id}/cancel`, { version: 1 });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const order = cancelled.json().order;
      expect(order).toMatchObject({ status: 'cancelled', version: 2 });
      expect(order.history.at(-1)).toMatchObject({
        from: 'new',
        to: 'cancelled',
        by: { _id: buyer.id, name: 'Asha Buyer', role: 'user' },
        note: null,
      });

      const again = await call(buyer, 'POST', `/api/orders/${id}/cancel`, { version: 2 });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This request is cancelled; it cannot be cancelled');
      const requote = await call(admin, 'PUT', `/api/orders/${id}/quote`, quoteBody(2));
      expect(requote.statusCode).toBe(409);
      expect(requote.json().message).toContain('is cancelled');
    });

    it('only the buyer cancels, accepts or declines: an admin is refused (403)', async () => {
      const id = await submit();
      for (const action of ['cancel', 'accept', 'decline']) {
        const res = await call(admin, 'POST', `/api/orders/${id}/${action}`, { version: 1, revision: 1 });
        expect(res.statusCode, action).toBe(403);
        expect(res.json().message, action).toBe('Forbidden');
      }
      expect((await read(id)).status).toBe('new');
    });

    it('a buyer can never quote, send or withdraw (403), not even on their own request', async () => {
      const id = await submit();
      expect((await call(buyer, 'PUT', `/api/orders/${id}/quote`, quoteBody(1))).statusCode).toBe(403);
      expect((await call(buyer, 'POST', `/api/orders/${id}/quote/send`, { version: 1 })).statusCode).toBe(
        403,
      );
      expect((await call(buyer, 'POST', `/api/orders/${id}/withdraw`, { version: 1 })).statusCode).toBe(403);
      expect(await read(id)).toMatchObject({ status: 'new', version: 1, quote: null });
    });

    it('new → draft → quoted: the buyer sees only what was sent, never the internal note', async () => {
      const id = await submit();
      const saved = await call(admin, 'PUT', `/api/orders/${id}/quote`, quoteBody(1));
      expect(saved.statusCode, saved.body).toBe(200);
      const draft = saved.json().order;
      expect(draft).toMatchObject({ status: 'new', version: 2 });
      expect(draft.quote).toMatchObject({
        revision: 1,
        state: 'draft',
        currency: 'INR',
        total: 3 * 125_050 + 250 * 99_999,
        validUntil: null,
        internalNote: 'SECRET-MARGIN-18%',
        sentAt: null,
      });
      expect(draft.quote.lines).toEqual([
        {
          productId: ring.id,
          sku: 'KR-1',
          name: 'Kundan Ring',
          imageUrl: null,
          quantity: 3,
          unitPrice: 125_050,
          moq: 10,
          note: 'Hand set stones',
          lineTotal: 375_150,
          // Priced by hand (no costing): no suggested price, breakdown or override.
          suggestedUnitPrice: null,
          breakdown: null,
          overrideReason: '',
          previousUnitPrice: null,
          hsn: null,
          priceBreaks: [],
          charges: [],
          chargeableWeightMg: null,
        },
        {
          productId: pendant.id,
          sku: 'PP-2',
          name: 'Polki Pendant',
          imageUrl: null,
          quantity: 250,
          unitPrice: 99_999,
          moq: 1,
          note: '',
          lineTotal: 24_999_750,
          suggestedUnitPrice: null,
          breakdown: null,
          overrideReason: '',
          previousUnitPrice: null,
          hsn: null,
          priceBreaks: [],
          charges: [],
          chargeableWeightMg: null,
        },
      ]);
      const beforeSend = await read(id, buyer);
      expect(beforeSend.quote).toBeNull();
      expect(beforeSend.revisions).toEqual([]);
      expect(await mails()).toEqual([]);

      const sentAt = Date.now();
      const sent = await call(admin, 'POST', `/api/orders/${id}/quote/send`, { version: 2 });
      expect(sent.statusCode, sent.body).toBe(200);
      const quoted = sent.json().order;
      expect(quoted).toMatchObject({ status: 'quoted', version: 3 });
      expect(quoted.quote.state).toBe('sent');
      const validFor = Date.parse(quoted.quote.validUntil) - Date.parse(quoted.quote.sentAt);
      expect(validFor).toBe(14 * DAY);
      expect(Date.parse(quoted.quote.sentAt)).toBeGreaterThanOrEqual(sentAt - 1000);
      expect(quoted.history.at(-1)).toMatchObject({
        from: 'new',
        to: 'quoted',
        by: { _id: admin.id, name: 'Ravi Admin', role: 'admin' },
        note: 'Revision 1',
        // The revision sent, so a page can say "Revision 1 sent" in its own language.
        revision: 1,
      });

      const seen = await call(buyer, 'GET', `/api/orders/${id}`);
      expect(seen.body).not.toContain('SECRET-MARGIN');
      expect(seen.body).not.toContain('internalNote');
      expect(seen.json().order.quote).toMatchObject({
        revision: 1,
        total: 25_374_900,
        noteToBuyer: 'Prices include packing.',
      });

      const sentMails = await mails();
      expect(sentMails).toHaveLength(1);
      expect(sentMails[0]).toMatchObject({ kind: 'quote.sent', to: 'asha@retail.example' });
      expect(sentMails[0]!.text).toContain(`/myrequests/${id}`);
      expect(sentMails[0]!.text).toContain('INR 253749.00');
      expect(JSON.stringify(sentMails[0])).not.toContain('SECRET-MARGIN');
    });

    it('the workbook of a quoted request carries the sent prices and totals, never the internal note', async () => {
      // The ring is brass with a gold-plated finish: the Metal column says both.
      const [brass, plated] = await t.database.db
        .insert(attributeValues)
        .values([
          { kind: 'metal', slug: 'brass-qw', labelEn: 'Brass', labelHi: 'पीतल' },
          { kind: 'finish', slug: 'gold-plated-qw', labelEn: 'Gold plated', labelHi: 'सोना चढ़ा' },
        ])
        .returning();
      await t.database.db.insert(productAttributes).values([
        { productId: ring.id, valueId: plated!.id },
        { productId: ring.id, valueId: brass!.id },
      ]);
      const id = await submit();
      const order = await quote(id);
      // The buyer's link, opened without any session: the sent quote's prices, as the admin's copy.
      const buyerLink = (await read(id, buyer)).excelFilePath.replace('/uploads/', '/api/orders/download/');
      const anonymous = await t.app.inject({ method: 'GET', url: buyerLink });
      expect(anonymous.statusCode).toBe(200);
      const file = await call(
        admin,
        'GET',
        order.excelFilePath.replace('/uploads/', '/api/orders/download/'),
      );
      expect(file.statusCode).toBe(200);
      expect(anonymous.rawPayload.equals(file.rawPayload)).toBe(true);
      expect(file.rawPayload.toString('latin1')).not.toContain('SECRET-MARGIN');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
      const sheet = workbook.getWorksheet('Price Quotation')!;
      const values: unknown[][] = [];
      sheet.eachRow((row) => {
        const cells: unknown[] = [];
        row.eachCell({ includeEmpty: true }, (c) => {
          const v = c.value;
          cells.push(v && typeof v === 'object' && 'formula' in v ? v.result : v);
        });
        values.push(cells);
      });
      const flat = values.map((r) => r.join('|'));
      expect(flat).toContainEqual(expect.stringContaining('Currency|INR'));
      expect(flat.find((r) => r.startsWith('KR-1'))).toContain('1250.5|3|3751.5');
      expect(flat.find((r) => r.startsWith('PP-2'))).toContain('999.99|250|249997.5');
      expect(flat.find((r) => r.startsWith('TOTAL'))).toContain('253|253749');
      expect(flat.join('\n')).not.toContain('SECRET');
      // Metal (metal and finish), then each line's minimum order and note from the sent quote.
      const header = values.find((r) => r[0] === 'Model No.')!;
      expect(header.slice(3, 4)).toEqual(['Metal']);
      expect(header.slice(7)).toEqual(['Min. order', 'Note']);
      const ringRow = values.find((r) => r[0] === 'KR-1')!;
      expect([ringRow[3], ringRow[7], ringRow[8]]).toEqual(['Brass, Gold plated', 10, 'Hand set stones']);
      const pendantRow = values.find((r) => r[0] === 'PP-2')!;
      expect([pendantRow[3] ?? null, pendantRow[7]]).toEqual([null, 1]);
    });

    it('quoted → accepted by the buyer, naming the latest revision; the business is mailed once', async () => {
      const id = await submit();
      const order = await quote(id);
      await settleOutbox(t.database);

      const stale = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
        version: order.version - 1,
        revision: 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toContain('changed by someone else');
      const wrongRevision = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
        version: order.version,
        revision: 2,
      });
      expect(wrongRevision.statusCode).toBe(409);
      expect(wrongRevision.json().message).toContain('revision 1 is');
      expect(await mails()).toEqual([]);

      const accepted = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
        version: order.version,
        revision: 1,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().order).toMatchObject({ status: 'accepted', version: order.version + 1 });
      expect(accepted.json().order.history.at(-1)).toMatchObject({ from: 'quoted', to: 'accepted' });
      const sent = await mails();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ kind: 'quote.accepted', to: 'sales@jaipur.example' });
      expect(sent[0]!.subject).toContain('accepted');

      for (const [who, action] of [
        [admin, 'withdraw'],
        [buyer, 'decline'],
        [buyer, 'accept'],
        [buyer, 'cancel'],
      ] as const) {
        const res = await call(who, 'POST', `/api/orders/${id}/${action}`, {
          version: order.version + 1,
          revision: 1,
        });
        expect(res.statusCode, action).toBe(409);
        expect(res.json().message).toContain('This request is accepted');
      }
      const requote = await call(admin, 'PUT', `/api/orders/${id}/quote`, quoteBody(order.version + 1));
      expect(requote.statusCode).toBe(409);
    });

    it('quoted → declined with a reason, mailed to the business', async () => {
      const id = await submit();
      const order = await quote(id);
      await settleOutbox(t.database);
      const declined = await call(buyer, 'POST', `/api/orders/${id}/decline`, {
        version: order.version,
        revision: 1,
        reason: 'Found a closer supplier',
      });
      expect(declined.statusCode, declined.body).toBe(200);
      expect(declined.json().order.status).toBe('declined');
      expect(declined.json().order.history.at(-1)).toMatchObject({
        from: 'quoted',
        to: 'declined',
        note: 'Found a closer supplier',
      });
      const sent = await mails();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ kind: 'quote.declined', to: 'sales@jaipur.example' });
      expect(sent[0]!.text).toContain('Found a closer supplier');
    });

    it('quoted → withdrawn by an admin; the buyer can no longer accept', async () => {
      const id = await submit();
      const order = await quote(id);
      const withdrawn = await call(admin, 'POST', `/api/orders/${id}/withdraw`, {
        version: order.version,
        note: 'Metal prices moved',
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(withdrawn.json().order.status).toBe('withdrawn');
      const accept = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
        version: order.version + 1,
        revision: 1,
      });
      expect(accept.statusCode).toBe(409);
      expect(accept.json().message).toBe('This request is withdrawn; it cannot be accepted');
    });

    it('withdraw and send are refused while new (409 naming new)', async () => {
      const id = await submit();
      const withdraw = await call(admin, 'POST', `/api/orders/${id}/withdraw`, { version: 1 });
      expect(withdraw.statusCode).toBe(409);
      expect(withdraw.json().message).toBe('This request is new; it cannot be withdrawn');
      const send = await call(admin, 'POST', `/api/orders/${id}/quote/send`, { version: 1 });
      expect(send.statusCode).toBe(409);
      expect(send.json().message).toContain('no draft');
      const accept = await call(buyer, 'POST', `/api/orders/${id}/accept`, { version: 1, revision: 1 });
      expect(accept.statusCode).toBe(409);
      expect(accept.json().message).toBe('This request is new; it cannot be accepted');
    });

    it('revisions: a quoted request is revised, earlier revisions stay readable, only the latest may be accepted', async () => {
      const id = await submit();
      const first = await quote(id);
      const saved = await call(
        admin,
        'PUT',
        `/api/orders/${id}/quote`,
        quoteBody(first.version, {
          currency: 'USD',
          lines: [
            { productId: ring.id, unitPrice: 1500 },
            { productId: pendant.id, unitPrice: 1200 },
          ],
        }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().order.quote).toMatchObject({ revision: 2, state: 'draft' });
      // Saving again before sending replaces the draft and keeps its number.
      const resaved = await call(
        admin,
        'PUT',
        `/api/orders/${id}/quote`,
        quoteBody(saved.json().order.version, {
          currency: 'USD',
          lines: [
            { productId: ring.id, unitPrice: 1400 },
            { productId: pendant.id, unitPrice: 1200 },
          ],
        }),
      );
      expect(resaved.json().order.quote).toMatchObject({ revision: 2, total: 3 * 1400 + 250 * 1200 });
      // The buyer still sees revision 1 until revision 2 is sent.
      expect((await read(id, buyer)).quote.revision).toBe(1);
      const sent = await call(admin, 'POST', `/api/orders/${id}/quote/send`, {
        version: resaved.json().order.version,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const order = await read(id, buyer);
      expect(order.status).toBe('quoted');
      expect(order.quote).toMatchObject({ revision: 2, currency: 'USD' });
      expect(order.revisions.map((r: Json) => [r.revision, r.currency, r.total])).toEqual([
        [1, 'INR', 25_374_900],
        [2, 'USD', 304_200],
      ]);
      expect(order.history.at(-1)).toMatchObject({ from: 'quoted', to: 'quoted', note: 'Revision 2' });
      const earlier = await call(buyer, 'GET', `/api/orders/${id}?revision=1`);
      expect(earlier.json().order.quote).toMatchObject({ revision: 1, currency: 'INR' });

      const old = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
        version: order.version,
        revision: 1,
      });
      expect(old.statusCode).toBe(409);
      const current = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
        version: order.version,
        revision: 2,
      });
      expect(current.statusCode).toBe(200);
    });

    it('two admins save one quote at once: the second (stale version) is refused and overwrites nothing', async () => {
      const id = await submit();
      const first = await call(
        admin,
        'PUT',
        `/api/orders/${id}/quote`,
        quoteBody(1, { noteToBuyer: 'first' }),
      );
      expect(first.statusCode).toBe(200);
      const second = await call(
        admin,
        'PUT',
        `/api/orders/${id}/quote`,
        quoteBody(1, { noteToBuyer: 'second' }),
      );
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toContain('version 2, not 1');
      expect((await read(id)).quote.noteToBuyer).toBe('first');
    });

    it('concurrent accept and withdraw: exactly one wins, the other answers 409', async () => {
      for (let round = 0; round < 4; round++) {
        const id = await submit();
        const order = await quote(id);
        const [accept, withdraw] = await Promise.all([
          call(buyer, 'POST', `/api/orders/${id}/accept`, { version: order.version, revision: 1 }),
          call(admin, 'POST', `/api/orders/${id}/withdraw`, { version: order.version }),
        ]);
        expect([accept.statusCode, withdraw.statusCode].sort()).toEqual([200, 409]);
        const final = await read(id);
        expect(final.status).toBe(accept.statusCode === 200 ? 'accepted' : 'withdrawn');
        expect(final.version).toBe(order.version + 1);
        expect(final.history.filter((e: Json) => e.to === 'accepted' || e.to === 'withdrawn')).toHaveLength(
          1,
        );
      }
    });
  });

  describe('bad input stores nothing', () => {
    const cases: [string, Json, string][] = [
      ['a negative amount', { lines: [{ productId: 'RING', unitPrice: -1 }] }, 'unitPrice'],
      ['a non-integer amount', { lines: [{ productId: 'RING', unitPrice: 10.5 }] }, 'unitPrice'],
      ['an amount as text', { lines: [{ productId: 'RING', unitPrice: '100' }] }, 'unitPrice'],
      ['an amount over the limit', { lines: [{ productId: 'RING', unitPrice: 1_000_000_001 }] }, 'unitPrice'],
      ['a zero MOQ', { lines: [{ productId: 'RING', unitPrice: 1, moq: 0 }] }, 'moq'],
      ['an unknown currency', { currency: 'XYZ' }, 'currency'],
      ['a past date', { validUntil: new Date(Date.now() - DAY).toISOString() }, 'validUntil'],
      ['a date that is no date', { validUntil: 'next tuesday' }, 'validUntil'],
      ['a lead time over a year', { leadTimeDays: 366 }, 'leadTimeDays'],
      ['a note of 2,001 characters', { internalNote: 'x'.repeat(2001) }, 'internalNote'],
      ['a note of 1 MB', { noteToBuyer: 'x'.repeat(1024 * 1024) }, 'noteToBuyer'],
      ['a missing version', { version: undefined }, 'version'],
    ];

    it.each(cases)('%s: 400 naming the field', async (_name, over, field) => {
      const id = await submit();
      const body: Json = quoteBody(1, over);
      body.lines = body.lines.map((l: Json) => (l.productId === 'RING' ? { ...l, productId: ring.id } : l));
      if ('lines' in over) body.lines.push({ productId: pendant.id, unitPrice: 1 });
      const res = await call(admin, 'PUT', `/api/orders/${id}/quote`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(field);
      expect(await read(id)).toMatchObject({ version: 1, quote: null });
    });

    it('a 10 MB note is refused (400 naming the note fields and their limit) before it is read', async () => {
      const id = await submit();
      const res = await call(
        admin,
        'PUT',
        `/api/orders/${id}/quote`,
        quoteBody(1, { internalNote: 'x'.repeat(10 * 1024 * 1024) }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('internalNote must be at most 2,000 characters');
      expect(await read(id)).toMatchObject({ version: 1, quote: null });
    });

    it('a quote must price every line of the request and nothing else (400 naming lines)', async () => {
      const id = await submit();
      const stranger = await insertProduct(t.database, { name: 'Stray', code: 'ST-9' });
      for (const lines of [
        [{ productId: ring.id, unitPrice: 1 }],
        [
          { productId: ring.id, unitPrice: 1 },
          { productId: pendant.id, unitPrice: 1 },
          { productId: stranger.id, unitPrice: 1 },
        ],
        [
          { productId: ring.id, unitPrice: 1 },
          { productId: stranger.id, unitPrice: 1 },
        ],
      ]) {
        const res = await call(admin, 'PUT', `/api/orders/${id}/quote`, quoteBody(1, { lines }));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toContain('lines');
      }
      expect(await read(id)).toMatchObject({ version: 1, quote: null });
    });

    it('totals sent by a client are ignored', async () => {
      const id = await submit();
      const body = quoteBody(1, {
        total: 1,
        lines: [
          { productId: ring.id, unitPrice: 100, lineTotal: 5 },
          { productId: pendant.id, unitPrice: 7 },
        ],
      });
      const res = await call(admin, 'PUT', `/api/orders/${id}/quote`, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order.quote.total).toBe(3 * 100 + 250 * 7);
    });

    it('a buyer sending a price or a status changes nothing', async () => {
      const id = await submit();
      const order = await quote(id);
      const res = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
        version: order.version,
        revision: 1,
        unitPrice: 1,
        status: 'accepted',
        total: 1,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().order.quote.total).toBe(25_374_900);
    });
  });

  describe('expiry', () => {
    async function setValidUntil(id: string, at: Date) {
      await t.database.db.update(orders).set({ validUntil: at }).where(eq(orders.id, id));
      await t.database.db
        .update(quoteRevisions)
        .set({ validUntil: at })
        .where(eq(quoteRevisions.orderId, id));
    }

    it('a quote valid for a moment more may be accepted', async () => {
      const id = await submit();
      const order = await quote(id);
      await setValidUntil(id, new Date(Date.now() + 5_000));
      const res = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
        version: order.version,
        revision: 1,
      });
      expect(res.statusCode).toBe(200);
    });

    it('from its valid-until on, it is expired to every reader at once and cannot be accepted', async () => {
      const id = await submit();
      const order = await quote(id);
      await setValidUntil(id, new Date(Date.now() - 1));
      await settleOutbox(t.database);
      expect((await read(id, buyer)).status).toBe('expired');
      expect((await read(id, admin)).status).toBe('expired');
      const history = (await read(id, buyer)).history;
      expect(history.at(-1)).toMatchObject({ from: 'quoted', to: 'expired', by: { role: 'system' } });
      const accept = await call(buyer, 'POST', `/api/orders/${id}/accept`, {
        version: order.version,
        revision: 1,
      });
      expect(accept.statusCode).toBe(409);
      expect(accept.json().message).toBe('This request is expired; it cannot be accepted');
      const listed = await call(admin, 'GET', '/api/orders/orders?status=expired&limit=100');
      expect(listed.json().orders.map((o: Json) => o._id)).toContain(id);
      const quotedList = await call(admin, 'GET', '/api/orders/orders?status=quoted&limit=100');
      expect(quotedList.json().orders.map((o: Json) => o._id)).not.toContain(id);
      const mine = await call(buyer, 'GET', '/api/orders/mine?limit=100');
      expect(mine.json().orders.find((o: Json) => o._id === id).status).toBe('expired');

      // Recording it mails the buyer once, whatever the number of sweeps, and changes no version.
      await t.app.services.quotations.expireLapsedQuotes();
      await t.app.services.quotations.expireLapsedQuotes();
      const sent = (await mails()).filter((m) => m.kind === 'quote.expired');
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: 'asha@retail.example' });
      const recorded = await read(id);
      expect(recorded.version).toBe(order.version);
      const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
      expect(events.filter((e) => e.toStatus === 'expired')).toHaveLength(1);
      expect(recorded.history.filter((e: Json) => e.to === 'expired')).toHaveLength(1);

      // The admin may quote it again: revision 2.
      const requoted = await quote(id);
      expect(requoted).toMatchObject({ status: 'quoted' });
      expect(requoted.quote.revision).toBe(2);
      expect(requoted.history.at(-1)).toMatchObject({ from: 'expired', to: 'quoted' });
    });

    it('a draft whose valid-until has passed is not sent (409)', async () => {
      const id = await submit();
      const saved = await call(
        admin,
        'PUT',
        `/api/orders/${id}/quote`,
        quoteBody(1, { validUntil: new Date(Date.now() + DAY).toISOString() }),
      );
      expect(saved.statusCode).toBe(200);
      await t.database.db
        .update(quoteRevisions)
        .set({ validUntil: new Date(Date.now() - 1000) })
        .where(eq(quoteRevisions.orderId, id));
      const send = await call(admin, 'POST', `/api/orders/${id}/quote/send`, { version: 2 });
      expect(send.statusCode).toBe(409);
      expect(send.json().message).toContain('valid-until');
      expect((await read(id)).status).toBe('new');
    });
  });

  describe('comments', () => {
    it('a thread between the buyer and the admins; each comment mails the other side', async () => {
      const id = await submit();
      const first = await call(buyer, 'POST', `/api/orders/${id}/comments`, {
        text: '  Can you do <b>gold</b> plating?  ',
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().comment).toMatchObject({
        author: { name: 'Asha Buyer', role: 'user' },
        text: 'Can you do <b>gold</b> plating?',
      });
      let sent = await mails();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ kind: 'quote.comment', to: 'sales@jaipur.example' });
      expect(sent[0]!.html).toContain('&lt;b&gt;gold&lt;/b&gt;');
      expect(sent[0]!.html).not.toContain('<b>gold');
      expect(sent[0]!.text).toContain(`/orderlist/${id}`);
      await settleOutbox(t.database);

      const reply = await call(admin, 'POST', `/api/orders/${id}/comments`, { text: 'Yes, 2 microns.' });
      expect(reply.statusCode).toBe(201);
      sent = await mails();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: 'asha@retail.example' });

      const list = await call(buyer, 'GET', `/api/orders/${id}/comments`);
      expect(list.json().comments.map((c: Json) => [c.author.role, c.text])).toEqual([
        ['user', 'Can you do <b>gold</b> plating?'],
        ['admin', 'Yes, 2 microns.'],
      ]);
      // Comments change no version.
      expect((await read(id)).version).toBe(1);
    });

    it('refuses an empty or too long comment and anyone but the buyer and admins', async () => {
      const id = await submit();
      for (const text of ['', '   ', 'x'.repeat(2001)]) {
        const res = await call(buyer, 'POST', `/api/orders/${id}/comments`, { text });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain('text');
      }
      expect((await call(other, 'POST', `/api/orders/${id}/comments`, { text: 'hi' })).statusCode).toBe(404);
      expect((await call(null, 'POST', `/api/orders/${id}/comments`, { text: 'hi' })).statusCode).toBe(404);
      expect((await call(buyer, 'GET', `/api/orders/${id}/comments`)).json().comments).toEqual([]);
      expect(await mails()).toEqual([]);
    });
  });

  describe('lists', () => {
    it("My requests: the buyer's own, newest first, the total once quoted", async () => {
      const buyerB = await createUser(t.database, { name: 'List Buyer' });
      const a = await submit(buyerB);
      const b = await submit(buyerB);
      await quote(b);
      const res = await call(buyerB, 'GET', '/api/orders/mine');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ currentPage: 1, totalPages: 1, totalItems: 2 });
      expect(body.orders.map((o: Json) => o._id)).toEqual([b, a]);
      expect(body.orders[0]).toMatchObject({
        status: 'quoted',
        lineCount: 2,
        total: 25_374_900,
        currency: 'INR',
      });
      expect(body.orders[1]).toMatchObject({
        status: 'new',
        lineCount: 2,
        total: null,
        currency: null,
        validUntil: null,
      });
      const others = await call(other, 'GET', '/api/orders/mine');
      expect(others.json().orders.map((o: Json) => o._id)).not.toContain(a);
      expect((await call(null, 'GET', '/api/orders/mine')).statusCode).toBe(401);
    });

    it('the admin list: status filter, sort by age, overdue past 48 hours', async () => {
      const old = await submit();
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 49 * 3_600_000) })
        .where(eq(orders.id, old));
      const fresh = await submit();
      const newest = await call(admin, 'GET', '/api/orders/orders?status=new&limit=100');
      expect(newest.statusCode).toBe(200);
      const listed = newest.json().orders as Json[];
      expect(listed.every((o) => o.status === 'new')).toBe(true);
      expect(listed.find((o) => o._id === old)).toMatchObject({ overdue: true });
      expect(listed.find((o) => o._id === fresh)).toMatchObject({ overdue: false });
      const numbers = listed.map((o) => o.orderId);
      expect(numbers).toEqual([...numbers].sort((x, y) => y - x));
      const oldest = await call(admin, 'GET', '/api/orders/orders?status=new,quoted&sort=oldest&limit=100');
      const ascending = (oldest.json().orders as Json[]).map((o) => o.orderId);
      expect(ascending).toEqual([...ascending].sort((x, y) => x - y));
      expect((oldest.json().orders as Json[]).every((o) => ['new', 'quoted'].includes(o.status))).toBe(true);

      const bad = await call(admin, 'GET', '/api/orders/orders?status=paid');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('status');
      const badSort = await call(admin, 'GET', '/api/orders/orders?sort=cheapest');
      expect(badSort.statusCode).toBe(400);
      expect(badSort.json().message).toContain('sort');
      const total = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
      expect(total[0]!.n).toBeGreaterThan(0);
    });
  });
});
