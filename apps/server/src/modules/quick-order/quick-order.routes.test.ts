import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, outboxRows, settleOutbox, type TestProduct } from '../../../test/buyer-fixtures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('quick order, request again and orders entered for a buyer', () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let ring: TestProduct;
  let ring2: TestProduct;
  let jhumka: TestProduct;
  let bangle: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000', BUSINESS_EMAIL: 'sales@jaipur.example' });
    [buyer, other, admin] = await Promise.all([
      createUser(t.database, { email: 'meera@gems.example', name: 'Meera Jain' }),
      createUser(t.database, { name: 'Other Buyer' }),
      createUser(t.database, { role: 'admin', name: 'Ravi Admin' }),
    ]);
    await t.database.db
      .update(users)
      .set({ companyName: 'Meera Gems Pvt Ltd', contactNumber: '+91 99280 12345' })
      .where(eq(users.id, buyer.id));
    ring = await insertProduct(t.database, { name: 'Kundan Ring', code: 'RG-1001' });
    ring2 = await insertProduct(t.database, { name: 'Polki Ring', code: 'RG-1002' });
    jhumka = await insertProduct(t.database, { name: 'Temple Jhumka', code: 'JH-33' });
    bangle = await insertProduct(t.database, { name: 'Meena Bangle', code: 'BG-7' });
    await t.database.db.update(products).set({ minOrderQuantity: 12 }).where(eq(products.id, jhumka.id));
    // A fresh database and five rows: more than the default minute on a machine shared by many runs.
  }, 180_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    await settleOutbox(t.database);
    await t.database.db.delete(cartItems);
  });

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user ? bearer(user.token) : {}, ...(payload ? { payload } : {}) });

  const parse = async (text: string, who: TestUser = buyer): Promise<Json[]> => {
    const res = await call(who, 'POST', '/api/quick-order/parse', { text });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().lines;
  };

  function multipart(name: string, content: Buffer, type: string) {
    const boundary = '----quickorder' + Date.now();
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/quick-order/parse',
      headers: { ...bearer(buyer.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }

  describe('permissions', () => {
    it('answers 401 to an anonymous caller of every call', async () => {
      for (const [method, url, payload] of [
        ['POST', '/api/quick-order/parse', { text: 'RG-1001 x 2' }],
        ['POST', '/api/quick-order/add', { lines: [{ productId: ring.id, pieces: 1 }] }],
        ['POST', `/api/orders/${ring.id}/again`, {}],
        [
          'POST',
          '/api/admin/orders/on-behalf',
          { userId: buyer.id, lines: [{ productId: ring.id, quantity: 1 }] },
        ],
        ['GET', '/api/admin/orders/on-behalf/buyers?q=meera', undefined],
      ] as const) {
        const res = await call(null, method, url, payload);
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toMatchObject({ message: 'Unauthorized' });
      }
    });

    it('answers 403 to a buyer entering an order or searching buyers, and stores nothing', async () => {
      const before = (await t.database.db.select().from(orders)).length;
      const res = await call(other, 'POST', '/api/admin/orders/on-behalf', {
        userId: buyer.id,
        lines: [{ productId: ring.id, quantity: 5 }],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'Forbidden' });
      expect((await call(other, 'GET', '/api/admin/orders/on-behalf/buyers?q=meera')).statusCode).toBe(403);
      expect((await t.database.db.select().from(orders)).length).toBe(before);
    });
  });

  describe('parse', () => {
    it('matches codes whatever their case, spaces and dashes, with each line as it was read', async () => {
      const lines = await parse('rg1001 rose 12 pcs\n\nRG 1002 x २४\nBG-7 – 1 gross\nbg7 2 dozen');
      expect(lines).toEqual([
        {
          row: 1,
          input: 'rg1001 rose 12 pcs',
          status: 'matched',
          productId: ring.id,
          code: 'RG-1001',
          name: 'Kundan Ring',
          quantity: 12,
          unit: 'pcs',
          pieces: 12,
        },
        {
          row: 3,
          input: 'RG 1002 x २४',
          status: 'matched',
          productId: ring2.id,
          code: 'RG-1002',
          name: 'Polki Ring',
          quantity: 24,
          unit: 'pcs',
          pieces: 24,
        },
        {
          row: 4,
          input: 'BG-7 – 1 gross',
          status: 'matched',
          productId: bangle.id,
          code: 'BG-7',
          name: 'Meena Bangle',
          quantity: 1,
          unit: 'gross',
          pieces: 144,
        },
        {
          row: 5,
          input: 'bg7 2 dozen',
          status: 'matched',
          productId: bangle.id,
          code: 'BG-7',
          name: 'Meena Bangle',
          quantity: 2,
          unit: 'dozen',
          pieces: 24,
        },
      ]);
    });

    it('applies the minimum order visibly', async () => {
      const [line] = await parse('JH-33 x 10');
      expect(line).toMatchObject({
        status: 'matched',
        pieces: 10,
        adjustedTo: 12,
        adjustReason: '10 → 12: the minimum order is 12',
      });
      const [enough] = await parse('JH-33 2 dz');
      expect(enough).not.toHaveProperty('adjustedTo');
    });

    it('applies the pack size visibly: a design sold in packs of 12 goes up to whole packs, read and added', async () => {
      const packed = await insertProduct(t.database, { name: 'Boxed Bangles', code: 'PK-12' });
      const costing = await call(admin, 'PUT', `/api/products/admin/${packed.id}/costing`, {
        pricingMode: 'per_piece',
        making: { basis: 'per_piece', value: 3800 },
        stones: [],
        extrasPerPiece: [],
        priceBreaks: [],
        casePack: 12,
      });
      expect(costing.statusCode, costing.body).toBe(200);
      const [line] = await parse('PK-12 x 10');
      expect(line).toMatchObject({
        status: 'matched',
        pieces: 10,
        adjustedTo: 12,
        packSize: 12,
        adjustReason: '10 → 12: sold in packs of 12',
      });
      const [whole] = await parse('PK-12 2 dozen');
      expect(whole).toMatchObject({ pieces: 24 });
      expect(whole).not.toHaveProperty('adjustedTo');
      expect(whole).not.toHaveProperty('packSize');
      // The buyer's browser could send any number: the server rounds it up to whole packs too.
      const added = await call(buyer, 'POST', '/api/quick-order/add', {
        lines: [{ productId: packed.id, pieces: 13 }],
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().cart.items.find((i: Json) => i.productId === packed.id)).toMatchObject({
        quantity: 24,
      });
      await t.database.db.delete(products).where(eq(products.id, packed.id));
    });

    it('offers the closest designs for a code that matches none, and never chooses one', async () => {
      const [typo, unknown] = await parse('RG-1OO2 x 6\nZZ-999 x 1');
      expect(typo).toMatchObject({ row: 1, status: 'suggested', code: 'RG-1OO2', pieces: 6 });
      expect(typo).not.toHaveProperty('productId');
      expect(typo!.suggestions[0]).toEqual({ productId: ring2.id, code: 'RG-1002', name: 'Polki Ring' });
      expect(unknown).toMatchObject({ row: 2, status: 'suggested', code: 'ZZ-999' });
      expect(unknown).not.toHaveProperty('productId');
      expect(Array.isArray(unknown!.suggestions)).toBe(true);
    });

    it('reads a code too long for any design without failing the paste', async () => {
      const lines = await parse(`RG-${'1'.repeat(150)} x 2\nRG-1001 x 1`);
      expect(lines.map((l) => [l.row, l.status])).toEqual([
        [1, 'suggested'],
        [2, 'matched'],
      ]);
    });

    it('offers both designs when two codes differ only by a dash', async () => {
      const a = await insertProduct(t.database, { name: 'Twin A', code: 'TW-55' });
      const b = await insertProduct(t.database, { name: 'Twin B', code: 'TW55' });
      const [line] = await parse('tw 55 x 3');
      expect(line!.status).toBe('suggested');
      expect(line!.suggestions.map((s: Json) => s.productId).sort()).toEqual([a.id, b.id].sort());
    });

    it('lists unreadable lines where they were, and stores nothing', async () => {
      const lines = await parse('Hello sir\n\nRG-1001 x 0\nRG-1001 dozen');
      expect(lines).toEqual([
        { row: 1, input: 'Hello sir', status: 'unreadable' },
        { row: 3, input: 'RG-1001 x 0', status: 'unreadable', code: 'RG-1001' },
        { row: 4, input: 'RG-1001 dozen', status: 'unreadable', code: 'RG-1001' },
      ]);
      expect(await t.database.db.select().from(cartItems)).toEqual([]);
    });

    it('refuses more than 5,000 lines or 200 KB with a 413 that says so', async () => {
      const many = await call(buyer, 'POST', '/api/quick-order/parse', {
        text: 'RG-1001 x 1\n'.repeat(5001),
      });
      expect(many.statusCode).toBe(413);
      expect(many.json().message).toBe(
        'A quick order can hold at most 5,000 lines; split the list and paste it in parts',
      );
      const exactly = await call(buyer, 'POST', '/api/quick-order/parse', {
        text: 'RG-1001 x 1\n'.repeat(5000),
      });
      expect(exactly.statusCode).toBe(200);
      const big = await call(buyer, 'POST', '/api/quick-order/parse', {
        text: `RG-1001 x 1 ${'a'.repeat(205_000)}`,
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe(
        'A quick order can be at most 200 KB of text; split the list and paste it in parts',
      );
    });

    it('answers 400 naming the field for a missing or empty text', async () => {
      const missing = await call(buyer, 'POST', '/api/quick-order/parse', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().issues[0].path).toBe('text');
      const blank = await call(buyer, 'POST', '/api/quick-order/parse', { text: ' \n ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ message: 'Paste a list of design codes and quantities' });
    });

    it('reads a .csv upload by its content, rows as Excel shows them', async () => {
      const res = await multipart(
        'list.txt',
        Buffer.from('\uFEFFCode,Qty\r\nRG-1001,24\r\n,\r\n"JH-33","2 dozen"\r\n'),
        'text/plain',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().lines.map((l: Json) => [l.row, l.status, l.productId, l.pieces])).toEqual([
        [2, 'matched', ring.id, 24],
        [4, 'matched', jhumka.id, 24],
      ]);
    });

    it('reads an .xlsx upload, whatever its name', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Order');
      sheet.addRow(['Design No.', 'Pcs']);
      sheet.addRow(['rg-1002', 36]);
      sheet.addRow(['BG 7', '1 gross']);
      const data = Buffer.from(await workbook.xlsx.writeBuffer());
      const res = await multipart('order.csv', data, 'text/csv');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().lines.map((l: Json) => [l.row, l.status, l.productId, l.pieces])).toEqual([
        [2, 'matched', ring2.id, 36],
        [3, 'matched', bangle.id, 144],
      ]);
    });

    it('refuses a file that is neither a spreadsheet nor text (415), and a form without one (400)', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
      const res = await multipart(
        'order.xlsx',
        png,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('Only .xlsx or .csv files can be read');
      const empty = await multipart('order.csv', Buffer.alloc(0), 'text/csv');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Please choose a .xlsx or .csv file, or paste the list');
    });
  });

  describe('add', () => {
    it('puts the confirmed lines into the list: duplicates add up, the minimum order applies', async () => {
      const res = await call(buyer, 'POST', '/api/quick-order/add', {
        lines: [
          { productId: ring.id, pieces: 12 },
          { productId: ring.id, pieces: 6 },
          { productId: jhumka.id, pieces: 5 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().cart.items.map((i: Json) => [i.code, i.quantity]);
      expect(items.sort()).toEqual([
        ['JH-33', 12],
        ['RG-1001', 18],
      ]);
      expect(res.json().cart.userId).toBe(buyer.id);
      // Adding again adds to what the list holds.
      const again = await call(buyer, 'POST', '/api/quick-order/add', {
        lines: [{ productId: ring.id, pieces: 2 }],
      });
      const ringLine = again.json().cart.items.find((i: Json) => i.productId === ring.id);
      expect(ringLine).toMatchObject({ quantity: 20, price: null });
    });

    it('refuses an unknown design and a quantity out of range with 400, adding nothing', async () => {
      const unknown = await call(buyer, 'POST', '/api/quick-order/add', {
        lines: [
          { productId: ring.id, pieces: 1 },
          { productId: '00000000-0000-4000-8000-000000000000', pieces: 1 },
        ],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().issues).toEqual([{ path: 'lines.1.productId', message: 'Product not found' }]);
      for (const pieces of [0, 10_001, 1.5, '3']) {
        const res = await call(buyer, 'POST', '/api/quick-order/add', {
          lines: [{ productId: ring.id, pieces }],
        });
        expect(res.statusCode, String(pieces)).toBe(400);
      }
      expect((await call(buyer, 'POST', '/api/quick-order/add', { lines: [] })).statusCode).toBe(400);
      expect(await t.database.db.select().from(cartItems)).toEqual([]);
    });
  });

  describe('request again', () => {
    async function submitted(who: TestUser, lines: { productId: string; quantity: number }[]) {
      const res = await call(who, 'POST', '/api/orders/submit-order', {
        firstName: who.name,
        email: who.email,
        contactNumber: '+91 98765 43210',
        country: 'IN',
        orderDetails: lines,
      });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.orderNumber, res.json().orderId));
      return row!.id;
    }

    it('rebuilds the lines with the last quoted unit price, and flags a deleted design', async () => {
      const gone = await insertProduct(t.database, { name: 'Old Pendant', code: 'PD-9' });
      const id = await submitted(buyer, [
        { productId: ring.id, quantity: 24 },
        { productId: gone.id, quantity: 6 },
      ]);
      const before = await call(buyer, 'POST', `/api/orders/${id}/again`);
      expect(before.statusCode).toBe(200);
      expect(before.json().lines[0]).toEqual({
        productId: ring.id,
        code: 'RG-1001',
        name: 'Kundan Ring',
        quantity: 24,
        lastQuotedUnitPrice: null,
        currency: null,
        available: true,
      });
      const detail = await call(admin, 'GET', `/api/orders/${id}`);
      const saved = await call(admin, 'PUT', `/api/orders/${id}/quote`, {
        version: detail.json().order.version,
        currency: 'INR',
        lines: [
          { productId: ring.id, unitPrice: 45_000 },
          { productId: gone.id, unitPrice: 120_000 },
        ],
        leadTimeDays: 10,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const sent = await call(admin, 'POST', `/api/orders/${id}/quote/send`, {
        version: saved.json().order.version,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect((await call(admin, 'DELETE' as 'GET', `/api/products/admin/${gone.id}`)).statusCode).toBe(200);
      const after = await call(buyer, 'POST', `/api/orders/${id}/again`);
      expect(after.json().lines).toEqual([
        {
          productId: ring.id,
          code: 'RG-1001',
          name: 'Kundan Ring',
          quantity: 24,
          lastQuotedUnitPrice: 45_000,
          currency: 'INR',
          available: true,
        },
        {
          productId: null,
          code: 'PD-9',
          name: 'Old Pendant',
          quantity: 6,
          lastQuotedUnitPrice: 120_000,
          currency: 'INR',
          available: false,
        },
      ]);
    });

    it("answers 404 for another buyer's request, an admin's call and an unknown or malformed id", async () => {
      const id = await submitted(buyer, [{ productId: ring.id, quantity: 2 }]);
      for (const [who, url] of [
        [other, `/api/orders/${id}/again`],
        [admin, `/api/orders/${id}/again`],
        [buyer, '/api/orders/00000000-0000-4000-8000-000000000000/again'],
        [buyer, '/api/orders/not-an-id/again'],
      ] as const) {
        const res = await call(who, 'POST', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ message: 'Order not found' });
      }
    });
  });

  describe('an order entered for a buyer', () => {
    it('finds buyers by name, company, e-mail or phone, never administrators', async () => {
      const names = async (q: string) =>
        (await call(admin, 'GET', `/api/admin/orders/on-behalf/buyers?q=${encodeURIComponent(q)}`))
          .json()
          .buyers.map((b: Json) => b.name);
      expect(await names('meera j')).toEqual(['Meera Jain']);
      expect(await names('GEMS PVT')).toEqual(['Meera Jain']);
      expect(await names('meera@gems')).toEqual(['Meera Jain']);
      expect(await names('9928012345')).toEqual(['Meera Jain']);
      expect(await names('99280 12')).toEqual(['Meera Jain']);
      expect(await names('Ravi Admin')).toEqual([]);
      expect(await names('%')).toEqual([]);
    });

    it('sends the request as the buyer’s, records who entered it, mails the buyer and shows it in their history', async () => {
      const res = await call(admin, 'POST', '/api/admin/orders/on-behalf', {
        userId: buyer.id,
        lines: [
          { productId: ring.id, quantity: 24 },
          { productId: jhumka.id, quantity: 6 },
        ],
        note: 'by phone, 3 Dec',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ success: true, message: 'Quotation request received successfully' });
      const [row] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.orderNumber, res.json().orderId));
      expect(row).toMatchObject({
        userId: buyer.id,
        firstName: 'Meera Jain',
        email: 'meera@gems.example',
        companyName: 'Meera Gems Pvt Ltd',
        message: 'by phone, 3 Dec',
        enteredById: admin.id,
        enteredByName: 'Ravi Admin',
      });
      const detail = (await call(buyer, 'GET', `/api/orders/${row!.id}`)).json().order;
      expect(detail.enteredBy).toEqual({ _id: admin.id, name: 'Ravi Admin' });
      expect(detail.orderDetails.map((l: Json) => [l.sku, l.quantity])).toEqual([
        ['RG-1001', 24],
        ['JH-33', 12],
      ]);
      expect(detail.history[0]).toMatchObject({
        from: null,
        to: 'new',
        by: { _id: admin.id, name: 'Ravi Admin', role: 'admin' },
        note: 'Entered for Meera Jain: by phone, 3 Dec',
      });
      const mine = (await call(buyer, 'GET', '/api/orders/mine')).json().orders;
      expect(mine.map((o: Json) => o._id)).toContain(row!.id);
      const mailedTo = (await outboxRows(t.database))
        .filter((r) => r.status === 'pending')
        .map((r) => (r.payload as { deferred: { to: string } }).deferred.to)
        .sort();
      expect(mailedTo).toEqual(['meera@gems.example', 'sales@jaipur.example']);
      const sent = await call(buyer, 'GET', `/api/orders/${row!.id}`);
      expect(sent.json().order.enteredBy).not.toBeNull();
    });

    it('a request the buyer sent has no one recorded as entering it', async () => {
      const res = await call(buyer, 'POST', '/api/orders/submit-order', {
        firstName: 'Meera',
        email: 'meera@gems.example',
        contactNumber: '+91 98765 43210',
        country: 'IN',
        orderDetails: [{ productId: ring.id, quantity: 1 }],
      });
      const [row] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.orderNumber, res.json().orderId));
      const detail = (await call(buyer, 'GET', `/api/orders/${row!.id}`)).json().order;
      expect(detail.enteredBy).toBeNull();
      expect(detail.history[0].by).toEqual({ _id: buyer.id, name: 'Meera', role: 'user' });
    });

    it('refuses an unknown buyer (404), an administrator (400), a disabled account (409) and bad lines (400)', async () => {
      const line = [{ productId: ring.id, quantity: 1 }];
      const unknown = await call(admin, 'POST', '/api/admin/orders/on-behalf', {
        userId: '00000000-0000-4000-8000-000000000000',
        lines: line,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Buyer not found');
      const self = await call(admin, 'POST', '/api/admin/orders/on-behalf', {
        userId: admin.id,
        lines: line,
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().issues[0].path).toBe('userId');
      const disabled = await createUser(t.database, { name: 'Gone Buyer' });
      await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.id));
      const refused = await call(admin, 'POST', '/api/admin/orders/on-behalf', {
        userId: disabled.id,
        lines: line,
      });
      expect(refused.statusCode).toBe(409);
      const noLines = await call(admin, 'POST', '/api/admin/orders/on-behalf', {
        userId: buyer.id,
        lines: [],
      });
      expect(noLines.statusCode).toBe(400);
      const badProduct = await call(admin, 'POST', '/api/admin/orders/on-behalf', {
        userId: buyer.id,
        lines: [{ productId: 'nope', quantity: 1 }],
      });
      expect(badProduct.statusCode).toBe(400);
      expect(badProduct.json().issues[0].path).toBe('lines.0.productId');
      const longNote = await call(admin, 'POST', '/api/admin/orders/on-behalf', {
        userId: buyer.id,
        lines: line,
        note: 'x'.repeat(2001),
      });
      expect(longNote.statusCode).toBe(400);
    });
  });
});
