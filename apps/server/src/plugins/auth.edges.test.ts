import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema/users.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import {
  buildTestApp,
  createTestDatabase,
  createUser,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts';
import { authPlugin, findViewerByCookie, findViewerByToken } from './auth.ts';

/*
 * The session rules at their edges (found by mutation testing): a session slides only once more
 * than a day of it is used, a request looks its viewer up once, a page's `sid` cookie finds its
 * viewer and follows its session's new lifetime, a cookie a logout cleared in the same answer is
 * never brought back, and the refusals say "Unauthorized".
 */
const DAY_MS = 86_400_000;

describe('sessions at their edges', () => {
  let database: Database;
  let buyer: TestUser;
  let app: FastifyInstance;

  async function sessionExpiringIn(ms: number): Promise<string> {
    const token = newToken();
    await database.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId: buyer.id, expiresAt: new Date(Date.now() + ms) });
    return token;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    buyer = await createUser(database, { name: 'Edge Session', email: 'edge-session@example.com' });
    // The plugin on its own, with routes that show what it does to one request and its answer.
    app = Fastify();
    await app.register(authPlugin, { db: database.db, ttlDays: 30, siteUrl: 'http://localhost:3000' });
    app.get('/twice', async (request) => {
      const first = request.viewer();
      const second = request.viewer();
      return { same: first === second, name: (await first)?.name ?? null };
    });
    app.get('/page', async (request, reply) => {
      const viewer = await findViewerByCookie(request, database.db, 30);
      if (request.query && (request.query as { lang?: string }).lang)
        reply.header('set-cookie', 'lang=hi; Path=/');
      return { name: viewer?.name ?? null };
    });
    app.get('/logout-here', async (request, reply) => {
      await request.viewer();
      reply.header('set-cookie', ['lang=hi; Path=/', 'sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0']);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  afterEach(() => vi.useRealTimers());

  it('slides a session only when more than one day of it has been used: exactly one day is not enough', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00.000Z'));
    const atTheLine = await sessionExpiringIn(29 * DAY_MS);
    const pastTheLine = await sessionExpiringIn(29 * DAY_MS - 1);
    let extended = 0;
    await findViewerByToken(database.db, atTheLine, 30, () => (extended += 1));
    expect(extended).toBe(0);
    await findViewerByToken(database.db, pastTheLine, 30, () => (extended += 1));
    expect(extended).toBe(1);
  });

  it('looks the viewer of a request up once, however often it is asked', async () => {
    const token = await sessionExpiringIn(30 * DAY_MS - 60_000);
    const res = await app.inject({ url: '/twice', headers: { authorization: `Bearer ${token}` } });
    expect(res.json()).toEqual({ same: true, name: 'Edge Session' });
  });

  it("a page's sid cookie finds its viewer; no cookie or a malformed one is nobody", async () => {
    const token = await sessionExpiringIn(30 * DAY_MS - 60_000);
    const signedIn = await app.inject({ url: '/page', headers: { cookie: `theme=dark; sid=${token}` } });
    expect(signedIn.json()).toEqual({ name: 'Edge Session' });
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    for (const headers of [{}, { cookie: 'sid=short' }, { cookie: 'theme=dark' }]) {
      const res = await app.inject({ url: '/page', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ name: null });
    }
  });

  it("a page whose cookie's session slides re-sends the cookie with the full lifetime, beside the page's own cookies", async () => {
    const token = await sessionExpiringIn(10 * DAY_MS);
    const res = await app.inject({ url: '/page?lang=1', headers: { cookie: `sid=${token}` } });
    expect(res.json()).toEqual({ name: 'Edge Session' });
    expect([res.headers['set-cookie']].flat()).toEqual([
      'lang=hi; Path=/',
      `sid=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${30 * 86_400}`,
    ]);
  });

  it('never brings back a cookie the same answer cleared, among other cookies', async () => {
    const token = await sessionExpiringIn(10 * DAY_MS);
    const res = await app.inject({
      url: '/logout-here',
      headers: { authorization: `Bearer ${token}`, cookie: `sid=${token}` },
    });
    expect([res.headers['set-cookie']].flat()).toEqual([
      'lang=hi; Path=/',
      'sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0',
    ]);
  });
});

describe('the refusals of requireUser and requireAdmin', () => {
  let t: TestApp;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await createUser(t.database);
  });
  afterAll(() => t?.close());

  it('answers an anonymous caller 401 "Unauthorized" and a buyer on an admin route 403 "Forbidden"', async () => {
    const anonymous = await t.app.inject({ url: '/api/admin/dashboard/quotes' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Unauthorized');
    const asBuyer = await t.app.inject({
      url: '/api/admin/dashboard/quotes',
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().message).toBe('Forbidden');
    const account = await t.app.inject({ url: '/api/users/me' });
    expect(account.statusCode).toBe(401);
    expect(account.json().message).toBe('Unauthorized');
  });
});
