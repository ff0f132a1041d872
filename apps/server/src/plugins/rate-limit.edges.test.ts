import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
