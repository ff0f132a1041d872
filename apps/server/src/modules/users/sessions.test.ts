import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/users.ts';
import { hashToken } from '../../lib/tokens.ts';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.ts';

/*
 * Sessions at the edges the route tests leave open (found by mutation testing): a disabled
 * account gets no session, "log out everywhere" ends every session of the account and no one
 * else's, and a login clears the account's expired sessions only.
 */
describe('sessions: disabled accounts, logging out everywhere, housekeeping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_LOGIN: '1000' });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  const sessionsOf = (userId: string) =>
    t.database.db.select().from(sessions).where(eq(sessions.userId, userId));

  it('a disabled account with the right password gets the wrong-password answer and no session', async () => {
    const buyer = await createUser(t.database);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, buyer.id));
    const before = (await sessionsOf(buyer.id)).length;

    const res = await login(buyer.email, buyer.password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOf(buyer.id)).toHaveLength(before);
    // The session it had before it was disabled no longer works either.
    expect((await me(buyer.token)).statusCode).toBe(401);
  });

  it('a login session lives thirty days, to the second', async () => {
    const buyer = await createUser(t.database);
    const started = Date.now();
    const res = await login(buyer.email, buyer.password);
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(res.json().token)));
    const thirtyDays = 30 * 86_400_000;
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(started + thirtyDays - 1000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + thirtyDays + 1000);
  });

  it('log out everywhere ends every session of the account, this one included, and no one else’s', async () => {
    const buyer = await createUser(t.database);
    const other = await createUser(t.database);
    const second = (await login(buyer.email, buyer.password)).json().token as string;
    expect((await me(second)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout-all',
      headers: bearer(buyer.token),
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);

    expect((await me(buyer.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect(await sessionsOf(buyer.id)).toHaveLength(0);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('log out everywhere without a session is 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/logout-all' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Unauthorized');
  });

  it('a login removes the account’s expired sessions, and keeps its live ones and everyone else’s', async () => {
    const buyer = await createUser(t.database);
    const other = await createUser(t.database);
    const expired = new Date(Date.now() - 60_000);
    await t.database.db.insert(sessions).values([
      { tokenHash: hashToken('expired-of-the-buyer-0001'), userId: buyer.id, expiresAt: expired },
      { tokenHash: hashToken('expired-of-someone-else-1'), userId: other.id, expiresAt: expired },
    ]);

    expect((await login(buyer.email, buyer.password)).statusCode).toBe(200);

    const hashes = (rows: { tokenHash: string }[]) => rows.map((r) => r.tokenHash);
    const mine = await sessionsOf(buyer.id);
    expect(hashes(mine)).not.toContain(hashToken('expired-of-the-buyer-0001'));
    // The live session it had and the new one.
    expect(mine).toHaveLength(2);
    expect(hashes(mine)).toContain(hashToken(buyer.token));
    expect(hashes(await sessionsOf(other.id))).toContain(hashToken('expired-of-someone-else-1'));
  });
});
