import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '../../db/schema/orders.ts';
import { accountChanges, accountTokens, sessions, users } from '../../db/schema/users.ts';
import { hashToken } from '../../lib/tokens.ts';
import {
  bearer,
  buildTestApp,
  createUser,
  verifyByMail,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import { insertProduct, mailedToken, outboxRows, settleOutbox } from '../../../test/buyer-fixtures.ts';

const HIGH_LIMITS = {
  RATE_LIMIT_LOGIN: '1000',
  RATE_LIMIT_REGISTER: '1000',
  RATE_LIMIT_CONTACT: '1000',
  RATE_LIMIT_ORDER: '1000',
};

const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new one.';
const FORGOT_ANSWER = {
  message: 'If an account uses this e-mail address, we have sent it a link to choose a new password.',
};

let sequence = 0;
const uniqueEmail = (tag: string) => `${tag}-${process.pid}-${++sequence}@example.com`;

const signup = (over: Record<string, unknown> = {}) => ({
  name: 'Asha Verma',
  email: uniqueEmail('asha'),
  password: 'first secret',
  contactNumber: '+91 98765 43210',
  country: 'IN',
  companyName: 'Verma Jewels',
  ...over,
});

function helpers(get: () => TestApp) {
  const inject = (options: InjectOptions) => get().app.inject(options);
  return {
    async register(over: Record<string, unknown> = {}) {
      const body = signup(over);
      const res = await get().app.inject({ method: 'POST', url: '/api/users/register', payload: body });
      expect(res.statusCode, res.body).toBe(201);
      const login = await get().app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: body.email, password: body.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      const answer = login.json<{ token: string; user: { _id: string } }>();
      return { email: body.email, password: body.password, token: answer.token, id: answer.user._id };
    },
    login: (email: string, password: string) =>
      inject({ method: 'POST', url: '/api/users/login', payload: { email, password } }),
    me: (token: string) => inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) }),
    async priceRequest(token: string, email: string) {
      const product = await insertProduct(get().database);
      return inject({
        method: 'POST',
        url: '/api/orders/submit-order',
        headers: bearer(token),
        payload: {
          firstName: 'Asha',
          email,
          contactNumber: '+91 98765 43210',
          country: 'IN',
          orderDetails: [{ productId: product.id, quantity: 2 }],
        },
      });
    },
    verify: (token: string) => inject({ method: 'POST', url: '/api/users/verify-email', payload: { token } }),
    forgot: (email: string, remoteAddress = '127.0.0.1') =>
      inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email }, remoteAddress }),
    reset: (token: string, password: string) =>
      inject({ method: 'POST', url: '/api/users/reset-password', payload: { token, password } }),
  };
}

describe('accounts a trade business runs', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ ...HIGH_LIMITS, BUSINESS_EMAIL: 'office@example.com' });
    admin = await createUser(t.database, { role: 'admin' });
  });
  afterAll(() => t.close());
  const h = helpers(() => t);

  const userRow = async (id: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const sessionCount = async (id: string) =>
    (await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).length;

  describe('e-mail verification', () => {
    it('a new account is unverified and active; existing and admin-made ones count as verified', async () => {
      const buyer = await h.register();
      expect((await h.me(buyer.token)).json()).toMatchObject({ emailVerified: false, status: 'active' });
      const existing = await createUser(t.database);
      expect((await h.me(existing.token)).json()).toMatchObject({ emailVerified: true, status: 'active' });
      const all = (
        await t.app.inject({ method: 'GET', url: '/api/users/all', headers: bearer(admin.token) })
      ).json<Array<{ email: string; emailVerified: boolean; status: string }>>();
      expect(all.find((u) => u.email === buyer.email)).toMatchObject({
        emailVerified: false,
        status: 'active',
      });
    });

    it('the welcome mail carries the link; only the hash of its token is stored', async () => {
      const buyer = await h.register();
      const token = await mailedToken(t.database, buyer.email, 'verify-email');
      expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const rows = await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, buyer.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toBe(hashToken(token!));
      expect(JSON.stringify(rows)).not.toContain(token);
      // 7 days, within a minute.
      const ttl = rows[0]!.expiresAt.getTime() - Date.now();
      expect(Math.abs(ttl - 7 * 86_400_000)).toBeLessThan(60_000);
    });

    it('an unverified account keeps its list but its price request is 403 EMAIL_NOT_VERIFIED until it verifies', async () => {
      const buyer = await h.register();
      const product = await insertProduct(t.database);
      await t.app.inject({
        method: 'POST',
        url: '/api/cart/add',
        headers: bearer(buyer.token),
        payload: { userId: buyer.id, productId: product.id, quantity: 3 },
      });
      const refused = await h.priceRequest(buyer.token, buyer.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: 'Please verify your e-mail address before sending a price request',
        code: 'EMAIL_NOT_VERIFIED',
      });
      const cart = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, buyer.id));
      expect(cart.map((c) => c.quantity)).toEqual([3]);

      const token = (await mailedToken(t.database, buyer.email, 'verify-email'))!;
      const verified = await h.verify(token);
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ message: 'Your e-mail address is verified' });
      expect((await h.me(buyer.token)).json()).toMatchObject({ emailVerified: true });
      expect((await h.priceRequest(buyer.token, buyer.email)).statusCode).toBe(201);
    });

    it('a used, tampered, unknown or expired token is 400 and changes nothing', async () => {
      const buyer = await h.register();
      const token = (await mailedToken(t.database, buyer.email, 'verify-email'))!;
      const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const bad of [tampered, 'not-a-token', '', 'x'.repeat(200)]) {
        const res = await h.verify(bad);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json()).toMatchObject({ message: INVALID_LINK });
      }
      expect((await userRow(buyer.id)).emailVerified).toBe(false);

      // Expired: the row is kept (the refusal rolled back) and the account stays unverified.
      await t.database.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountTokens.tokenHash, hashToken(token)));
      expect((await h.verify(token)).statusCode).toBe(400);
      expect((await userRow(buyer.id)).emailVerified).toBe(false);
      expect(
        await t.database.db
          .select()
          .from(accountTokens)
          .where(eq(accountTokens.tokenHash, hashToken(token))),
      ).toHaveLength(1);

      // A fresh link works once; the second use is refused.
      const resend = await t.app.inject({
        method: 'POST',
        url: '/api/users/verify-email/resend',
        headers: bearer(buyer.token),
      });
      expect(resend.statusCode).toBe(200);
      const fresh = (await mailedToken(t.database, buyer.email, 'verify-email'))!;
      expect(fresh).not.toBe(token);
      expect((await h.verify(fresh)).statusCode).toBe(200);
      const reused = await h.verify(fresh);
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ message: INVALID_LINK });
    });

    it("another account's token verifies that account only; a reset token is no verification token", async () => {
      const one = await h.register();
      const two = await h.register();
      await h.forgot(one.email);
      const resetToken = (await mailedToken(t.database, one.email, 'reset-password'))!;
      expect((await h.verify(resetToken)).statusCode).toBe(400);
      const twoToken = (await mailedToken(t.database, two.email, 'verify-email'))!;
      expect((await h.verify(twoToken)).statusCode).toBe(200);
      expect((await userRow(one.id)).emailVerified).toBe(false);
      expect((await userRow(two.id)).emailVerified).toBe(true);
    });

    it('resend: a new link replaces the old one, at most 5 an hour per account, then 429', async () => {
      const buyer = await h.register();
      const first = (await mailedToken(t.database, buyer.email, 'verify-email'))!;
      const resend = () =>
        t.app.inject({ method: 'POST', url: '/api/users/verify-email/resend', headers: bearer(buyer.token) });
      for (let i = 0; i < 5; i++) {
        const res = await resend();
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: 'We have sent you a new verification link' });
      }
      const limited = await resend();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
      expect((await h.verify(first)).statusCode).toBe(400);
      const last = (await mailedToken(t.database, buyer.email, 'verify-email'))!;
      expect((await h.verify(last)).statusCode).toBe(200);
      // Another account is not held back by this one's limit.
      const other = await h.register();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/verify-email/resend',
        headers: bearer(other.token),
      });
      expect(res.statusCode).toBe(200);
    });

    it('resend for a verified account sends nothing', async () => {
      const buyer = await createUser(t.database);
      await settleOutbox(t.database);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/verify-email/resend',
        headers: bearer(buyer.token),
      });
      expect(res.json()).toEqual({ message: 'Your e-mail address is verified already' });
      expect((await outboxRows(t.database)).filter((r) => r.status === 'pending')).toEqual([]);
    });
  });

  describe('password reset', () => {
    it('answers the same status and body for a known and an unknown address; only the known one gets mail', async () => {
      const buyer = await h.register();
      await settleOutbox(t.database);
      const known = await h.forgot(buyer.email.toUpperCase());
      const unknown = await h.forgot(uniqueEmail('nobody'));
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(FORGOT_ANSWER);
      expect(unknown.body).toBe(known.body);
      expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
      const pending = (await outboxRows(t.database)).filter((r) => r.status === 'pending');
      expect(pending.map((r) => [r.kind, (r.payload as { mail: { to: string } }).mail.to])).toEqual([
        ['user.reset-password', buyer.email],
      ]);
      expect(JSON.stringify(pending)).toContain('/reset-password?token=');
    });

    it('takes as long for an unknown address as for a known one', async () => {
      const buyer = await h.register();
      const time = async (email: string) => {
        const started = performance.now();
        await h.forgot(email);
        return performance.now() - started;
      };
      const knownTimes: number[] = [];
      const unknownTimes: number[] = [];
      for (let i = 0; i < 5; i++) {
        knownTimes.push(await time(buyer.email));
        unknownTimes.push(await time(uniqueEmail('ghost')));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
      // Both wait out the same floor; the difference is noise, far below the floor itself.
      expect(median(unknownTimes)).toBeGreaterThanOrEqual(390);
      expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(150);
    });

    it('a reset sets the new password, ends every session and spends the token', async () => {
      const buyer = await h.register();
      const second = (await h.login(buyer.email, buyer.password)).json<{ token: string }>().token;
      await h.forgot(buyer.email);
      const token = (await mailedToken(t.database, buyer.email, 'reset-password'))!;
      const row = (
        await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, buyer.id))
      ).filter((r) => r.purpose === 'reset');
      expect(row[0]!.tokenHash).toBe(hashToken(token));
      expect(Math.abs(row[0]!.expiresAt.getTime() - Date.now() - 3_600_000)).toBeLessThan(60_000);

      const res = await h.reset(token, 'second secret');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Your password has been changed. Please sign in with the new one.',
      });
      expect((await h.me(buyer.token)).statusCode).toBe(401);
      expect((await h.me(second)).statusCode).toBe(401);
      expect(await sessionCount(buyer.id)).toBe(0);
      expect((await h.login(buyer.email, buyer.password)).statusCode).toBe(401);
      expect((await h.login(buyer.email, 'second secret')).statusCode).toBe(200);
      // The link reached the address, so it counts as verified.
      expect((await userRow(buyer.id)).emailVerified).toBe(true);

      const again = await h.reset(token, 'third secret');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ message: INVALID_LINK });
      expect((await h.login(buyer.email, 'second secret')).statusCode).toBe(200);
    });

    it('an expired, tampered or verification token resets nothing', async () => {
      const buyer = await h.register();
      const live = buyer.token;
      const verifyToken = (await mailedToken(t.database, buyer.email, 'verify-email'))!;
      expect((await h.reset(verifyToken, 'hijacked')).statusCode).toBe(400);
      await h.forgot(buyer.email);
      const token = (await mailedToken(t.database, buyer.email, 'reset-password'))!;
      expect((await h.reset(`${token}x`, 'hijacked')).statusCode).toBe(400);
      await t.database.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountTokens.tokenHash, hashToken(token)));
      expect((await h.reset(token, 'hijacked')).statusCode).toBe(400);
      expect((await h.login(buyer.email, 'hijacked')).statusCode).toBe(401);
      expect((await h.login(buyer.email, buyer.password)).statusCode).toBe(200);
      expect((await h.me(live)).statusCode).toBe(200);
    });

    it('a reset token resets its own account only, and a new one replaces the old', async () => {
      const one = await h.register();
      const two = await h.register();
      await h.forgot(two.email);
      const first = (await mailedToken(t.database, two.email, 'reset-password'))!;
      await h.forgot(two.email);
      const second = (await mailedToken(t.database, two.email, 'reset-password'))!;
      expect((await h.reset(first, 'new for two')).statusCode).toBe(400);
      expect((await h.reset(second, 'new for two')).statusCode).toBe(200);
      expect((await h.login(one.email, 'new for two')).statusCode).toBe(401);
      expect((await h.login(one.email, one.password)).statusCode).toBe(200);
      expect((await h.login(two.email, 'new for two')).statusCode).toBe(200);
    });

    it('a new password is required', async () => {
      const res = await h.reset('whatever-token', '');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Password is required/);
    });
  });

  describe('the profile', () => {
    const put = (token: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/users/me', headers: bearer(token), payload });
    const details = {
      name: '  Meera Shah ',
      contactNumber: '+44 20 7946 0000',
      country: 'UK',
      companyName: 'Shah Gems',
      companyWebsite: 'shahgems.co.uk',
    };

    it('saves the details with the sign-up rules applied (trimmed, UK stored as GB)', async () => {
      const buyer = await createUser(t.database);
      const res = await put(buyer.token, details);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({
        name: 'Meera Shah',
        email: buyer.email,
        country: 'GB',
        companyName: 'Shah Gems',
        companyWebsite: 'shahgems.co.uk',
        emailVerified: true,
      });
      expect((await h.me(buyer.token)).json()).toMatchObject({ name: 'Meera Shah', country: 'GB' });
    });

    it('refuses a broken rule with a 400 naming the field, and keeps the stored details', async () => {
      const buyer = await createUser(t.database, { name: 'Kept Name' });
      for (const [body, field] of [
        [{ ...details, name: ' ' }, 'name'],
        [{ ...details, email: 'not-an-email' }, 'email'],
        [{ ...details, contactNumber: '' }, 'contactNumber'],
        [{ ...details, country: 'Atlantis' }, 'country'],
        [{ ...details, companyWebsite: 'javascript:alert(1)' }, 'companyWebsite'],
      ] as const) {
        const res = await put(buyer.token, body);
        expect(res.statusCode, field).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
      expect((await userRow(buyer.id)).name).toBe('Kept Name');
    });

    it('a new address is unverified until its own link is used; a taken one is 409', async () => {
      const buyer = await createUser(t.database);
      const other = await createUser(t.database);
      const taken = await put(buyer.token, { ...details, email: other.email.toUpperCase() });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ message: 'User already exists' });

      const newEmail = uniqueEmail('moved');
      const res = await put(buyer.token, { ...details, email: ` ${newEmail.toUpperCase()} ` });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ email: newEmail, emailVerified: false });
      expect((await h.priceRequest(buyer.token, newEmail)).json()).toMatchObject({
        code: 'EMAIL_NOT_VERIFIED',
      });
      const token = (await mailedToken(t.database, newEmail, 'verify-email'))!;
      expect((await h.verify(token)).statusCode).toBe(200);
      expect((await h.priceRequest(buyer.token, newEmail)).statusCode).toBe(201);
    });

    it('a link sent to an earlier address no longer verifies the account', async () => {
      const buyer = await h.register();
      const oldToken = (await mailedToken(t.database, buyer.email, 'verify-email'))!;
      await put(buyer.token, { ...details, email: uniqueEmail('later') });
      // The change sent a new link (replacing the old) to the new address.
      expect((await h.verify(oldToken)).statusCode).toBe(400);
      expect((await userRow(buyer.id)).emailVerified).toBe(false);
    });

    it('PUT /me/password needs the current password and ends every other session', async () => {
      const buyer = await h.register();
      const other = (await h.login(buyer.email, buyer.password)).json<{ token: string }>().token;
      const change = (payload: object) =>
        t.app.inject({ method: 'PUT', url: '/api/users/me/password', headers: bearer(buyer.token), payload });
      const wrong = await change({ currentPassword: 'guess', newPassword: 'next secret' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: 'Current password is incorrect' });
      expect((await h.me(other)).statusCode).toBe(200);

      const res = await change({ currentPassword: buyer.password, newPassword: 'next secret' });
      expect(res.statusCode).toBe(200);
      expect((await h.me(buyer.token)).statusCode).toBe(200);
      expect((await h.me(other)).statusCode).toBe(401);
      expect(await sessionCount(buyer.id)).toBe(1);
      expect((await h.login(buyer.email, 'next secret')).statusCode).toBe(200);
      expect((await h.login(buyer.email, buyer.password)).statusCode).toBe(401);
    });

    it('POST /logout-all ends every session, this one included, and clears the cookie', async () => {
      const buyer = await h.register();
      const other = (await h.login(buyer.email, buyer.password)).json<{ token: string }>().token;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/logout-all',
        headers: bearer(buyer.token),
      });
      expect(res.statusCode).toBe(204);
      expect(String(res.headers['set-cookie'])).toMatch(/^sid=; .*Max-Age=0/);
      expect((await h.me(buyer.token)).statusCode).toBe(401);
      expect((await h.me(other)).statusCode).toBe(401);
    });
  });

  describe('administrators', () => {
    const setStatus = (token: string, id: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${id}/status`, headers: bearer(token), payload });
    const setRole = (token: string, id: string, role: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${id}/role`,
        headers: bearer(token),
        payload: { role },
      });

    it('disabling ends the sessions at once and refuses the login as a wrong password; it is recorded', async () => {
      const buyer = await h.register();
      const res = await setStatus(admin.token, buyer.id, { status: 'disabled' });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ _id: buyer.id, status: 'disabled' });
      expect((await h.me(buyer.token)).json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
      expect(await sessionCount(buyer.id)).toBe(0);
      const refused = await h.login(buyer.email, buyer.password);
      const wrong = await h.login(buyer.email, 'not the password');
      expect(refused.statusCode).toBe(401);
      expect(refused.body).toBe(wrong.body);
      // No reset link brings a disabled account back.
      await settleOutbox(t.database);
      await h.forgot(buyer.email);
      expect((await outboxRows(t.database)).filter((r) => r.status === 'pending')).toEqual([]);

      const audit = await t.database.db
        .select()
        .from(accountChanges)
        .where(eq(accountChanges.userId, buyer.id));
      expect(audit).toMatchObject([
        { actorId: admin.id, field: 'status', fromValue: 'active', toValue: 'disabled' },
      ]);
      expect(Math.abs(audit[0]!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);

      expect((await setStatus(admin.token, buyer.id, { status: 'active' })).statusCode).toBe(200);
      expect((await h.login(buyer.email, buyer.password)).statusCode).toBe(200);
    });

    it('a session a disabled account held is refused by every route, pages included', async () => {
      const buyer = await createUser(t.database);
      await setStatus(admin.token, buyer.id, { status: 'disabled' });
      for (const [method, url] of [
        ['GET', `/api/cart/${buyer.id}`],
        ['POST', '/api/users/verify-email/resend'],
        ['POST', '/api/users/logout-all'],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: bearer(buyer.token) });
        expect(res.statusCode, url).toBe(401);
      }
    });

    it('rejecting mails the reason to the buyer; unknown ids are 404, bad statuses 400', async () => {
      const buyer = await h.register();
      await settleOutbox(t.database);
      const res = await setStatus(admin.token, buyer.id, {
        status: 'rejected',
        reason: 'No <trade> licence',
      });
      expect(res.statusCode).toBe(200);
      const mail = (await outboxRows(t.database)).filter((r) => r.status === 'pending');
      expect(mail.map((r) => r.kind)).toEqual(['user.rejected']);
      const body = (mail[0]!.payload as { mail: { to: string; text: string; html: string } }).mail;
      expect(body.to).toBe(buyer.email);
      expect(body.text).toContain('Reason: No <trade> licence');
      expect(body.html).toContain('No &lt;trade&gt; licence');
      expect((await h.priceRequest(buyer.token, buyer.email)).json()).toMatchObject({
        code: 'EMAIL_NOT_VERIFIED',
      });
      await verifyByMail(t, buyer.email);
      expect((await h.priceRequest(buyer.token, buyer.email)).json()).toEqual({
        message: 'Your trade account has not been approved yet',
        code: 'ACCOUNT_NOT_APPROVED',
      });

      expect(
        (await setStatus(admin.token, '00000000-0000-4000-8000-000000000000', { status: 'active' }))
          .statusCode,
      ).toBe(404);
      expect((await setStatus(admin.token, 'not-an-id', { status: 'active' })).statusCode).toBe(404);
      for (const status of ['pending', 'banned', 1]) {
        const bad = await setStatus(admin.token, buyer.id, { status });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toMatch(/status/);
      }
    });

    it('promotes and demotes, recorded; the last administrator cannot be demoted or disabled', async () => {
      const fresh = await buildTestApp(HIGH_LIMITS);
      try {
        const only = await createUser(fresh.database, { role: 'admin' });
        const buyer = await createUser(fresh.database);
        const role = (token: string, id: string, r: string) =>
          fresh.app.inject({
            method: 'PUT',
            url: `/api/users/${id}/role`,
            headers: bearer(token),
            payload: { role: r },
          });
        const demoteSelf = await role(only.token, only.id, 'user');
        expect(demoteSelf.statusCode).toBe(409);
        expect(demoteSelf.json()).toMatchObject({ message: 'The last administrator cannot be demoted' });

        const promoted = await role(only.token, buyer.id, 'admin');
        expect(promoted.json().user).toMatchObject({ role: 'admin' });
        const me = await fresh.app.inject({
          method: 'GET',
          url: '/api/users/me',
          headers: bearer(buyer.token),
        });
        expect(me.json()).toMatchObject({ role: 'admin' });
        expect((await role(only.token, only.id, 'user')).statusCode).toBe(200);
        expect((await role(only.token, only.id, 'admin')).statusCode).toBe(403);
        const last = await fresh.app.inject({
          method: 'PUT',
          url: `/api/users/${buyer.id}/status`,
          headers: bearer(buyer.token),
          payload: { status: 'disabled' },
        });
        expect(last.statusCode).toBe(409);
        expect((await role(buyer.token, 'bogus', 'user')).statusCode).toBe(404);
        expect((await role(buyer.token, only.id, 'owner')).statusCode).toBe(400);

        const audit = await fresh.database.db
          .select()
          .from(accountChanges)
          .where(and(eq(accountChanges.field, 'role')))
          .orderBy(accountChanges.id);
        expect(audit.map((a) => [a.userId, a.actorId, a.fromValue, a.toValue])).toEqual([
          [buyer.id, only.id, 'user', 'admin'],
          [only.id, only.id, 'admin', 'user'],
        ]);
      } finally {
        await fresh.close();
      }
    });

    it('new routes refuse a buyer (403) and an anonymous caller (401)', async () => {
      const buyer = await createUser(t.database);
      expect((await setStatus(buyer.token, buyer.id, { status: 'active' })).statusCode).toBe(403);
      expect((await setRole(buyer.token, buyer.id, 'admin')).statusCode).toBe(403);
      expect((await userRow(buyer.id)).role).toBe('user');
    });
  });

  describe('cross-site forms', () => {
    it('a cross-site form post (urlencoded, multipart or text) changes nothing', async () => {
      const buyer = await h.register();
      await h.forgot(buyer.email);
      const resetToken = (await mailedToken(t.database, buyer.email, 'reset-password'))!;
      const verifyToken = (await mailedToken(t.database, buyer.email, 'verify-email'))!;
      const forms: Array<[string, string, string]> = [
        ['POST', '/api/users/forgot-password', `email=${encodeURIComponent(buyer.email)}`],
        ['POST', '/api/users/reset-password', `token=${resetToken}&password=hijacked`],
        ['POST', '/api/users/verify-email', `token=${verifyToken}`],
      ];
      for (const [method, url, body] of forms) {
        for (const type of [
          'application/x-www-form-urlencoded',
          'text/plain',
          'multipart/form-data; boundary=x',
        ]) {
          const res = await t.app.inject({
            method: method as 'POST',
            url,
            headers: { 'content-type': type, origin: 'https://evil.example' },
            payload: body,
          });
          expect(res.statusCode, `${url} ${type}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${url} ${type}`).toBeLessThan(500);
        }
      }
      expect((await h.login(buyer.email, 'hijacked')).statusCode).toBe(401);
      expect((await userRow(buyer.id)).emailVerified).toBe(false);
    });

    it('the page cookie alone (what a cross-site request carries) authorises none of the new forms', async () => {
      const buyer = await h.register();
      const cookie = { cookie: `sid=${buyer.token}` };
      for (const [method, url, payload] of [
        ['PUT', '/api/users/me', { name: 'Hijacked', contactNumber: '1', country: 'IN' }],
        ['PUT', '/api/users/me/password', { currentPassword: buyer.password, newPassword: 'hijacked' }],
        ['POST', '/api/users/logout-all', undefined],
        ['POST', '/api/users/verify-email/resend', undefined],
        ['PUT', `/api/users/${buyer.id}/status`, { status: 'disabled' }],
        ['PUT', `/api/users/${buyer.id}/role`, { role: 'admin' }],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: cookie, ...(payload ? { payload } : {}) });
        expect(res.statusCode, url).toBe(401);
      }
      expect((await userRow(buyer.id)).name).toBe('Asha Verma');
      expect((await h.me(buyer.token)).statusCode).toBe(200);
    });
  });
});

describe('forgot-password is rate limited like login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...HIGH_LIMITS, RATE_LIMIT_LOGIN: '3' });
  });
  afterAll(() => t.close());

  it('per address, then 429 with Retry-After', async () => {
    const h = helpers(() => t);
    for (let i = 0; i < 3; i++) expect((await h.forgot(uniqueEmail('r'), '10.1.1.1')).statusCode).toBe(200);
    const limited = await h.forgot(uniqueEmail('r'), '10.1.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      message: 'Too many password reset requests, please try again later',
    });
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('trade approval on', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ ...HIGH_LIMITS, TRADE_APPROVAL: 'on' });
    admin = await createUser(t.database, { role: 'admin' });
  });
  afterAll(() => t.close());
  const h = helpers(() => t);

  it('a new buyer is pending: can keep a list, cannot send a request until approved; approval is mailed', async () => {
    const buyer = await h.register();
    expect((await h.me(buyer.token)).json()).toMatchObject({ status: 'pending' });
    await verifyByMail(t, buyer.email);
    const refused = await h.priceRequest(buyer.token, buyer.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_NOT_APPROVED' });
    const pendingCount = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin.token) })
      ).json<{ counts: { pendingAccounts: number } }>().counts.pendingAccounts;
    expect(await pendingCount()).toBe(1);
    await settleOutbox(t.database);
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${buyer.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'active' },
    });
    expect(approved.json().user).toMatchObject({ status: 'active' });
    expect((await outboxRows(t.database)).filter((r) => r.status === 'pending').map((r) => r.kind)).toEqual([
      'user.approved',
    ]);
    expect((await h.priceRequest(buyer.token, buyer.email)).statusCode).toBe(201);
    expect(await pendingCount()).toBe(0);
  });
});

describe('EMAIL_VERIFICATION=off keeps the previous flow', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...HIGH_LIMITS, EMAIL_VERIFICATION: 'off' });
  });
  afterAll(() => t.close());

  it('a new, unverified account may send a price request at once', async () => {
    const h = helpers(() => t);
    const buyer = await h.register();
    expect((await h.me(buyer.token)).json()).toMatchObject({ emailVerified: false });
    expect((await h.priceRequest(buyer.token, buyer.email)).statusCode).toBe(201);
  });
});
