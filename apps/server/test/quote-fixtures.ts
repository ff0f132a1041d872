import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../src/db/schema/orders.ts';
import { bearer, createUser, type TestApp, type TestUser } from './helpers.ts';
import { insertProduct, type TestProduct } from './buyer-fixtures.ts';
import { EXAMPLE_A_COSTING, EXAMPLE_B_COSTING } from './pricing-fixtures.ts';

/** The set-up the quotation tests share: who asks, what is priced, a request, a quote sent. */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * `call(user, method, url, payload)`: a request to the test app as `user` (anonymous when null).
 * The app is read when called, so the caller can be made before `beforeAll` builds it.
 */
export const caller =
  (app: () => TestApp) =>
  (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app().app.inject({
      method,
      url,
      headers: user ? bearer(user.token) : {},
      ...(payload ? { payload } : {}),
    });

/** A buyer and an admin, by the names the test gives them. */
export const buyerAndAdmin = (t: TestApp, buyer: string, admin: string) =>
  Promise.all([
    createUser(t.database, { name: buyer }),
    createUser(t.database, { role: 'admin', name: admin }),
  ]);

/**
 * The pricing examples ready to quote: the ring of example A and the earrings of example B with
 * their costings, silver at ₹95,000 a kg fine (IBJA) and the US$ at ₹84.50 (RBI).
 */
export async function pricedExamples(t: TestApp, admin: TestUser) {
  const call = caller(() => t);
  const ring = await insertProduct(t.database, { name: 'Sterling Ring', code: 'RG-A' });
  const earrings = await insertProduct(t.database, { name: 'Brass Earrings', code: 'ER-B' });
  for (const [product, costing] of [
    [ring, EXAMPLE_A_COSTING],
    [earrings, EXAMPLE_B_COSTING],
  ] as const)
    expect((await call(admin, 'PUT', `/api/products/admin/${product.id}/costing`, costing)).statusCode).toBe(
      200,
    );
  await call(admin, 'POST', '/api/rates', { metal: 'silver', perKgFine: 9_500_000, source: 'IBJA' });
  await call(admin, 'POST', '/api/rates/fx', { currency: 'USD', inrPerUnit: 8450, source: 'RBI' });
  return { ring, earrings };
}

/** The lines of a request: each product with its quantity. */
export const requestLines = (lines: [TestProduct, number][]) =>
  lines.map(([p, quantity]) => ({ productId: p.id, quantity }));

/**
 * A price request as `buyer` submits it (Asha, asha@retail.example, unless told otherwise): its
 * id and its number.
 */
export async function submitRequest(
  t: TestApp,
  buyer: TestUser,
  request: {
    country: string;
    orderDetails: { productId: string; quantity: number }[];
    firstName?: string;
    email?: string;
    companyName?: string;
  },
): Promise<{ id: string; orderId: number }> {
  const res = await caller(() => t)(buyer, 'POST', '/api/orders/submit-order', {
    firstName: 'Asha',
    email: 'asha@retail.example',
    contactNumber: '+91 98765 43210',
    ...request,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderNumber, res.json().orderId));
  return { id: row!.id, orderId: res.json().orderId as number };
}

/** Saves the quote (`body` with its `version`) and sends it: the request after sending. */
export async function saveAndSend(t: TestApp, admin: TestUser, id: string, body: Json): Promise<Json> {
  const call = caller(() => t);
  const saved = await call(admin, 'PUT', `/api/orders/${id}/quote`, body);
  expect(saved.statusCode, saved.body).toBe(200);
  const sent = await call(admin, 'POST', `/api/orders/${id}/quote/send`, {
    version: saved.json().order.version,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().order;
}
