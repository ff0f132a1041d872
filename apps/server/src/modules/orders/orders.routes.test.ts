import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ORDER_LINES } from '@catalogue/shared/domain/limits';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { counters } from '../../db/schema/system.ts';
import { products } from '../../db/schema/products.ts';
import {
  bearer,
  buildTestApp,
  createUser,
  TEST_SITE_URL,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import {
  deleteProduct,
  insertMedia,
  insertProduct,
  outboxRows,
  type TestProduct,
} from '../../../test/buyer-fixtures.ts';

const request = (lines: { productId: string; quantity: number }[], over: Record<string, unknown> = {}) => ({
  firstName: 'Priya',
  email: 'priya@boutique.example',
  contactNumber: '+1 555 0100',
  country: 'US',
  companyName: 'Priya Boutique',
  companyWebsite: 'https://priya.example',
  message: 'Please quote 925 silver\nand brass.',
  orderDetails: lines,
  ...over,
});

async function openWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  return workbook;
}

/** Every row of the sheet as plain values (formula cells as their cached results). */
function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const values: unknown[] = [];
    for (let c = 1; c <= 9; c++) {
      const v = row.getCell(c).value;
      // ExcelJS reads a cached result of 0 back as no result (it does write `<v>0</v>`).
      values.push(v && typeof v === 'object' && 'formula' in v ? (v.result ?? 0) : v);
    }
    rows[n - 1] = values;
  });
  return rows;
}

describe('price requests', () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let ring: TestProduct;
  let pendant: TestProduct;
  let hosted: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000', BUSINESS_EMAIL: 'sales@jaipur.example' });
    [buyer, other, admin] = await Promise.all([
      createUser(t.database, { email: 'account-holder@example.com' }),
      createUser(t.database),
      createUser(t.database, { role: 'admin' }),
    ]);
    const red = await insertMedia(t.database, t.app.services.mediaStore, '#c0392b');
    const blue = await insertMedia(t.database, t.app.services.mediaStore, '#2c3e50');
    ring = await insertProduct(t.database, {
      name: 'Kundan Ring',
      code: 'KR-101',
      price: 12.5,
      mediaId: red,
    });
    pendant = await insertProduct(t.database, {
      name: 'Polki Pendant',
      code: 'PP-202',
      price: 30,
      mediaId: blue,
    });
    hosted = await insertProduct(t.database, {
      name: 'Hosted Bangle',
      code: 'HB-303',
      price: 0,
      imageUrl: 'https://cdn.example.com/bangle.jpg',
    });
  });
  afterAll(() => t.close());

  const submit = (user: TestUser | null, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      payload: body as object,
      headers: { ...(user ? bearer(user.token) : {}), ...headers },
    });
  const list = (user: TestUser | null, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/orders/orders${query}`,
      headers: user ? bearer(user.token) : {},
    });
  const counterValue = async () =>
    (await t.database.db.select().from(counters).where(eq(counters.name, 'order_number')))[0]?.value ?? 0;
  const orderCount = async () => (await t.database.db.select().from(orders)).length;

  describe('POST /api/orders/submit-order', () => {
    it('needs a session', async () => {
      const res = await submit(null, request([{ productId: ring.id, quantity: 1 }]));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Unauthorized' });
    });

    it('stores the request with every field, lines rebuilt from the products, and answers 201', async () => {
      const res = await submit(
        buyer,
        request(
          [
            {
              productId: ring.id,
              quantity: 3,
              name: 'Cheap Fake',
              sku: 'EVIL',
              imageUrl: 'javascript:x',
            } as never,
            { productId: hosted.id, quantity: 10 },
          ],
          { country: 'uk' },
        ),
      );
      expect(res.statusCode).toBe(201);
      const json = res.json();
      expect(json).toEqual({
        success: true,
        message: 'Quotation request received successfully',
        orderId: expect.any(Number),
        downloadLink: expect.stringMatching(
          new RegExp(`^/api/orders/download/Quotation_${json.orderId}\\.xlsx\\?sig=[\\w-]+&exp=\\d+$`),
        ),
      });

      const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, json.orderId));
      expect(row).toMatchObject({
        userId: buyer.id,
        firstName: 'Priya',
        email: 'priya@boutique.example',
        contactNumber: '+1 555 0100',
        companyName: 'Priya Boutique',
        companyWebsite: 'https://priya.example',
        country: 'GB',
        message: 'Please quote 925 silver\nand brass.',
        status: 'new',
      });
      const lines = await t.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, row!.id))
        .orderBy(orderItems.position);
      expect(
        lines.map((l) => [l.position, l.productId, l.name, l.sku, l.quantity, l.price, l.imageUrl]),
      ).toEqual([
        [1, ring.id, 'Kundan Ring', 'KR-101', 3, 12.5, `/media/${ring.mediaId}`],
        [2, hosted.id, 'Hosted Bangle', 'HB-303', 10, 0, 'https://cdn.example.com/bangle.jpg'],
      ]);
    });

    it('names every line whose product is gone or malformed, and stores nothing', async () => {
      const ordersBefore = await orderCount();
      const counterBefore = await counterValue();
      const gone = '0e0b5a8e-2222-4222-8222-222222222222';
      const res = await submit(
        buyer,
        request([
          { productId: ring.id, quantity: 1 },
          { productId: gone.toUpperCase(), quantity: 1 },
          { productId: pendant.id, quantity: 2 },
          { productId: gone, quantity: 3 },
        ]),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: '2 products in the list are no longer available; please remove them and try again',
        issues: [
          { path: 'orderDetails.1.productId', message: 'Product not found' },
          { path: 'orderDetails.3.productId', message: 'Product not found' },
        ],
      });
      const malformed = await submit(buyer, request([{ productId: 'not-an-id', quantity: 1 }]));
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().issues).toEqual([
        { path: 'orderDetails.0.productId', message: 'Product not found' },
      ]);
      expect(await orderCount()).toBe(ordersBefore);
      expect(await counterValue()).toBe(counterBefore);
    });

    it("refuses a line below its design's minimum order, naming the design and the minimum, and stores nothing", async () => {
      const bangle = await insertProduct(t.database, { name: 'Meena Bangle', code: 'MB-12' });
      const kada = await insertProduct(t.database, { name: 'Silver Kada', code: 'SK-24' });
      await t.database.db.update(products).set({ minOrderQuantity: 12 }).where(eq(products.id, bangle.id));
      await t.database.db.update(products).set({ minOrderQuantity: 24 }).where(eq(products.id, kada.id));
      const ordersBefore = await orderCount();
      const counterBefore = await counterValue();

      const one = await submit(
        buyer,
        request([
          { productId: ring.id, quantity: 1 },
          { productId: bangle.id, quantity: 11 },
        ]),
      );
      expect(one.statusCode).toBe(400);
      expect(one.json()).toMatchObject({
        message: 'Meena Bangle (MB-12): the minimum order is 12; please raise its quantity and try again',
        issues: [{ path: 'orderDetails.1.quantity', message: 'Minimum order is 12' }],
      });
      const two = await submit(
        buyer,
        request([
          { productId: kada.id, quantity: 23 },
          { productId: bangle.id, quantity: 1 },
        ]),
      );
      expect(two.statusCode).toBe(400);
      expect(two.json()).toMatchObject({
        message:
          '2 lines are below their minimum order (Silver Kada (SK-24): the minimum order is 24; Meena Bangle (MB-12): the minimum order is 12); please raise their quantities and try again',
        issues: [
          { path: 'orderDetails.0.quantity', message: 'Minimum order is 24' },
          { path: 'orderDetails.1.quantity', message: 'Minimum order is 12' },
        ],
      });
      expect(await orderCount()).toBe(ordersBefore);
      expect(await counterValue()).toBe(counterBefore);

      // At the minimum it goes through; the request's lines carry each design's minimum.
      const sent = await submit(
        buyer,
        request([
          { productId: bangle.id, quantity: 12 },
          { productId: ring.id, quantity: 1 },
        ]),
      );
      expect(sent.statusCode, sent.body).toBe(201);
      const [row] = await t.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.orderNumber, sent.json().orderId));
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${row!.id}`,
        headers: bearer(admin.token),
      });
      expect(
        detail.json().order.orderDetails.map((l: Record<string, unknown>) => [l.sku, l.minOrderQuantity]),
      ).toEqual([
        ['MB-12', 12],
        ['KR-101', undefined],
      ]);
    });

    it('numbers requests 1, 2, 3... with no gap after refused or failed submissions', async () => {
      const first = (await submit(buyer, request([{ productId: ring.id, quantity: 1 }]))).json().orderId;
      const countBefore = await counterValue();
      expect(countBefore).toBe(first);

      // Refused before the transaction: bad input, an unknown product.
      expect((await submit(buyer, request([]))).statusCode).toBe(400);
      const unknown = await submit(
        buyer,
        request([{ productId: '0e0b5a8e-1111-4111-8111-111111111111', quantity: 1 }]),
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().issues).toEqual([
        { path: 'orderDetails.0.productId', message: 'Product not found' },
      ]);

      // Failed inside the transaction, after the number was taken: the bump is rolled back.
      const doomed = await insertProduct(t.database, { name: 'Fails On Insert' });
      await t.database.db.execute(
        sql.raw(
          `ALTER TABLE order_items ADD CONSTRAINT test_refuse CHECK (name <> 'Fails On Insert') NOT VALID`,
        ),
      );
      try {
        const failed = await submit(buyer, request([{ productId: doomed.id, quantity: 1 }]));
        expect(failed.statusCode).toBe(500);
        expect(failed.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL' });
      } finally {
        await t.database.db.execute(sql.raw('ALTER TABLE order_items DROP CONSTRAINT test_refuse'));
      }
      expect(await counterValue()).toBe(countBefore);

      const next = (await submit(buyer, request([{ productId: pendant.id, quantity: 2 }]))).json().orderId;
      expect(next).toBe(first + 1);
      const numbers = (await t.database.db.select({ n: orders.orderNumber }).from(orders))
        .map((r) => r.n)
        .sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    });

    it('gives concurrent requests distinct, consecutive numbers', async () => {
      const before = await counterValue();
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          submit(i % 2 ? buyer : other, request([{ productId: ring.id, quantity: i + 1 }])),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
      const ids = results.map((r) => r.json().orderId).sort((a: number, b: number) => a - b);
      expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => before + i + 1));
    });

    describe('Idempotency-Key', () => {
      it('answers a repeat with the first result and stores one order', async () => {
        const before = await orderCount();
        const body = request([{ productId: ring.id, quantity: 1 }]);
        const first = await submit(buyer, body, { 'idempotency-key': 'cart-42-attempt' });
        const again = await submit(
          buyer,
          { ...body, message: 'changed' },
          { 'idempotency-key': 'cart-42-attempt' },
        );
        expect(first.statusCode).toBe(201);
        expect(again.statusCode).toBe(201);
        expect(again.json().orderId).toBe(first.json().orderId);
        expect(await orderCount()).toBe(before + 1);
      });

      it('keeps keys per user', async () => {
        const body = request([{ productId: ring.id, quantity: 1 }]);
        const mine = await submit(buyer, body, { 'idempotency-key': 'shared-key' });
        const theirs = await submit(other, body, { 'idempotency-key': 'shared-key' });
        expect(theirs.json().orderId).not.toBe(mine.json().orderId);
      });

      it('concurrent repeats still make one order', async () => {
        const before = await orderCount();
        const body = request([{ productId: pendant.id, quantity: 5 }]);
        const results = await Promise.all(
          Array.from({ length: 6 }, () => submit(buyer, body, { 'idempotency-key': 'double-click' })),
        );
        expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
        expect(new Set(results.map((r) => r.json().orderId)).size).toBe(1);
        expect(await orderCount()).toBe(before + 1);
      });

      it('refuses a malformed key', async () => {
        const res = await submit(buyer, request([{ productId: ring.id, quantity: 1 }]), {
          'idempotency-key': 'x'.repeat(201),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain('Idempotency-Key');
      });
    });

    it.each([
      ['firstName', { firstName: '' }],
      ['firstName', { firstName: undefined }],
      ['email', { email: 'priya' }],
      ['contactNumber', { contactNumber: '  ' }],
      ['country', { country: undefined }],
      ['country', { country: 'Narnia' }],
      ['companyWebsite', { companyWebsite: 'ftp://files.example.com' }],
      ['message', { message: 'm'.repeat(5001) }],
      ['orderDetails', { orderDetails: [] }],
      ['orderDetails', { orderDetails: undefined }],
      ['orderDetails', { orderDetails: 'all of it' }],
      ['quantity', { orderDetails: [{ productId: 'p', quantity: 0 }] }],
      ['quantity', { orderDetails: [{ productId: 'p', quantity: 2.5 }] }],
      ['quantity', { orderDetails: [{ productId: 'p', quantity: '4' }] }],
      ['quantity', { orderDetails: [{ productId: 'p', quantity: 10_001 }] }],
      ['productId', { orderDetails: [{ quantity: 1 }] }],
    ])('refuses a bad %s with 400 naming it', async (field, over) => {
      const before = await orderCount();
      const res = await submit(buyer, request([{ productId: ring.id, quantity: 1 }], over));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
      expect(await orderCount()).toBe(before);
    });

    it.each([
      ['firstName', 'Priya\nSharma'],
      ['firstName', 'Priya\u202E'],
      ['email', 'priya\u202C@boutique.example'],
      ['contactNumber', '+1 555\t0100'],
      ['companyName', 'Priya\u2068Boutique'],
      ['companyName', 'Priya\u0000Boutique'],
      ['companyWebsite', 'https://priya.example/\u202E'],
    ])(
      'refuses a line break, control or text-direction character in %s (%j), naming it',
      async (field, value) => {
        const before = await orderCount();
        const res = await submit(buyer, request([{ productId: ring.id, quantity: 1 }], { [field]: value }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: `${field}: ${field} must be one line of text, without line breaks, control characters or text-direction characters`,
          issues: [{ path: `body.${field}` }],
        });
        expect(await orderCount()).toBe(before);
      },
    );

    it(`refuses more than ${MAX_ORDER_LINES} lines`, async () => {
      const lines = Array.from({ length: MAX_ORDER_LINES + 1 }, () => ({ productId: ring.id, quantity: 1 }));
      const res = await submit(buyer, request(lines));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`at most ${MAX_ORDER_LINES}`);
    });

    it('queues the two e-mails in the same statement: to the business and to the account address', async () => {
      const res = await submit(
        buyer,
        request([{ productId: ring.id, quantity: 1 }], { email: 'someone-else@x.example' }),
      );
      const [row] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.orderNumber, res.json().orderId));
      const mails = (await outboxRows(t.database)).filter(
        (r) => (r.payload as { deferred?: { id: string } }).deferred?.id === row!.id,
      );
      expect(
        mails.map((m) => [m.kind, (m.payload as { deferred: { to: string } }).deferred.to]).sort(),
      ).toEqual([
        ['order.business', 'sales@jaipur.example'],
        ['order.buyer', 'account-holder@example.com'],
      ]);
    });
  });

  describe('GET /api/orders/orders', () => {
    it('is 401 for anonymous and 403 for a buyer', async () => {
      expect((await list(null)).statusCode).toBe(401);
      expect((await list(buyer)).statusCode).toBe(403);
    });

    it('lists every request newest first, with every field and a signed workbook path', async () => {
      const res = await list(admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.totalPages).toBeUndefined();
      expect(body.orders).toHaveLength(await orderCount());
      const numbers = body.orders.map((o: { orderId: number }) => o.orderId);
      expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

      const first = body.orders.find((o: { country: string }) => o.country === 'GB');
      expect(Object.keys(first).sort()).toEqual(
        [
          '_id',
          'orderId',
          'userId',
          'firstName',
          'email',
          'contactNumber',
          'companyName',
          'companyWebsite',
          'country',
          'message',
          'status',
          'overdue',
          'orderDetails',
          'excelFilePath',
          'createdAt',
        ].sort(),
      );
      expect(first).toMatchObject({
        userId: buyer.id,
        companyWebsite: 'https://priya.example',
        message: 'Please quote 925 silver\nand brass.',
        orderDetails: [
          {
            productId: ring.id,
            name: 'Kundan Ring',
            sku: 'KR-101',
            quantity: 3,
            imageUrl: `${TEST_SITE_URL}/media/${ring.mediaId}`,
          },
          {
            productId: hosted.id,
            name: 'Hosted Bangle',
            sku: 'HB-303',
            quantity: 10,
            imageUrl: 'https://cdn.example.com/bangle.jpg',
          },
        ],
      });
      expect(first.excelFilePath).toMatch(
        new RegExp(`^/uploads/Quotation_${first.orderId}\\.xlsx\\?sig=[\\w-]+&exp=\\d+$`),
      );
      expect(res.body).not.toMatch(/idempotency|password/i);
    });

    it('pages and searches: order number, name, e-mail, company, country and item names, taken literally', async () => {
      const total = await orderCount();
      const page = (await list(admin, '?page=2&limit=5')).json();
      expect(page).toMatchObject({ currentPage: 2, totalPages: Math.ceil(total / 5), totalItems: total });
      expect(page.orders).toHaveLength(5);
      const all = (await list(admin)).json().orders;
      expect(page.orders.map((o: { orderId: number }) => o.orderId)).toEqual(
        all.slice(5, 10).map((o: { orderId: number }) => o.orderId),
      );

      const special = await insertProduct(t.database, { name: 'Meenakari 100% Jhumka_Set' });
      const made = (
        await submit(
          other,
          request([{ productId: special.id, quantity: 1 }], {
            firstName: 'Zoya',
            email: 'zoya@zed.example',
            companyName: 'Zed Imports',
            country: 'AE',
          }),
        )
      ).json().orderId;

      const search = async (text: string) =>
        (await list(admin, `?search=${encodeURIComponent(text)}`))
          .json()
          .orders.map((o: { orderId: number }) => o.orderId);
      expect(await search(String(made))).toContain(made);
      expect(await search('zoya')).toEqual([made]);
      expect(await search('ZED IMP')).toEqual([made]);
      expect(await search('AE')).toContain(made);
      expect(await search('100% jhumka_')).toEqual([made]);
      expect(await search('100%')).toEqual([made]);
      expect(await search('Jhumka%Set')).toEqual([]);
      expect(await search('_')).toEqual([made]);
      expect(await search('priya@boutique')).not.toContain(made);
      const paged = (await list(admin, '?search=zoya')).json();
      expect(paged).toMatchObject({ currentPage: 1, totalPages: 1, totalItems: 1 });
    });

    it('falls back to the defaults for nonsense paging and caps the limit', async () => {
      const res = (await list(admin, '?page=abc&limit=-4')).json();
      expect(res.currentPage).toBe(1);
      expect(res.orders.length).toBeLessThanOrEqual(10);
      const capped = (await list(admin, '?limit=5000')).json();
      expect(capped.totalPages).toBe(Math.max(1, Math.ceil(capped.totalItems / 100)));
    });
  });

  describe('the quotation workbook', () => {
    let orderId: number;
    let link: string;
    beforeAll(async () => {
      const res = await submit(
        buyer,
        request(
          [
            { productId: ring.id, quantity: 4 },
            { productId: pendant.id, quantity: 2 },
            { productId: hosted.id, quantity: 1 },
            { productId: ring.id, quantity: 1 },
          ],
          { message: '=HYPERLINK("http://evil.example","x")', companyName: 'Priya & Co <Ltd>' },
        ),
      );
      orderId = res.json().orderId;
      link = res.json().downloadLink;
    });

    it('downloads with the signed link alone, as an .xlsx attachment', async () => {
      const res = await t.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Quotation_${orderId}.xlsx"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });

    it('opened by the signed link (the buyer, or anyone holding it) before a quote: no price, no amount, no total', async () => {
      const listed = (await list(admin))
        .json()
        .orders.find((o: { orderId: number }) => o.orderId === orderId);
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${listed._id}`,
        headers: bearer(buyer.token),
      });
      const detailLink = detail.json().order.excelFilePath.replace('/uploads/', '/api/orders/download/');
      const opened = [
        [link, {}],
        [link, bearer(buyer.token)],
        [link, bearer(other.token)],
        [detailLink, {}],
        [detailLink, bearer(buyer.token)],
      ] as const;
      for (const [url, headers] of opened) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(200);
        const rows = rowsOf((await openWorkbook(res.rawPayload)).getWorksheet('Price Quotation')!);
        const headerIndex = rows.findIndex((r) => r[0] === 'Model No.');
        expect(rows.slice(headerIndex + 1, headerIndex + 6).map((r) => [r[0], r[4], r[5], r[6]])).toEqual([
          ['KR-101', null, 4, null],
          ['PP-202', null, 2, null],
          ['HB-303', null, 1, null],
          ['KR-101', null, 1, null],
          // The TOTAL label is merged across the first five columns.
          ['TOTAL', 'TOTAL', 8, null],
        ]);
        // rowsOf reads a formula as its result or 0: null means the cell is empty, no formula either.
      }
    });

    it('the business copy (an administrator, the signed link or not) has the sheet, letterhead, buyer block, styled header, one row per line with its picture and catalogue price, and a TOTAL', async () => {
      const res = await t.app.inject({ method: 'GET', url: link, headers: bearer(admin.token) });
      const workbook = await openWorkbook(res.rawPayload);
      const sheet = workbook.getWorksheet('Price Quotation')!;
      expect(sheet).toBeDefined();
      const rows = rowsOf(sheet);
      const labelled = (label: string) => rows.find((r) => r[0] === label)?.[1];

      // The business's one name, as the site and the mails write it (not the mail sender's name).
      expect(rows[0]![0]).toBe('Jaipur Jewellery House');
      expect(rows.some((r) => String(r[0]).includes('Jaipur, Rajasthan'))).toBe(true);
      expect(rows.some((r) => String(r[0]).includes('sales@jaipur.example'))).toBe(true);
      expect(rows.some((r) => r[0] === 'PRICE QUOTATION')).toBe(true);
      expect(labelled('Name')).toBe('Priya');
      expect(labelled('Email')).toBe('priya@boutique.example');
      expect(labelled('Mob.')).toBe('+1 555 0100');
      expect(labelled('Company')).toBe('Priya & Co <Ltd>');
      expect(labelled('Company website')).toBe('https://priya.example');
      expect(labelled('Country')).toBe('United States (US)');
      // Stored as text, never as a formula.
      expect(labelled('Message')).toBe('=HYPERLINK("http://evil.example","x")');
      expect(labelled('Ref. No')).toBe(String(orderId));
      expect(labelled('Date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(labelled('Currency')).toBe('USD');

      const headerIndex = rows.findIndex((r) => r[0] === 'Model No.');
      expect(rows[headerIndex]).toEqual([
        'Model No.',
        'Image',
        'Item',
        'Metal',
        'Price',
        'Qty',
        'Amount',
        'Min. order',
        'Note',
      ]);
      const headerCell = sheet.getRow(headerIndex + 1).getCell(1);
      expect(headerCell.font?.bold).toBe(true);
      expect((headerCell.fill as ExcelJS.FillPattern).fgColor?.argb).toBeTruthy();

      const lines = rows.slice(headerIndex + 1, headerIndex + 5);
      expect(lines.map((r) => [r[0], r[2], r[4], r[5], r[6]])).toEqual([
        ['KR-101', 'Kundan Ring', 12.5, 4, 50],
        ['PP-202', 'Polki Pendant', 30, 2, 60],
        ['HB-303', 'Hosted Bangle', 0, 1, 0],
        ['KR-101', 'Kundan Ring', 12.5, 1, 12.5],
      ]);
      const amount = sheet.getRow(headerIndex + 2).getCell(7).value as ExcelJS.CellFormulaValue;
      expect(amount.formula).toBe(`E${headerIndex + 2}*F${headerIndex + 2}`);
      const total = rows[headerIndex + 5]!;
      expect([total[0], total[5], total[6]]).toEqual(['TOTAL', 8, 122.5]);

      // Pictures: one per line that has our image (the hosted one is not fetched), in the Image column.
      const images = sheet.getImages();
      expect(images).toHaveLength(3);
      const anchoredRows = images.map((i) => Math.floor(i.range.tl.nativeRow) + 1).sort((a, b) => a - b);
      expect(anchoredRows).toEqual([headerIndex + 2, headerIndex + 3, headerIndex + 5]);
      expect(images.every((i) => i.range.tl.nativeCol === 1)).toBe(true);
      // The same product's picture is embedded once and reused.
      expect(new Set(images.map((i) => i.imageId)).size).toBe(2);
      const media = workbook.model.media as unknown as { extension: string; buffer: Buffer }[];
      expect(media.every((m) => m.extension === 'png' && m.buffer.subarray(1, 4).toString() === 'PNG')).toBe(
        true,
      );
    });

    it('is rebuilt from the stored order, even after its products are deleted', async () => {
      const temp = await insertProduct(t.database, { name: 'Short Lived', code: 'SL-1', price: 5 });
      const res = await submit(buyer, request([{ productId: temp.id, quantity: 6 }]));
      await deleteProduct(t.database, temp.id);
      const file = await t.app.inject({ method: 'GET', url: res.json().downloadLink });
      expect(file.statusCode).toBe(200);
      const rows = rowsOf((await openWorkbook(file.rawPayload)).getWorksheet('Price Quotation')!);
      expect(rows.some((r) => r[0] === 'SL-1' && r[2] === 'Short Lived' && r[5] === 6)).toBe(true);
    });

    it('without a valid signature: anonymous 401, a buyer 403 (even for their own), an administrator 200', async () => {
      const plain = `/api/orders/download/Quotation_${orderId}.xlsx`;
      const url = new URL(link, 'http://x');
      const sig = url.searchParams.get('sig')!;
      const exp = Number(url.searchParams.get('exp'));
      const variants = [
        plain,
        `${plain}?sig=${sig}x&exp=${exp}`,
        `${plain}?sig=${sig}&exp=${exp + 1}`,
        `/api/orders/download/Quotation_${orderId + 1}.xlsx?sig=${sig}&exp=${exp}`,
      ];
      for (const v of variants) {
        expect((await t.app.inject({ method: 'GET', url: v })).statusCode, v).toBe(401);
        expect((await t.app.inject({ method: 'GET', url: v, headers: bearer(buyer.token) })).statusCode).toBe(
          403,
        );
      }
      const asAdmin = await t.app.inject({ method: 'GET', url: plain, headers: bearer(admin.token) });
      expect(asAdmin.statusCode).toBe(200);
    });

    it('an expired signature no longer works', async () => {
      const expired = await t.app.services.orders.isDownloadSigned(orderId, 'whatever', '1000');
      expect(expired).toBe(false);
      const url = new URL(link, 'http://x');
      const exp = Number(url.searchParams.get('exp'));
      expect(
        await t.app.services.orders.isDownloadSigned(orderId, url.searchParams.get('sig')!, String(exp)),
      ).toBe(true);
      expect(
        await t.app.services.orders.isDownloadSigned(
          orderId,
          url.searchParams.get('sig')!,
          String(exp),
          (exp + 1) * 1000,
        ),
      ).toBe(false);
    });

    it('the list path works once /uploads is swapped for /api/orders/download', async () => {
      const listed = (await list(admin))
        .json()
        .orders.find((o: { orderId: number }) => o.orderId === orderId);
      const res = await t.app.inject({
        method: 'GET',
        url: listed.excelFilePath.replace('/uploads/', '/api/orders/download/'),
      });
      expect(res.statusCode).toBe(200);
    });

    it('no name from a request reaches the file system: anything but Quotation_{n}.xlsx is 404', async () => {
      for (const file of [
        '..%2F..%2Fpackage.json',
        'Quotation_1.xlsx%00.txt',
        'Quotation_01.xlsx',
        'Quotation_-1.xlsx',
        'quotation_1.xlsx',
        'Quotation_99999999.xlsx',
        '%2Fetc%2Fpasswd',
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/orders/download/${file}`,
          headers: bearer(admin.token),
        });
        expect(res.statusCode, file).toBe(404);
        expect(res.json()).toMatchObject({ message: expect.any(String) });
      }
    });
  });

  describe('DELETE /api/orders/{id}', () => {
    it('is for administrators; answers 404 for unknown and malformed ids', async () => {
      const made = (await submit(buyer, request([{ productId: ring.id, quantity: 1 }]))).json().orderId;
      const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, made));
      const url = `/api/orders/${row!.id}`;
      expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(buyer.token) })).statusCode).toBe(
        403,
      );

      const res = await t.app.inject({ method: 'DELETE', url, headers: bearer(admin.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Order deleted' });
      expect(await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, row!.id))).toEqual(
        [],
      );

      const again = await t.app.inject({ method: 'DELETE', url, headers: bearer(admin.token) });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ message: 'Order not found' });
      const malformed = await t.app.inject({
        method: 'DELETE',
        url: '/api/orders/42',
        headers: bearer(admin.token),
      });
      expect(malformed.statusCode).toBe(404);

      const download = await t.app.inject({
        method: 'GET',
        url: `/api/orders/download/Quotation_${made}.xlsx`,
        headers: bearer(admin.token),
      });
      expect(download.statusCode).toBe(404);
    });
  });
});

describe('price request rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '2' });
  });
  afterAll(() => t.close());

  it('limits per account, answers repeats of a key without counting them', async () => {
    const buyer = await createUser(t.database);
    const product = await insertProduct(t.database);
    const body = request([{ productId: product.id, quantity: 1 }]);
    const send = (key: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/submit-order',
        payload: body,
        remoteAddress,
        headers: { ...bearer(buyer.token), 'idempotency-key': key },
      });
    expect((await send('a', '10.5.0.1')).statusCode).toBe(201);
    expect((await send('b', '10.5.0.2')).statusCode).toBe(201);
    expect((await send('a', '10.5.0.3')).statusCode).toBe(201);
    const limited = await send('c', '10.5.0.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many price requests, please try again later');
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
