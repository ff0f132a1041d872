import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { registerErrorHandler } from '../lib/errors.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { createRateLimiter, rateLimitPlugin } from './rate-limit.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rowCount = async () =>
  Number(
    (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM rate_limits`)).rows[0]!.n,
  );

describe('createRateLimiter', () => {
  it('lets `limit` attempts through per address and refuses the next with the seconds left', async () => {
    const limiter = createRateLimiter(database.db, 60);
    for (let i = 0; i < 3; i++) expect(await limiter.consume('login', 3, { ip: '192.0.2.1' })).toBeNull();
    const wait = await limiter.consume('login', 3, { ip: '192.0.2.1' });
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('counts an e-mail across addresses, whatever its case and spaces', async () => {
    const limiter = createRateLimiter(database.db, 60);
    expect(await limiter.consume('login', 2, { ip: '192.0.2.10', email: 'Buyer@Example.com' })).toBeNull();
    expect(await limiter.consume('login', 2, { ip: '192.0.2.11', email: ' buyer@example.com ' })).toBeNull();
    expect(
      await limiter.consume('login', 2, { ip: '192.0.2.12', email: 'BUYER@example.com' }),
    ).not.toBeNull();
    // The other e-mail from the same addresses is still fine: each subject has its own count.
    expect(await limiter.consume('login', 2, { ip: '192.0.2.13', email: 'other@example.com' })).toBeNull();
  });

  it('keeps the counts of the four forms apart, and an empty e-mail counts only the address', async () => {
    const limiter = createRateLimiter(database.db, 60);
    expect(await limiter.consume('register', 1, { ip: '192.0.2.20', email: '' })).toBeNull();
    expect(await limiter.consume('contact', 1, { ip: '192.0.2.20', email: '  ' })).toBeNull();
    expect(await limiter.consume('order', 1, { ip: '192.0.2.20', email: null })).toBeNull();
    expect(await limiter.consume('register', 1, { ip: '192.0.2.21', email: '' })).toBeNull();
    expect(await limiter.consume('register', 1, { ip: '192.0.2.20' })).not.toBeNull();
  });

  it('starts a window again at 1 once it has ended', async () => {
    const limiter = createRateLimiter(database.db, 1);
    expect(await limiter.consume('contact', 1, { ip: '192.0.2.30' })).toBeNull();
    expect(await limiter.consume('contact', 1, { ip: '192.0.2.30' })).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limiter.consume('contact', 1, { ip: '192.0.2.30' })).toBeNull();
  });

  it('stores no e-mail, only a hash of it', async () => {
    const limiter = createRateLimiter(database.db, 60);
    await limiter.consume('login', 5, { ip: '192.0.2.40', email: 'private@example.com' });
    const { rows } = await database.db.execute<{ key: string }>(sql`SELECT key FROM rate_limits`);
    expect(rows.some((r) => r.key.includes('private'))).toBe(false);
    expect(rows.some((r) => r.key.includes('192.0.2.40'))).toBe(false);
    expect(rows.filter((r) => /^login:email:[\w-]{32}$/.test(r.key))).not.toHaveLength(0);
  });

  it('sweeps finished windows at most once a window', async () => {
    const finished = async () =>
      Number(
        (
          await database.db.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM rate_limits WHERE reset_at < now()`,
          )
        ).rows[0]!.n,
      );
    const addFinished = (key: string) =>
      database.db.execute(
        sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES (${key}, 1, now() - interval '1 minute')`,
      );
    await addFinished('old:1');
    const live = await rowCount();
    const limiter = createRateLimiter(database.db, 60);
    await limiter.sweep();
    expect(await finished()).toBe(0);
    expect(await rowCount()).toBeLessThan(live);
    await addFinished('old:2');
    await limiter.sweep();
    expect(await finished()).toBe(1);
  });
});

describe('rateLimitPlugin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    await app.register(rateLimitPlugin, {
      db: database.db,
      windowSeconds: 60,
      limits: {
        login: 1,
        register: 2,
        contact: 1,
        order: 1,
        forgotPassword: 1,
        resetPassword: 1,
        verifyEmail: 1,
        verifyResend: 1,
        changePassword: 1,
        comment: 1,
      },
    });
    app.post('/:form', async (request, reply) => {
      const form = (request.params as { form: 'login' | 'register' | 'contact' | 'order' }).form;
      await app.enforceRateLimit(reply, form, { ip: request.ip });
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['login', 'Too many login attempts, please try again later'],
    ['contact', 'Too many messages sent, please try again later'],
    ['order', 'Too many price requests, please try again later'],
  ])('answers the attempt over the %s limit with 429, its message and Retry-After', async (form, message) => {
    const post = () => app.inject({ method: 'POST', url: `/${form}`, remoteAddress: '198.51.100.7' });
    expect((await post()).statusCode).toBe(200);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(message);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
  });

  it('uses the limit of each form', async () => {
    const post = () => app.inject({ method: 'POST', url: '/register', remoteAddress: '198.51.100.8' });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many sign-up attempts, please try again later');
  });
});
