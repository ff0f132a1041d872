import * as XLSX from '@e965/xlsx';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs } from '../../src/db/schema/content.ts';
import { searchSynonyms } from '../../src/db/schema/products.ts';
import { insertProduct } from '../buyer-fixtures.ts';
import { bearer, buildTestApp, createUser, TEST_PASSWORD, type TestApp, type TestUser } from '../helpers.ts';
import { multipart, sampleImage } from '../image-fixtures.ts';
import { listRoutes, routeKey } from './routes.ts';
import { EXAMPLE_A_COSTING } from '../pricing-fixtures.ts';

/**
 * Every endpoint that needs a session, called by nobody, by the buyer who owns
 * the data, by another buyer and by an administrator, with the exact status of each answer.
 * A route the app serves that is in neither table fails the last test, so a new endpoint cannot
 * ship without a decision about who may call it.
 */

type Who = 'anonymous' | 'buyer' | 'otherBuyer' | 'admin';
type Cell = { anonymous: number; buyer: number; otherBuyer: number; admin: number };
/** Users of one row: fresh for every row, so a logout or a deletion in one cell spoils no other. */
type Actors = { buyer: TestUser; otherBuyer: TestUser; admin: TestUser };
type RequestOf = (t: TestApp, actors: Actors) => Promise<InjectOptions> | InjectOptions;

const ADMIN_ONLY = (ok: number): Cell => ({ anonymous: 401, buyer: 403, otherBuyer: 403, admin: ok });
const ANY_USER = (ok: number): Cell => ({ anonymous: 401, buyer: ok, otherBuyer: ok, admin: ok });
/** The buyer's own data (the enquiry list): nobody else, an administrator included. */
const OWNER_ONLY = (ok: number): Cell => ({ anonymous: 401, buyer: ok, otherBuyer: 403, admin: 403 });
/**
 * A price request's own routes: for anyone but its buyer and the admins it does not exist (404,
 * as an unknown id), so ids are not confirmed; an admin may read it but not decide for its buyer.
 */
const REQUEST_READER = (ok: number): Cell => ({ anonymous: 404, buyer: ok, otherBuyer: 404, admin: ok });
const REQUEST_BUYER = (ok: number): Cell => ({ anonymous: 404, buyer: ok, otherBuyer: 404, admin: 403 });
/**
 * A selection's own routes: its owner or an administrator; another buyer is told it does not
 * exist (404, as an unknown id). Without a session, 401 as every selection endpoint.
 */
const SELECTION_OWNER = (ok: number): Cell => ({ anonymous: 401, buyer: ok, otherBuyer: 404, admin: ok });

const json = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});

const PRODUCT_FIELDS = {
  name: 'Matrix Ring',
  description: 'A ring',
  category: 'Rings',
  subcategory: 'withgemstone',
};
let sequence = 0;
const nextCode = () => `MTX-${process.pid}-${++sequence}`;

/** A product whose gallery has one (external) picture, and that picture's id. */
async function galleryPicture(t: TestApp): Promise<{ productId: string; id: string }> {
  const product = await insertProduct(t.database, { imageUrl: 'https://images.example/ring.jpg' });
  const res = await t.app.inject({ method: 'GET', url: `/api/products/single/${product.id}` });
  return { productId: product.id, id: (res.json() as { images: Array<{ _id: string }> }).images[0]!._id };
}

async function productForm(withImage: boolean): Promise<InjectOptions> {
  const files = withImage
    ? [
        {
          field: 'image',
          filename: 'ring.png',
          contentType: 'image/png',
          data: await sampleImage('png', 40, 40),
        },
      ]
    : [];
  const form = multipart({ ...PRODUCT_FIELDS, code: nextCode() }, files);
  return { payload: form.payload, headers: form.headers };
}

function importWorkbook(): InjectOptions {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['name', 'code', 'description', 'category', 'subcategory', 'image'],
      ['Imported Ring', nextCode(), '', 'Rings', 'withgemstone', null],
    ]),
    'Products',
  );
  const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const form = multipart({}, [
    {
      field: 'file',
      filename: 'products.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data,
    },
  ]);
  return { payload: form.payload, headers: form.headers };
}

async function insertBlog(t: TestApp): Promise<string> {
  const slug = `matrix-${process.pid}-${++sequence}`;
  const [row] = await t.database.db
    .insert(blogs)
    .values({ title: 'Matrix post', slug, content: '<p>Body</p>', excerpt: 'Body' })
    .returning();
  return row!.id;
}

/** A price request of the row's buyer, through the API, so it is exactly what a buyer leaves. */
async function submitOrder(t: TestApp, buyer: TestUser): Promise<{ id: string; orderId: number }> {
  const product = await insertProduct(t.database);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/submit-order',
    headers: bearer(buyer.token),
    payload: orderBody(buyer, product.id),
  });
  expect(res.statusCode).toBe(201);
  const orderId = res.json<{ orderId: number }>().orderId;
  const list = await t.app.inject({ method: 'GET', url: '/api/orders/orders', headers: bearer(adminToken) });
  const order = list
    .json<{ orders: Array<{ _id: string; orderId: number }> }>()
    .orders.find((o) => o.orderId === orderId);
  return { id: order!._id, orderId };
}

/** A request of the row's buyer with a quote: saved as a draft, and sent unless `send` is false. */
async function quotedOrder(
  t: TestApp,
  buyer: TestUser,
  send = true,
): Promise<{ id: string; version: number }> {
  const { id } = await submitOrder(t, buyer);
  const admin = bearer(adminToken);
  const read = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: admin });
  const order = read.json<{ order: { version: number; orderDetails: Array<{ productId: string }> } }>().order;
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/orders/${id}/quote`,
    headers: admin,
    payload: quoteBody(order.version, order.orderDetails[0]!.productId),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  if (!send) return { id, version: order.version + 1 };
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/quote/send`,
    headers: admin,
    payload: { version: order.version + 1 },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, version: order.version + 2 };
}

/** A request of the row's buyer, quoted and accepted by that buyer: an order in production (confirmed). */
async function acceptedOrder(
  t: TestApp,
  buyer: TestUser,
): Promise<{ id: string; version: number; productId: string }> {
  const { id, version } = await quotedOrder(t, buyer);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/accept`,
    headers: bearer(buyer.token),
    payload: { version, revision: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json<{ order: { version: number; orderDetails: Array<{ productId: string }> } }>().order;
  return { id, version: order.version, productId: order.orderDetails[0]!.productId };
}

/** An accepted order moved by an admin through production to packed, so it may be shipped. */
async function packedOrder(
  t: TestApp,
  buyer: TestUser,
): Promise<{ id: string; version: number; productId: string }> {
  const order = await acceptedOrder(t, buyer);
  let version = order.version;
  for (const stage of ['in_production', 'quality_check', 'packed']) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/fulfilment/stage`,
      headers: bearer(adminToken),
      payload: { version, stage },
    });
    expect(res.statusCode, res.body).toBe(200);
    version = res.json<{ order: { version: number } }>().order.version;
  }
  return { ...order, version };
}

/** A design put on the enquiry list of each buyer given, through the API. */
async function designOnLists(t: TestApp, ...buyers: TestUser[]): Promise<string> {
  const product = await insertProduct(t.database);
  for (const buyer of buyers) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: bearer(buyer.token),
      payload: { userId: buyer.id, productId: product.id },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return product.id;
}

/** A selection of the row's buyer (a design of their list), made through the API. */
async function ownSelection(t: TestApp, buyer: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/selections',
    headers: bearer(buyer.token),
    payload: { title: 'Matrix selection', productIds: [await designOnLists(t, buyer)] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ selection: { _id: string } }>().selection._id;
}

/** A link of a selection of the row's buyer. */
async function selectionLink(t: TestApp, buyer: TestUser): Promise<{ id: string; linkId: string }> {
  const id = await ownSelection(t, buyer);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/selections/${id}/links`,
    headers: bearer(buyer.token),
    payload: { recipient: { name: 'Meera' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id, linkId: res.json<{ link: { _id: string } }>().link._id };
}

const RING_COSTING = EXAMPLE_A_COSTING;

const quoteBody = (version: number, productId: string) => ({
  version,
  currency: 'INR',
  lines: [{ productId, unitPrice: 150_000, moq: 10 }],
  leadTimeDays: 14,
});

const orderBody = (buyer: TestUser, productId: string) => ({
  firstName: 'Asha',
  email: buyer.email,
  contactNumber: '+91 98765 43210',
  country: 'IN',
  orderDetails: [{ productId, quantity: 2 }],
});

let adminToken = '';
/** An id no import or job has. */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Endpoints that need a session. One line per endpoint; adding a row is the whole change. */
/** The ids of one attribute list, in order. */
async function attributeIds(t: TestApp, kind: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/attributes' });
  return (res.json() as Record<string, Array<{ id: string }>>)[kind]!.map((v) => v.id);
}

/** A colour no product carries, added by the admin (so removing it may succeed). */
async function newAttributeId(t: TestApp, a: Actors): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/attributes/admin/colour',
    headers: { authorization: `Bearer ${a.admin.token}` },
    payload: { labelEn: `Matrix gone ${++sequence}` },
  });
  return (res.json() as { value: { id: string } }).value.id;
}

const MATRIX: Array<[route: string, cell: Cell, request: RequestOf]> = [
  [
    'POST /api/users/logout',
    { anonymous: 401, buyer: 204, otherBuyer: 204, admin: 204 },
    () => json('POST', '/api/users/logout'),
  ],
  ['GET /api/users/me', ANY_USER(200), () => json('GET', '/api/users/me')],
  ['GET /api/users/all', ADMIN_ONLY(200), () => json('GET', '/api/users/all')],
  [
    'PUT /api/users/me',
    ANY_USER(200),
    () => json('PUT', '/api/users/me', { name: 'Matrix Buyer', contactNumber: '+91 1', country: 'IN' }),
  ],
  [
    'PUT /api/users/me/password',
    ANY_USER(200),
    () =>
      json('PUT', '/api/users/me/password', { currentPassword: TEST_PASSWORD, newPassword: 'matrix new' }),
  ],
  [
    'POST /api/users/logout-all',
    { anonymous: 401, buyer: 204, otherBuyer: 204, admin: 204 },
    () => json('POST', '/api/users/logout-all'),
  ],
  // Accounts made by tests count as verified: the answer says so and sends nothing.
  [
    'POST /api/users/verify-email/resend',
    ANY_USER(200),
    () => json('POST', '/api/users/verify-email/resend'),
  ],
  [
    'PUT /api/users/:id/status',
    ADMIN_ONLY(200),
    (_t, a) => json('PUT', `/api/users/${a.buyer.id}/status`, { status: 'disabled' }),
  ],
  [
    'PUT /api/users/:id/role',
    ADMIN_ONLY(200),
    (_t, a) => json('PUT', `/api/users/${a.otherBuyer.id}/role`, { role: 'admin' }),
  ],
  ['GET /api/cart/:userId', OWNER_ONLY(200), (_t, a) => json('GET', `/api/cart/${a.buyer.id}`)],
  [
    'POST /api/cart/add',
    OWNER_ONLY(200),
    async (t, a) =>
      json('POST', '/api/cart/add', { userId: a.buyer.id, productId: (await insertProduct(t.database)).id }),
  ],
  [
    'PUT /api/cart/quantity',
    OWNER_ONLY(200),
    async (t, a) =>
      json('PUT', '/api/cart/quantity', {
        userId: a.buyer.id,
        productId: (await insertProduct(t.database)).id,
        quantity: 3,
      }),
  ],
  [
    'DELETE /api/cart/remove/:userId/:productId',
    OWNER_ONLY(200),
    async (t, a) => json('DELETE', `/api/cart/remove/${a.buyer.id}/${(await insertProduct(t.database)).id}`),
  ],
  [
    'DELETE /api/cart/clear/:userId',
    OWNER_ONLY(200),
    (_t, a) => json('DELETE', `/api/cart/clear/${a.buyer.id}`),
  ],
  [
    'POST /api/cart/merge',
    OWNER_ONLY(200),
    async (t, a) =>
      json('POST', '/api/cart/merge', {
        userId: a.buyer.id,
        items: [{ productId: (await insertProduct(t.database)).id, quantity: 1 }],
      }),
  ],
  [
    'POST /api/orders/submit-order',
    ANY_USER(201),
    async (t, a) =>
      json('POST', '/api/orders/submit-order', orderBody(a.buyer, (await insertProduct(t.database)).id)),
  ],
  ['GET /api/orders/orders', ADMIN_ONLY(200), () => json('GET', '/api/orders/orders')],
  ['GET /api/orders/mine', ANY_USER(200), () => json('GET', '/api/orders/mine')],
  [
    'GET /api/orders/:id',
    REQUEST_READER(200),
    async (t, a) => json('GET', `/api/orders/${(await submitOrder(t, a.buyer)).id}`),
  ],
  [
    'PUT /api/orders/:id/quote',
    ADMIN_ONLY(200),
    async (t, a) => {
      const { id } = await submitOrder(t, a.buyer);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${id}`,
        headers: bearer(adminToken),
      });
      const order = read.json<{ order: { orderDetails: Array<{ productId: string }> } }>().order;
      return json('PUT', `/api/orders/${id}/quote`, quoteBody(1, order.orderDetails[0]!.productId));
    },
  ],
  [
    'POST /api/orders/:id/quote/send',
    ADMIN_ONLY(200),
    async (t, a) => {
      const { id, version } = await quotedOrder(t, a.buyer, false);
      return json('POST', `/api/orders/${id}/quote/send`, { version });
    },
  ],
  [
    'POST /api/orders/:id/withdraw',
    ADMIN_ONLY(200),
    async (t, a) => {
      const { id, version } = await quotedOrder(t, a.buyer);
      return json('POST', `/api/orders/${id}/withdraw`, { version });
    },
  ],
  [
    'POST /api/orders/:id/accept',
    REQUEST_BUYER(200),
    async (t, a) => {
      const { id, version } = await quotedOrder(t, a.buyer);
      return json('POST', `/api/orders/${id}/accept`, { version, revision: 1 });
    },
  ],
  [
    'POST /api/orders/:id/decline',
    REQUEST_BUYER(200),
    async (t, a) => {
      const { id, version } = await quotedOrder(t, a.buyer);
      return json('POST', `/api/orders/${id}/decline`, { version, revision: 1, reason: 'Too dear' });
    },
  ],
  [
    'POST /api/orders/:id/cancel',
    REQUEST_BUYER(200),
    async (t, a) => json('POST', `/api/orders/${(await submitOrder(t, a.buyer)).id}/cancel`, { version: 1 }),
  ],
  // A quote's files: its buyer and admins (a request not quoted yet has none: 409), others 404.
  [
    'GET /api/orders/:id/quote.pdf',
    REQUEST_READER(409),
    async (t, a) => json('GET', `/api/orders/${(await submitOrder(t, a.buyer)).id}/quote.pdf`),
  ],
  [
    'GET /api/orders/:id/quote.xlsx',
    REQUEST_READER(409),
    async (t, a) => json('GET', `/api/orders/${(await submitOrder(t, a.buyer)).id}/quote.xlsx`),
  ],
  // The proforma invoice of an accepted quote: its buyer and admins (before acceptance 409).
  [
    'GET /api/orders/:id/proforma.pdf',
    REQUEST_READER(409),
    async (t, a) => json('GET', `/api/orders/${(await submitOrder(t, a.buyer)).id}/proforma.pdf`),
  ],
  [
    'GET /api/orders/:id/comments',
    REQUEST_READER(200),
    async (t, a) => json('GET', `/api/orders/${(await submitOrder(t, a.buyer)).id}/comments`),
  ],
  [
    'POST /api/orders/:id/comments',
    REQUEST_READER(201),
    async (t, a) =>
      json('POST', `/api/orders/${(await submitOrder(t, a.buyer)).id}/comments`, { text: 'Any news?' }),
  ],
  ['GET /api/admin/dashboard', ADMIN_ONLY(200), () => json('GET', '/api/admin/dashboard')],
  [
    'GET /api/admin/dashboard/quotes',
    ADMIN_ONLY(200),
    () => json('GET', '/api/admin/dashboard/quotes?weeks=12'),
  ],
  ['GET /api/attributes/admin', ADMIN_ONLY(200), () => json('GET', '/api/attributes/admin')],
  [
    'POST /api/attributes/admin/:kind',
    ADMIN_ONLY(201),
    () => json('POST', '/api/attributes/admin/colour', { labelEn: `Matrix ${++sequence}` }),
  ],
  [
    'PUT /api/attributes/admin/:kind/:id',
    ADMIN_ONLY(200),
    async (t) =>
      json('PUT', `/api/attributes/admin/metal/${(await attributeIds(t, 'metal'))[0]}`, {
        labelEn: 'Brass',
        labelHi: 'पीतल',
      }),
  ],
  [
    'PUT /api/attributes/admin/:kind/order',
    ADMIN_ONLY(200),
    async (t) => json('PUT', '/api/attributes/admin/finish/order', { ids: await attributeIds(t, 'finish') }),
  ],
  [
    'DELETE /api/attributes/admin/:kind/:id',
    ADMIN_ONLY(200),
    async (t, a) => json('DELETE', `/api/attributes/admin/colour/${await newAttributeId(t, a)}`),
  ],
  [
    'GET /api/products/admin/import-template',
    ADMIN_ONLY(200),
    () => json('GET', '/api/products/admin/import-template'),
  ],
  [
    'POST /api/blogs/preview',
    ADMIN_ONLY(200),
    () => json('POST', '/api/blogs/preview', { content: '<p>x</p>' }),
  ],
  // Without a signature the buyer who sent the request is refused too: links are signed for mail.
  [
    'GET /api/orders/download/:file',
    ADMIN_ONLY(200),
    async (t, a) =>
      json('GET', `/api/orders/download/Quotation_${(await submitOrder(t, a.buyer)).orderId}.xlsx`),
  ],
  [
    'DELETE /api/orders/:id',
    ADMIN_ONLY(200),
    async (t, a) => json('DELETE', `/api/orders/${(await submitOrder(t, a.buyer)).id}`),
  ],
  [
    'GET /api/products/admin/paginated',
    ADMIN_ONLY(200),
    () => json('GET', '/api/products/admin/paginated?page=1&search=ring'),
  ],
  [
    'POST /api/products/admin/add',
    ADMIN_ONLY(201),
    async () => ({ method: 'POST', url: '/api/products/admin/add', ...(await productForm(true)) }),
  ],
  [
    'PUT /api/products/admin/:id',
    ADMIN_ONLY(200),
    async (t) => ({
      method: 'PUT',
      url: `/api/products/admin/${(await insertProduct(t.database)).id}`,
      ...(await productForm(false)),
    }),
  ],
  [
    'DELETE /api/products/admin/:id',
    ADMIN_ONLY(200),
    async (t) => json('DELETE', `/api/products/admin/${(await insertProduct(t.database)).id}`),
  ],
  [
    'POST /api/products/admin/:id/images',
    ADMIN_ONLY(201),
    async (t) => ({
      method: 'POST',
      url: `/api/products/admin/${(await insertProduct(t.database)).id}/images`,
      ...(await productForm(true)),
    }),
  ],
  [
    'PUT /api/products/admin/:id/images/order',
    ADMIN_ONLY(200),
    async (t) => {
      const picture = await galleryPicture(t);
      return json('PUT', `/api/products/admin/${picture.productId}/images/order`, { ids: [picture.id] });
    },
  ],
  [
    'PUT /api/products/admin/:id/images/:imageId',
    ADMIN_ONLY(200),
    async (t) => {
      const picture = await galleryPicture(t);
      return json('PUT', `/api/products/admin/${picture.productId}/images/${picture.id}`, { alt: 'Ring' });
    },
  ],
  [
    'DELETE /api/products/admin/:id/images/:imageId',
    ADMIN_ONLY(200),
    async (t) => {
      const picture = await galleryPicture(t);
      return json('DELETE', `/api/products/admin/${picture.productId}/images/${picture.id}`);
    },
  ],
  [
    'POST /api/products/admin/uploadexcel',
    ADMIN_ONLY(200),
    () => ({ method: 'POST', url: '/api/products/admin/uploadexcel?dryRun=1', ...importWorkbook() }),
  ],
  ['GET /api/admin/catalogue/export', ADMIN_ONLY(200), () => json('GET', '/api/admin/catalogue/export')],
  [
    'POST /api/admin/catalogue/imports/jobs',
    ADMIN_ONLY(202),
    () => {
      const form = importWorkbook();
      const payload = (form.payload as Buffer).toString('latin1').replace('name="file"', 'name="workbook"');
      return {
        method: 'POST',
        url: '/api/admin/catalogue/imports/jobs',
        headers: form.headers,
        payload: Buffer.from(payload, 'latin1'),
      };
    },
  ],
  [
    'GET /api/admin/catalogue/imports/jobs/:id',
    ADMIN_ONLY(404),
    () => json('GET', `/api/admin/catalogue/imports/jobs/${UNKNOWN_ID}`),
  ],
  [
    'POST /api/admin/catalogue/imports/jobs/:id/apply',
    ADMIN_ONLY(404),
    () => json('POST', `/api/admin/catalogue/imports/jobs/${UNKNOWN_ID}/apply`),
  ],
  [
    'GET /api/admin/catalogue/imports/jobs/:id/errors',
    ADMIN_ONLY(404),
    () => json('GET', `/api/admin/catalogue/imports/jobs/${UNKNOWN_ID}/errors`),
  ],
  ['GET /api/admin/catalogue/imports', ADMIN_ONLY(200), () => json('GET', '/api/admin/catalogue/imports')],
  [
    'POST /api/admin/catalogue/imports/:id/undo',
    ADMIN_ONLY(404),
    () => json('POST', `/api/admin/catalogue/imports/${UNKNOWN_ID}/undo`),
  ],
  [
    'POST /api/quick-order/parse',
    ANY_USER(200),
    () => json('POST', '/api/quick-order/parse', { text: 'RG-1 x 2' }),
  ],
  [
    'POST /api/quick-order/add',
    ANY_USER(200),
    async (t) =>
      json('POST', '/api/quick-order/add', {
        lines: [{ productId: (await insertProduct(t.database)).id, pieces: 2 }],
      }),
  ],
  [
    // Its buyer only; for anyone else signed in, an administrator included, the request does not exist.
    'POST /api/orders/:id/again',
    { anonymous: 401, buyer: 200, otherBuyer: 404, admin: 404 },
    async (t, a) => json('POST', `/api/orders/${(await submitOrder(t, a.buyer)).id}/again`),
  ],
  [
    'GET /api/admin/orders/on-behalf/buyers',
    ADMIN_ONLY(200),
    () => json('GET', '/api/admin/orders/on-behalf/buyers?q=a'),
  ],
  [
    'POST /api/admin/orders/on-behalf',
    ADMIN_ONLY(201),
    async (t, a) =>
      json('POST', '/api/admin/orders/on-behalf', {
        userId: a.buyer.id,
        lines: [{ productId: (await insertProduct(t.database)).id, quantity: 3 }],
        note: 'by phone',
      }),
  ],
  ['GET /api/search/synonyms', ADMIN_ONLY(200), () => json('GET', '/api/search/synonyms')],
  [
    'POST /api/search/synonyms',
    ADMIN_ONLY(201),
    () =>
      json('POST', '/api/search/synonyms', { term: `matrix-${process.pid}-${++sequence}`, meaning: 'ring' }),
  ],
  [
    'PUT /api/search/synonyms/:id',
    ADMIN_ONLY(200),
    async (t) =>
      json('PUT', `/api/search/synonyms/${await insertSynonym(t)}`, {
        term: `matrix-${process.pid}-${++sequence}`,
        meaning: 'bangle',
      }),
  ],
  [
    'DELETE /api/search/synonyms/:id',
    ADMIN_ONLY(200),
    async (t) => json('DELETE', `/api/search/synonyms/${await insertSynonym(t)}`),
  ],
  [
    'GET /api/blogs/id/:id',
    ADMIN_ONLY(200),
    async (t) => json('GET', `/api/blogs/id/${await insertBlog(t)}`),
  ],
  [
    'POST /api/blogs/create',
    ADMIN_ONLY(201),
    () => json('POST', '/api/blogs/create', { title: `Matrix ${++sequence}`, content: '<p>Hello</p>' }),
  ],
  [
    'PUT /api/blogs/:id',
    ADMIN_ONLY(200),
    async (t) =>
      json('PUT', `/api/blogs/${await insertBlog(t)}`, { title: 'Renamed', content: '<p>New</p>' }),
  ],
  [
    'DELETE /api/blogs/:id',
    ADMIN_ONLY(200),
    async (t) => json('DELETE', `/api/blogs/${await insertBlog(t)}`),
  ],
  // The business's GSTIN, IEC and bank details, printed on proforma invoices: administrators only.
  ['GET /api/admin/business-settings', ADMIN_ONLY(200), () => json('GET', '/api/admin/business-settings')],
  [
    'PUT /api/admin/business-settings',
    ADMIN_ONLY(200),
    () =>
      json('PUT', '/api/admin/business-settings', {
        gstin: '08ABCDE1234F1Z5',
        iec: 'ABCDE1234F',
        bank: {
          name: 'State Bank of India',
          accountName: 'Jaipur Jewellery House',
          accountNumber: '301234567890',
          ifsc: 'SBIN0001234',
          swift: 'SBININBB',
        },
      }),
  ],
  // Jewellery pricing: rates and costings are the administrators' alone.
  ['GET /api/rates', ADMIN_ONLY(200), () => json('GET', '/api/rates')],
  [
    'POST /api/rates',
    ADMIN_ONLY(201),
    () => json('POST', '/api/rates', { metal: 'silver', perKgFine: 9_500_000 }),
  ],
  ['GET /api/rates/history', ADMIN_ONLY(200), () => json('GET', '/api/rates/history?metal=silver')],
  [
    'POST /api/rates/fx',
    ADMIN_ONLY(201),
    () => json('POST', '/api/rates/fx', { currency: 'USD', inrPerUnit: 8450 }),
  ],
  [
    'GET /api/products/admin/:id/costing',
    ADMIN_ONLY(200),
    async (t) => json('GET', `/api/products/admin/${(await insertProduct(t.database)).id}/costing`),
  ],
  [
    'PUT /api/products/admin/:id/costing',
    ADMIN_ONLY(200),
    async (t) =>
      json('PUT', `/api/products/admin/${(await insertProduct(t.database)).id}/costing`, RING_COSTING),
  ],
  [
    'POST /api/orders/:id/quote/requote',
    ADMIN_ONLY(200),
    async (t, a) => {
      const { id, version } = await quotedOrder(t, a.buyer);
      return json('POST', `/api/orders/${id}/quote/requote`, { version });
    },
  ],
  // Orders after acceptance: the buyer and the admins read, only the admins write.
  [
    'GET /api/orders/:id/fulfilment',
    REQUEST_READER(200),
    async (t, a) => json('GET', `/api/orders/${(await acceptedOrder(t, a.buyer)).id}/fulfilment`),
  ],
  [
    'PUT /api/orders/:id/fulfilment',
    ADMIN_ONLY(200),
    async (t, a) => {
      const { id, version } = await acceptedOrder(t, a.buyer);
      return json('PUT', `/api/orders/${id}/fulfilment`, {
        version,
        expectedShipDate: '2030-01-15',
        poNumber: 'PO-1',
      });
    },
  ],
  [
    'POST /api/orders/:id/fulfilment/stage',
    ADMIN_ONLY(200),
    async (t, a) => {
      const { id, version } = await acceptedOrder(t, a.buyer);
      return json('POST', `/api/orders/${id}/fulfilment/stage`, { version, stage: 'in_production' });
    },
  ],
  [
    'POST /api/orders/:id/fulfilment/shipments',
    ADMIN_ONLY(201),
    async (t, a) => {
      const { id, version, productId } = await packedOrder(t, a.buyer);
      return json('POST', `/api/orders/${id}/fulfilment/shipments`, {
        version,
        lines: [{ productId, quantity: 2 }],
        courier: 'BlueDart',
        trackingNumber: 'BD123456789IN',
      });
    },
  ],
  [
    'POST /api/orders/:id/fulfilment/photos',
    ADMIN_ONLY(201),
    async (t, a) => {
      const form = multipart({}, [
        { field: 'image', filename: 'qc.jpg', contentType: 'image/jpeg', data: await sampleImage('jpeg') },
      ]);
      return {
        method: 'POST',
        url: `/api/orders/${(await acceptedOrder(t, a.buyer)).id}/fulfilment/photos`,
        payload: form.payload,
        headers: form.headers,
      };
    },
  ],
  ['GET /api/admin/fulfilment', ADMIN_ONLY(200), () => json('GET', '/api/admin/fulfilment')],
  [
    'GET /api/admin/fulfilment/export.xlsx',
    ADMIN_ONLY(200),
    () => json('GET', '/api/admin/fulfilment/export.xlsx'),
  ],
  ['GET /api/admin/fulfilment/figures', ADMIN_ONLY(200), () => json('GET', '/api/admin/fulfilment/figures')],
  // Selections shared by link: each caller their own (an admin every one); another buyer's is unknown.
  [
    'POST /api/selections',
    ANY_USER(201),
    async (t, a) =>
      json('POST', '/api/selections', {
        title: 'Matrix selection',
        productIds: [await designOnLists(t, a.buyer, a.otherBuyer)],
      }),
  ],
  ['GET /api/selections', ANY_USER(200), () => json('GET', '/api/selections')],
  ['GET /api/selections/follow-ups', ANY_USER(200), () => json('GET', '/api/selections/follow-ups')],
  [
    'GET /api/selections/:id',
    SELECTION_OWNER(200),
    async (t, a) => json('GET', `/api/selections/${await ownSelection(t, a.buyer)}`),
  ],
  [
    'PUT /api/selections/:id',
    SELECTION_OWNER(200),
    async (t, a) => json('PUT', `/api/selections/${await ownSelection(t, a.buyer)}`, { title: 'Renamed' }),
  ],
  [
    'DELETE /api/selections/:id',
    SELECTION_OWNER(200),
    async (t, a) => json('DELETE', `/api/selections/${await ownSelection(t, a.buyer)}`),
  ],
  [
    'POST /api/selections/:id/links',
    SELECTION_OWNER(201),
    async (t, a) =>
      json('POST', `/api/selections/${await ownSelection(t, a.buyer)}/links`, {
        recipient: { name: 'Meera' },
      }),
  ],
  [
    'POST /api/selections/:id/links/:linkId/revoke',
    SELECTION_OWNER(200),
    async (t, a) => {
      const { id, linkId } = await selectionLink(t, a.buyer);
      return json('POST', `/api/selections/${id}/links/${linkId}/revoke`);
    },
  ],
  [
    'POST /api/selections/:id/links/:linkId/email',
    SELECTION_OWNER(200),
    async (t, a) => {
      const id = await ownSelection(t, a.buyer);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/selections/${id}/links`,
        headers: bearer(a.buyer.token),
        payload: { recipient: { name: 'Meera', email: 'meera@example.com' } },
      });
      const { link } = res.json<{ link: { _id: string; token: string } }>();
      return json('POST', `/api/selections/${id}/links/${link._id}/email`, { token: link.token });
    },
  ],
  // Which selection a price request followed: the admin's order view.
  [
    'GET /api/selections/orders/:orderId',
    ADMIN_ONLY(200),
    () => json('GET', '/api/selections/orders/00000000-0000-4000-8000-000000000000'),
  ],
  [
    'GET /api/selections/:id/activity',
    SELECTION_OWNER(200),
    async (t, a) => json('GET', `/api/selections/${await ownSelection(t, a.buyer)}/activity`),
  ],
  // The enquiry list as a line sheet: its owner, or an administrator preparing it for them.
  [
    'GET /api/cart/:userId/linesheet.pdf',
    { anonymous: 401, buyer: 200, otherBuyer: 403, admin: 200 },
    (_t, a) => json('GET', `/api/cart/${a.buyer.id}/linesheet.pdf`),
  ],
  [
    'GET /api/cart/:userId/linesheet.xlsx',
    { anonymous: 401, buyer: 200, otherBuyer: 403, admin: 200 },
    (_t, a) => json('GET', `/api/cart/${a.buyer.id}/linesheet.xlsx`),
  ],
];

async function insertSynonym(t: TestApp): Promise<string> {
  const [row] = await t.database.db
    .insert(searchSynonyms)
    .values({ term: `matrix-${process.pid}-${++sequence}`, meaning: 'ring' })
    .returning({ id: searchSynonyms.id });
  return row!.id;
}

/** Endpoints anyone may call, with a request that shows an anonymous caller is let in. */
const PUBLIC: Array<[route: string, url: string]> = [
  ['GET /api/attributes', '/api/attributes'],
  ['GET /healthz', '/healthz'],
  ['GET /readyz', '/readyz'],
  ['GET /robots.txt', '/robots.txt'],
  ['GET /sitemap.xml', '/sitemap.xml'],
  ['GET /sitemap-:part.xml', '/sitemap-1.xml'],
  ['GET /api/docs', '/api/docs'],
  ['GET /api/docs/openapi.json', '/api/docs/openapi.json'],
  ['GET /api/docs/json', '/api/docs/json'],
  ['GET /api/docs/yaml', '/api/docs/yaml'],
  ['GET /api/docs/static/index.html', '/api/docs/static/index.html'],
  ['GET /api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-initializer.js'],
  ['GET /api/docs*', '/api/docs/static/swagger-ui.css'],
  ['GET /api/geo', '/api/geo'],
  ['POST /api/users/register', '/api/users/register'],
  ['POST /api/users/login', '/api/users/login'],
  ['POST /api/users/forgot-password', '/api/users/forgot-password'],
  ['POST /api/users/reset-password', '/api/users/reset-password'],
  ['POST /api/users/verify-email', '/api/users/verify-email'],
  ['POST /api/contact/send', '/api/contact/send'],
  ['GET /api/products', '/api/products'],
  ['GET /api/products/paginated', '/api/products/paginated'],
  ['GET /api/products/product', '/api/products/product?search=ring'],
  ['GET /api/products/category/:category', '/api/products/category/Rings'],
  ['GET /api/products/category/:category/paginated', '/api/products/category/Rings/paginated'],
  [
    'GET /api/products/categorys/:category/subcategory/:subcategory',
    '/api/products/categorys/Rings/subcategory/withgemstone',
  ],
  [
    'GET /api/products/categorys/:category/subcategory/:subcategory/paginated',
    '/api/products/categorys/Rings/subcategory/withgemstone/paginated',
  ],
  ['GET /api/search', '/api/search?q=ring'],
  ['GET /api/products/single/:id', '/api/products/single/00000000-0000-4000-8000-000000000000'],
  ['GET /api/blogs', '/api/blogs'],
  ['GET /api/blogs/:slug', '/api/blogs/no-such-post'],
  ['GET /media/:id', '/media/00000000-0000-4000-8000-000000000000'],
  ['GET /uploads/:file', '/uploads/missing.jpg'],
  // A selection's link: whoever holds the token (an unknown one is 404, as for anyone).
  ['GET /api/s/:token', '/api/s/no-such-token'],
  ['POST /api/s/:token/events', '/api/s/no-such-token/events'],
  ['GET /s/:token/preview.jpg', '/s/no-such-token/preview.jpg'],
  ['GET /s/:token/linesheet.pdf', '/s/no-such-token/linesheet.pdf'],
  ['GET /s/:token/linesheet.xlsx', '/s/no-such-token/linesheet.xlsx'],
];

describe('authorisation matrix', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      RATE_LIMIT_ORDER: '1000',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_CONTACT: '1000',
    });
    adminToken = (await createUser(t.database, { role: 'admin' })).token;
  });
  afterAll(() => t?.close());

  describe.each(MATRIX)('%s', (route, cell, requestOf) => {
    it.each(['anonymous', 'buyer', 'otherBuyer', 'admin'] as Who[])('as %s', async (who) => {
      const actors: Actors = {
        buyer: await createUser(t.database),
        otherBuyer: await createUser(t.database),
        admin: await createUser(t.database, { role: 'admin' }),
      };
      const request = await requestOf(t, actors);
      expect(routeKey(String(request.method), String(request.url).split('?')[0]!)).toSatisfy((key: string) =>
        listRoutes(t.app).some((r) => matches(r, key)),
      );
      const token = who === 'anonymous' ? null : actors[who].token;
      const res = await t.app.inject({
        ...request,
        headers: { ...(request.headers as object), ...(token ? bearer(token) : {}) },
      });
      expect(res.statusCode, res.body).toBe(cell[who]);
      if (res.statusCode === 401)
        expect(res.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      if (res.statusCode === 403) expect(res.json()).toEqual({ message: 'Forbidden', code: 'FORBIDDEN' });
    });
  });

  it.each(MATRIX)(
    '%s: an anonymous caller with a malformed body or a forged token is refused before anything else',
    async (route, cell) => {
      const [method, path] = route.split(' ') as [InjectOptions['method'], string];
      const url = path.replace(/:[^/]+/g, 'not-an-id');
      for (const headers of [
        {},
        { authorization: 'Bearer forged-token-0123456789abcdef' },
        { authorization: 'Basic YWRtaW46YWRtaW4=' },
      ]) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{"userId":',
        });
        // 401, or for a price request's own routes the 404 of an id that does not exist.
        expect(res.statusCode, `${route} ${res.body}`).toBe(cell.anonymous);
      }
    },
  );

  it('a revoked session is refused everywhere it was accepted', async () => {
    const buyer = await createUser(t.database);
    await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(buyer.token) });
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(buyer.token) });
    expect(res.statusCode).toBe(401);
  });

  it('public endpoints let an anonymous caller in', async () => {
    for (const [route, url] of PUBLIC) {
      const method = route.split(' ')[0] as InjectOptions['method'];
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect([401, 403], `${route} answered ${res.statusCode}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${route} ${res.body}`).toBeLessThan(500);
    }
  });

  it('every route the app serves has a row in one of the two tables', () => {
    const known = new Set([
      ...MATRIX.map(([r]) => routeKey(...split(r))),
      ...PUBLIC.map(([r]) => routeKey(...split(r))),
    ]);
    const missing = listRoutes(t.app).filter((r) => !known.has(r));
    expect(missing, 'add a row to MATRIX (needs a session) or PUBLIC (anyone)').toEqual([]);
    // And no stale rows: each row names a route that exists.
    expect([...known].filter((k) => !listRoutes(t.app).includes(k))).toEqual([]);
  });
});

const split = (route: string) => route.split(' ') as [string, string];
/** A concrete request path against a route key (parameters match any one segment). */
function matches(routeKeyWithParams: string, concrete: string): boolean {
  const [m1, p1] = routeKeyWithParams.split(' ') as [string, string];
  const [m2, p2] = concrete.split(' ') as [string, string];
  if (m1 !== m2) return false;
  const pattern = new RegExp(`^${p1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:p/g, '[^/]+')}$`);
  return pattern.test(p2);
}
