import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { bearer, buildTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { mailedToken } from '../../../test/buyer-fixtures.ts';

/*
 * The accounts' input rules: a password of at least 8 characters wherever one is chosen, one-line
 * fields without line breaks, control or text-direction characters, and the password change
 * limited like login.
 */

let sequence = 0;
const uniqueEmail = (tag: string) => `${tag}-${process.pid}-${++sequence}@example.com`;

const signup = (over: Record<string, unknown> = {}) => ({
  name: 'Asha Verma',
  email: uniqueEmail('rules'),
  password: 'first secret',
  contactNumber: '+91 98765 43210',
  country: 'IN',
  companyName: 'Verma Jewels',
  companyWebsite: 'https://www.vermajewels.in',
  ...over,
});

const ONE_LINE = (field: string) =>
  `${field} must be one line of text, without line breaks, control characters or text-direction characters`;

describe('account input rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_REGISTER: '1000' });
  });
  afterAll(() => t.close());

  const register = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
  const changePassword = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/users/me/password', headers: bearer(token), payload });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

  describe('a password has at least 8 characters', () => {
    it('at sign-up: 7 characters are refused with the key of the rule, 8 are accepted', async () => {
      const short = await register(signup({ password: 'seven77' }));
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        message: 'Password must be at least 8 characters',
        issues: [{ path: 'password', message: 'password_too_short' }],
      });
      expect((await register(signup({ password: 'eight888' }))).statusCode).toBe(201);
    });

    it('counts characters as typed: four two-unit emoji are four characters, not eight', async () => {
      const res = await register(signup({ password: '💎💎💎💎' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'password', message: 'password_too_short' }]);
    });

    it('from a reset link: a short one is refused and the link still works', async () => {
      const email = uniqueEmail('reset');
      expect((await register(signup({ email }))).statusCode).toBe(201);
      await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
      const token = (await mailedToken(t.database, email, 'reset-password'))!;
      const reset = (password: string) =>
        t.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { token, password } });

      const short = await reset('short77');
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        message: 'password: password must be at least 8 characters',
        issues: [{ path: 'body.password', message: 'password must be at least 8 characters' }],
      });
      expect((await reset('long enough')).statusCode).toBe(200);
      expect((await login(email, 'long enough')).statusCode).toBe(200);
    });

    it('on a password change: a short new one is refused and the old one stays', async () => {
      const buyer = await createUser(t.database);
      const short = await changePassword(buyer.token, {
        currentPassword: TEST_PASSWORD,
        newPassword: 'short77',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        message: 'newPassword: newPassword must be at least 8 characters',
        issues: [{ path: 'body.newPassword', message: 'newPassword must be at least 8 characters' }],
      });
      expect((await login(buyer.email, TEST_PASSWORD)).statusCode).toBe(200);
      const ok = await changePassword(buyer.token, {
        currentPassword: TEST_PASSWORD,
        newPassword: '8 chars!',
      });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('one-line fields refuse line breaks, control and text-direction characters', () => {
    it.each([
      ['name', 'Asha\nVerma'],
      ['name', 'Asha\r\nVerma'],
      ['name', 'Asha\u0000'],
      ['name', 'invoice\u202Egpj.exe'],
      ['name', 'Asha \u2066Verma\u2069'],
      ['email', 'asha\u202A@example.com'],
      ['contactNumber', '+91\t98765 43210'],
      ['contactNumber', '+91 98765\u2028 43210'],
      ['companyName', 'Verma\u202BJewels'],
      ['companyName', 'Verma\u001bJewels'],
      ['companyWebsite', 'https://www.verma.in/\u202Ecod'],
    ])('sign-up: %s %j is refused with a message naming the field', async (field, value) => {
      const res = await register(signup({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: ONE_LINE(field),
        code: 'BAD_REQUEST',
        issues: [{ path: field, message: 'not_one_line' }],
      });
    });

    it('sign-up keeps ordinary names of every script, and nothing is stored for a refused one', async () => {
      const email = uniqueEmail('script');
      const ok = await register(signup({ email, name: 'आशा वर्मा', companyName: "O'Brien & Sons — Jaipur" }));
      expect(ok.statusCode).toBe(201);
      const refused = uniqueEmail('refused');
      expect((await register(signup({ email: refused, name: 'A\nB' }))).statusCode).toBe(400);
      expect(await t.database.db.select().from(users).where(eq(users.email, refused))).toEqual([]);
    });

    it('profile: a line break or an override is refused naming the field, the details stay', async () => {
      const buyer = await createUser(t.database, { name: 'Kept Name' });
      const details = {
        name: 'Meera Shah',
        contactNumber: '+44 20 7946 0000',
        country: 'GB',
        companyName: 'Shah',
      };
      for (const [field, value] of [
        ['name', 'Meera\nShah'],
        ['contactNumber', '+44\u202E0000'],
        ['companyName', 'Shah\u2067Gems'],
      ] as const) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/users/me',
          headers: bearer(buyer.token),
          payload: { ...details, [field]: value },
        });
        expect(res.statusCode, field).toBe(400);
        expect(res.json()).toMatchObject({ message: ONE_LINE(field), issues: [{ path: field }] });
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.id, buyer.id));
      expect(row!.name).toBe('Kept Name');
    });
  });
});

describe('a password change is rate limited like login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_LOGIN: '3', RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(() => t.close());

  const change = (token: string, currentPassword: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: bearer(token),
      payload: { currentPassword, newPassword: 'a new long secret' },
    });

  it('wrong current passwords count; past the limit even the right one is 429 with a message', async () => {
    const buyer = await createUser(t.database);
    for (let i = 0; i < 3; i++) expect((await change(buyer.token, `guess number ${i}`)).statusCode).toBe(400);
    const limited = await change(buyer.token, TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'Too many password change attempts, please try again later',
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Nothing changed: the old password still signs in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: buyer.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('counts per account: another account may still change its password', async () => {
    const first = await createUser(t.database);
    const second = await createUser(t.database);
    for (let i = 0; i < 4; i++) await change(first.token, 'wrong guess');
    expect((await change(first.token, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await change(second.token, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
