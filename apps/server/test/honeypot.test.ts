import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { contactMessages } from '../src/db/schema/content.ts';
import { orders } from '../src/db/schema/orders.ts';
import { parseEnv } from '../src/env.ts';
import { insertProduct, outboxRows } from './buyer-fixtures.ts';
import { bearer, createTestDatabase, createUser, type TestUser } from './helpers.ts';

/** The forms' hidden field: a bot fills it, a person never sees it. */
describe('honeypot on the contact form and the price request', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  let buyer: TestUser;
  let productId: string;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-honeypot-'));
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      RATE_LIMIT_CONTACT: '1000',
      RATE_LIMIT_ORDER: '1000',
    });
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ env, database, logger: { level: 'info', stream } });
    await app.ready();
    buyer = await createUser(database);
    productId = (await insertProduct(database, { name: 'Kundan Ring', code: 'HP-1' })).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const contact = {
    name: 'Lena Fischer',
    email: 'lena@example.de',
    contactNumber: '+49 30 1234567',
    country: 'DE',
    message: 'Do you make silver toe rings?',
  };
  const priceRequest = () => ({
    firstName: 'Asha',
    email: buyer.email,
    contactNumber: '+91 98765 43210',
    country: 'IN',
    orderDetails: [{ productId, quantity: 2 }],
  });
  const counts = async () => ({
    contact: (await database.db.select().from(contactMessages)).length,
    orders: (await database.db.select().from(orders)).length,
    mail: (await outboxRows(database)).length,
  });
  const drops = (form: string) =>
    lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.form === form && l.honeypot);
  const shapeOf = (body: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v]));

  it('answers a filled contact form exactly like a success, stores and mails nothing, and counts it', async () => {
    const before = await counts();
    const send = (payload: object) => app.inject({ method: 'POST', url: '/api/contact/send', payload });
    const caught = await send({ ...contact, website: 'http://spam.example' });
    const second = await send({ ...contact, message: '', website: 'buy now' });
    expect(await counts()).toEqual(before);
    const real = await send({ ...contact, website: '' });
    expect(real.statusCode).toBe(201);
    expect(caught.statusCode).toBe(real.statusCode);
    expect(caught.json()).toEqual(real.json());
    // Even an invalid body: the bot is not told which fields it got wrong.
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(real.json());
    const after = await counts();
    expect(after.contact).toBe(before.contact + 1);
    expect(drops('contact form').map((l) => [l.level, l.dropped])).toEqual([
      [40, 1],
      [40, 2],
    ]);
  });

  it('answers a filled price request like a success, numbers, stores and mails nothing, and counts it', async () => {
    const before = await counts();
    const caught = await app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      headers: bearer(buyer.token),
      payload: { ...priceRequest(), website: 'http://spam.example' },
    });
    expect(await counts()).toEqual(before);
    const real = await app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      headers: bearer(buyer.token),
      payload: priceRequest(),
    });
    expect(real.statusCode).toBe(201);
    expect(caught.statusCode).toBe(201);
    expect(shapeOf(caught.json())).toEqual(shapeOf(real.json()));
    expect(caught.json()).toMatchObject({ success: true, message: real.json().message });
    // The real request got the first order number: the bot's consumed none.
    expect(real.json().orderId).toBe(1);
    expect((await counts()).orders).toBe(before.orders + 1);
    expect(drops('price request').map((l) => l.dropped)).toEqual([1]);
  });

  it('still needs a session for a price request, honeypot or not', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      payload: { ...priceRequest(), website: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
