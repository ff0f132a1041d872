import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { registerErrorHandler } from '../lib/errors.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { createRateLimiter, rateLimitPlugin, type RateLimitName } from './rate-limit.ts';

/*
 * The rate limits at the edges the main tests leave open (found by mutation testing): the
 * message of every form, limits per account, a form with its own window, and the worst wait of
 * several subjects.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const countOf = async (key: string) =>
  Number(
    (
      await database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM rate_limits WHERE key = ${key}`,
      )
    ).rows[0]!.n,
  );

afterEach(() => vi.restoreAllMocks());

describe('e-mails and sweeps', () => {
  it('folds an e-mail to lower case, not to upper case', async () => {
    const limiter = createRateLimiter(database.db, 60);
    // Upper-cased, both would read STRASSE; lower-cased, they stay two addresses.
    expect(await limiter.consume('login', 1, { ip: '192.0.2.80', email: 'STRASSE@example.com' })).toBeNull();
    expect(await limiter.consume('login', 1, { ip: '192.0.2.81', email: 'straße@example.com' })).toBeNull();
  });

  it('sweeps again once a whole window has passed since the last sweep, to the millisecond', async () => {
    const limiter = createRateLimiter(database.db, 60);
    const start = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(start);
    await limiter.sweep();
    await database.db.execute(
      sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES ('old:edge', 1, now() - interval '1 minute')`,
    );
    vi.spyOn(Date, 'now').mockReturnValue(start + 59_999);
    await limiter.sweep();
    expect(await countOf('old:edge')).toBe(1);
    vi.spyOn(Date, 'now').mockReturnValue(start + 60_000);
    await limiter.sweep();
    expect(await countOf('old:edge')).toBe(0);
  });

  it('a failed sweep is logged as a warning with its error, and the request goes on', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    registerErrorHandler(app);
    // The first statement of a request counts the hit; the second, the sweep, fails.
    let calls = 0;
    const db = new Proxy(database.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver);
        return (query: Parameters<typeof target.execute>[0]) =>
          ++calls === 2 ? Promise.reject(new Error('sweep broke')) : target.execute(query);
      },
    });
    await app.register(rateLimitPlugin, {
      db,
      windowSeconds: 60,
      limits: {
        login: 5,
        register: 5,
        contact: 5,
        order: 5,
        forgotPassword: 5,
        resetPassword: 5,
        verifyEmail: 5,
        verifyResend: 5,
        changePassword: 5,
        comment: 5,
      },
    });
    app.post('/contact', async (_request, reply) => {
      await app.enforceRateLimit(reply, 'contact', { ip: '198.51.100.99' });
      return { ok: true };
    });
    await app.ready();
    const res = await app.inject({ method: 'POST', url: '/contact' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await app.close();
    expect(res.statusCode).toBe(200);
    const warning = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'rate limit sweep failed');
    expect(warning).toMatchObject({ level: 40, err: { message: 'sweep broke' } });
  });
});

describe('limits per account', () => {
  it('counts an account across addresses, apart from the same text as an address', async () => {
    const limiter = createRateLimiter(database.db, 60);
    expect(await limiter.consume('verifyResend', 2, { account: 'acct-1' })).toBeNull();
    expect(await limiter.consume('verifyResend', 2, { account: 'acct-1' })).toBeNull();
    expect(await limiter.consume('verifyResend', 2, { account: 'acct-1' })).not.toBeNull();
    // Another account, and an address spelled like the account, have counts of their own.
    expect(await limiter.consume('verifyResend', 2, { account: 'acct-2' })).toBeNull();
    expect(await limiter.consume('verifyResend', 2, { ip: 'acct-1' })).toBeNull();
  });

  it('answers the longest wait when several subjects are over their limit', async () => {
    const limiter = createRateLimiter(database.db, 60);
    // The address's window started an hour-long one; the e-mail's a minute-long one.
    expect(await limiter.consume('login', 1, { ip: '192.0.2.90' }, 3600)).toBeNull();
    expect(await limiter.consume('login', 1, { ip: '192.0.2.91', email: 'wait@example.com' })).toBeNull();
    const wait = await limiter.consume('login', 1, { ip: '192.0.2.90', email: 'wait@example.com' });
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
  });
});

describe('rateLimitPlugin: every form, and forms with their own window', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    await app.register(rateLimitPlugin, {
      db: database.db,
      windowSeconds: 60,
      limits: {
        login: 1,
        register: 1,
        contact: 1,
        order: 1,
        forgotPassword: 1,
        resetPassword: 1,
        verifyEmail: 1,
        verifyResend: 1,
        changePassword: 1,
        comment: 1,
      },
      windows: { verifyResend: 3600 },
    });
    app.post('/:form', async (request, reply) => {
      const form = (request.params as { form: RateLimitName }).form;
      await app.enforceRateLimit(reply, form, { ip: request.ip });
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['forgotPassword', 'Too many password reset requests, please try again later'],
    ['resetPassword', 'Too many password reset attempts, please try again later'],
    ['verifyEmail', 'Too many verification attempts, please try again later'],
    ['verifyResend', 'Too many verification e-mails requested, please try again later'],
    ['changePassword', 'Too many password change attempts, please try again later'],
    ['comment', 'Too many comments, please try again later'],
  ])('the attempt over the %s limit is 429 with its own message', async (form, message) => {
    const post = () => app.inject({ method: 'POST', url: `/${form}`, remoteAddress: '198.51.100.70' });
    expect((await post()).statusCode).toBe(200);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message, code: 'RATE_LIMITED' });
  });

  it('a form with its own window counts over that window, the others over the common one', async () => {
    const post = (form: string) =>
      app.inject({ method: 'POST', url: `/${form}`, remoteAddress: '198.51.100.71' });
    await post('verifyResend');
    const ownWindow = Number((await post('verifyResend')).headers['retry-after']);
    expect(ownWindow).toBeGreaterThan(3500);
    expect(ownWindow).toBeLessThanOrEqual(3600);
    await post('verifyEmail');
    const common = Number((await post('verifyEmail')).headers['retry-after']);
    expect(common).toBeGreaterThanOrEqual(59);
    expect(common).toBeLessThanOrEqual(60);
  });
});
