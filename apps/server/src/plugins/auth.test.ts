import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema/users.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { createTestDatabase, createUser, type TestUser } from '../../test/helpers.ts';
import { bearerToken, cookieToken, findViewerByToken, sessionCookieHeader } from './auth.ts';

const DAY_MS = 86_400_000;
const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
const TOKEN = 'abcdefghijklmnop_-0123456789';

describe('reading the session token', () => {
  it('takes a Bearer token of 16 to 200 URL-safe characters, whatever the case of "Bearer"', () => {
    expect(bearerToken(request({ authorization: `Bearer ${TOKEN}` }))).toBe(TOKEN);
    expect(bearerToken(request({ authorization: `bearer   ${TOKEN}  ` }))).toBe(TOKEN);
    expect(bearerToken(request({ authorization: `Bearer ${'a'.repeat(16)}` }))).toBe('a'.repeat(16));
    expect(bearerToken(request({ authorization: `Bearer ${'a'.repeat(200)}` }))).toBe('a'.repeat(200));
  });

  it('refuses anything else as no token at all', () => {
    for (const authorization of [
      `Bearer ${'a'.repeat(15)}`,
      `Bearer ${'a'.repeat(201)}`,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}!`,
      `Bearer ${TOKEN} extra`,
      `xBearer ${TOKEN}`,
      TOKEN,
      '',
    ]) {
      expect(bearerToken(request({ authorization })), authorization).toBeNull();
    }
    expect(bearerToken(request({}))).toBeNull();
  });

  it('finds the sid cookie among others, and only a well-formed one', () => {
    expect(cookieToken(request({ cookie: `sid=${TOKEN}` }))).toBe(TOKEN);
    expect(cookieToken(request({ cookie: `theme=dark; sid=${TOKEN}; lang=hi` }))).toBe(TOKEN);
    expect(cookieToken(request({ cookie: `xsid=${TOKEN}` }))).toBeNull();
    expect(cookieToken(request({ cookie: 'sid=short' }))).toBeNull();
    expect(cookieToken(request({ cookie: `other=${TOKEN}` }))).toBeNull();
    expect(cookieToken(request({}))).toBeNull();
  });

  it('writes the cookie HttpOnly, SameSite=Lax, for the whole site, Secure only when asked', () => {
    expect(sessionCookieHeader('tok', 2_592_000, false)).toBe(
      'sid=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000',
    );
    expect(sessionCookieHeader('', 0, true)).toBe('sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure');
  });
});

describe('findViewerByToken: live sessions, sliding by a day at a time', () => {
  let database: Database;
  let buyer: TestUser;
  beforeAll(async () => {
    database = await createTestDatabase();
    buyer = await createUser(database, { name: 'Slide Buyer', email: 'slide@example.com' });
  });
  afterAll(() => database.close());

  async function sessionExpiringIn(ms: number): Promise<string> {
    const token = newToken();
    await database.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId: buyer.id, expiresAt: new Date(Date.now() + ms) });
    return token;
  }
  const expiryOf = async (token: string) => {
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row!.expiresAt.getTime();
  };

  it('answers the user of a live session, and nobody for an expired or unknown token', async () => {
    const live = await sessionExpiringIn(10 * DAY_MS);
    expect(await findViewerByToken(database.db, live, 30)).toEqual({
      id: buyer.id,
      name: 'Slide Buyer',
      email: 'slide@example.com',
      role: 'user',
      emailVerified: true,
      status: 'active',
    });
    expect(await findViewerByToken(database.db, await sessionExpiringIn(-1000), 30)).toBeNull();
    expect(await findViewerByToken(database.db, newToken(), 30)).toBeNull();
  });

  it('extends a session used more than a day after it was made to the full 30 days, and says so', async () => {
    const token = await sessionExpiringIn(28 * DAY_MS);
    let extended = 0;
    const before = Date.now();
    await findViewerByToken(database.db, token, 30, () => (extended += 1));
    expect(extended).toBe(1);
    expect(await expiryOf(token)).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(await expiryOf(token)).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });

  it('leaves a session used within its first day as it is', async () => {
    const token = await sessionExpiringIn(30 * DAY_MS - 60_000);
    const expiry = await expiryOf(token);
    let extended = 0;
    await findViewerByToken(database.db, token, 30, () => (extended += 1));
    expect(extended).toBe(0);
    expect(await expiryOf(token)).toBe(expiry);
  });

  it('extends only the session that was used', async () => {
    const used = await sessionExpiringIn(5 * DAY_MS);
    const other = await sessionExpiringIn(5 * DAY_MS);
    const otherExpiry = await expiryOf(other);
    await findViewerByToken(database.db, used, 30);
    expect(await expiryOf(other)).toBe(otherExpiry);
  });
});
