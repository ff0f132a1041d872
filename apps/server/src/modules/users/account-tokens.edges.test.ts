import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountTokens, users } from '../../db/schema/users.ts';
import { hashToken } from '../../lib/tokens.ts';
import { buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { mailedToken } from '../../../test/buyer-fixtures.ts';

const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new one.';

/*
 * Mailed account links at the edges the account tests leave open (found by mutation testing): a
 * link is expired from its expiry instant on, a reset link dies with a disabled account or a
 * changed address, a verification link with a changed address, and a link is a 43-character
 * URL-safe token stored only as its SHA-256.
 */
describe('account links: edges', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The password forms are limited like login.
    t = await buildTestApp({ RATE_LIMIT_LOGIN: '1000' });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { token, password } });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

  async function resetLinkOf(user: TestUser): Promise<string> {
    expect((await forgot(user.email)).statusCode).toBe(200);
    const token = await mailedToken(t.database, user.email, 'reset-password');
    expect(token).not.toBeNull();
    return token!;
  }

  it('a link is a 43-character URL-safe token, stored only as its SHA-256 in hex', async () => {
    const buyer = await createUser(t.database);
    const token = await resetLinkOf(buyer);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, buyer.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).toBe(hashToken(token));
    // SHA-256 of a known text, written out: the hash is the standard one.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('a link works until the instant before its expiry and is expired from that instant on', async () => {
    const early = await createUser(t.database);
    const onTime = await createUser(t.database);
    const expiresAt = new Date(Date.now() + 10 * 60_000);
    const earlyToken = await resetLinkOf(early);
    const onTimeToken = await resetLinkOf(onTime);
    await t.database.db.update(accountTokens).set({ expiresAt });

    vi.spyOn(Date, 'now').mockReturnValue(expiresAt.getTime() - 1);
    expect((await reset(earlyToken, 'new secret one')).statusCode).toBe(200);
    vi.spyOn(Date, 'now').mockReturnValue(expiresAt.getTime());
    const late = await reset(onTimeToken, 'new secret two');
    vi.restoreAllMocks();
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: INVALID_LINK });
    expect((await login(onTime.email, onTime.password)).statusCode).toBe(200);
  });

  it('the reset link of an account disabled since it was sent changes nothing', async () => {
    const buyer = await createUser(t.database);
    const token = await resetLinkOf(buyer);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, buyer.id));
    const res = await reset(token, 'taken over');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INVALID_LINK });
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, buyer.id));
    expect((await login(buyer.email, buyer.password)).statusCode).toBe(200);
    expect((await login(buyer.email, 'taken over')).statusCode).toBe(401);
  });

  it('a reset link sent to an earlier address changes nothing', async () => {
    const buyer = await createUser(t.database);
    const token = await resetLinkOf(buyer);
    const newEmail = `moved-${buyer.id.slice(0, 8)}@example.com`;
    await t.database.db.update(users).set({ email: newEmail }).where(eq(users.id, buyer.id));
    const res = await reset(token, 'taken over');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INVALID_LINK });
    expect((await login(newEmail, buyer.password)).statusCode).toBe(200);
  });

  it('a verification link sent to an earlier address verifies nothing', async () => {
    const buyer = await createUser(t.database);
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, buyer.id));
    expect(await t.app.services.users.resendVerification(buyer.id)).toBe(true);
    const token = await mailedToken(t.database, buyer.email, 'verify-email');
    expect(token).not.toBeNull();
    const newEmail = `moved-v-${buyer.id.slice(0, 8)}@example.com`;
    await t.database.db.update(users).set({ email: newEmail }).where(eq(users.id, buyer.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/verify-email',
      payload: { token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INVALID_LINK });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row!.emailVerified).toBe(false);
  });
});
