import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { hashToken } from '../../lib/tokens.ts';
import { bearer, buildTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { outboxRows, settleOutbox } from '../../../test/buyer-fixtures.ts';

const HIGH_LIMITS = {
  RATE_LIMIT_LOGIN: '1000',
  RATE_LIMIT_REGISTER: '1000',
  RATE_LIMIT_CONTACT: '1000',
  RATE_LIMIT_ORDER: '1000',
};

const validSignup = (over: Record<string, unknown> = {}) => ({
  name: 'Asha Verma',
  email: `asha-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'a long secret',
  contactNumber: '+44 20 7946 0000',
  country: 'UK',
  companyName: 'Verma Jewels Ltd',
  companyWebsite: 'https://www.vermajewels.co.uk',
  ...over,
});

const PUBLIC_USER_KEYS = [
  '_id',
  'companyName',
  'companyWebsite',
  'contactNumber',
  'country',
  'email',
  'emailVerified',
  'name',
  'status',
  'role',
].sort();

describe('accounts and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...HIGH_LIMITS, BUSINESS_EMAIL: 'office@example.com' });
  });
  afterAll(() => t.close());

  const register = (body: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/users/register', payload: body as object, remoteAddress });
  const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });

  describe('POST /api/users/register', () => {
    it('creates the account: e-mail trimmed and lower-cased, UK stored as GB, every field kept', async () => {
      const body = validSignup({ email: '  Asha.Verma@Example.COM ' });
      const res = await register(body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'User registered successfully' });

      const [row] = await t.database.db.select().from(users).where(eq(users.email, 'asha.verma@example.com'));
      expect(row).toMatchObject({
        name: 'Asha Verma',
        contactNumber: '+44 20 7946 0000',
        country: 'GB',
        companyName: 'Verma Jewels Ltd',
        companyWebsite: 'https://www.vermajewels.co.uk',
        role: 'user',
      });
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row!.passwordHash).not.toContain('a long secret');
    });

    it('accepts the optional fields left out, and can log in with the password at once', async () => {
      const body = validSignup();
      delete (body as Partial<typeof body>).companyName;
      delete (body as Partial<typeof body>).companyWebsite;
      expect((await register(body)).statusCode).toBe(201);
      const res = await login(body.email, body.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ companyName: '', companyWebsite: '', country: 'GB' });
    });

    it('answers 409 for an e-mail that is taken, whatever its case', async () => {
      const body = validSignup({ email: 'taken@example.com' });
      expect((await register(body)).statusCode).toBe(201);
      const again = await register({ ...body, email: ' TAKEN@example.com' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: 'User already exists' });
    });

    it('queues a welcome to the buyer and a notice to the business in the same transaction', async () => {
      await settleOutbox(t.database);
      const body = validSignup({ name: '<img src=x onerror=alert(1)> Ravi', companyName: 'R & Sons "Gold"' });
      expect((await register(body)).statusCode).toBe(201);
      const rows = (await outboxRows(t.database)).filter((r) => r.status === 'pending');
      expect(rows.map((r) => r.kind).sort()).toEqual(['user.registered', 'user.welcome']);
      const welcome = rows.find((r) => r.kind === 'user.welcome')!.payload as {
        mail: Record<string, string>;
      };
      const notice = rows.find((r) => r.kind === 'user.registered')!.payload as {
        mail: Record<string, string>;
      };
      expect(welcome.mail.to).toBe(body.email);
      expect(notice.mail.to).toBe('office@example.com');
      for (const mail of [welcome.mail, notice.mail]) {
        expect(mail.html).not.toContain('<img src=x');
        expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; Ravi');
        expect(JSON.stringify(mail)).not.toContain('a long secret');
      }
      expect(notice.mail.html).toContain('R &amp; Sons &quot;Gold&quot;');
    });

    it('writes no mail when the account is refused', async () => {
      await settleOutbox(t.database);
      await register(validSignup({ email: 'taken@example.com' }));
      const pending = (await outboxRows(t.database)).filter((r) => r.status === 'pending');
      expect(pending).toEqual([]);
    });

    it.each([
      [{ name: '' }, 'name', 'name_required'],
      [{ name: '   ' }, 'name', 'name_required'],
      [{ email: undefined }, 'email', 'email_required'],
      [{ email: 'not-an-email' }, 'email', 'invalid_email'],
      [{ email: 'a b@example.com' }, 'email', 'invalid_email'],
      [{ password: '' }, 'password', 'password_required'],
      [{ contactNumber: ' ' }, 'contactNumber', 'contact_required'],
      [{ country: '' }, 'country', 'country_required'],
      [{ country: 'XX' }, 'country', 'invalid_country'],
      [{ companyWebsite: 'javascript:alert(1)' }, 'companyWebsite', 'invalid_website'],
      [{ companyWebsite: 'not a site' }, 'companyWebsite', 'invalid_website'],
    ])('refuses %j with 400 and the key of the rule', async (over, field, key) => {
      const res = await register(validSignup(over));
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.issues).toEqual([{ path: field, message: key }]);
      expect(body.message).toBeTruthy();
    });

    it('reports only the first broken rule, in the rules order', async () => {
      const res = await register({ email: 'bad', password: '', country: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'name', message: 'name_required' }]);
      const next = await register({ name: 'A', email: 'bad', password: '' });
      expect(next.json().issues).toEqual([{ path: 'email', message: 'invalid_email' }]);
    });

    it('refuses values of the wrong type or size with a 400 naming the field, never a 500', async () => {
      for (const body of [
        validSignup({ name: 42 }),
        validSignup({ email: ['a@b.cd'] }),
        validSignup({ name: 'x'.repeat(201) }),
      ]) {
        const res = await register(body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/name|email/);
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('POST /api/users/login', () => {
    it('answers the token and the public user, never a secret, and sets the page cookie', async () => {
      const body = validSignup({ email: 'login-ok@example.com' });
      await register(body);
      const res = await login('  LOGIN-OK@example.com ', body.password);
      expect(res.statusCode).toBe(200);
      const json = res.json();
      expect(json.message).toBe('Login successful');
      expect(json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Object.keys(json.user).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(json.user).toMatchObject({ email: 'login-ok@example.com', role: 'user', country: 'GB' });
      expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);

      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toBe(`sid=${json.token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${30 * 86400}`);

      // The session is stored hashed, with an expiry a TTL away.
      const [session] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(json.token)));
      expect(session!.userId).toBe(json.user._id);
      expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      const [raw] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, json.token));
      expect(raw).toBeUndefined();
    });

    it('answers the same 401 for an unknown e-mail and for a wrong password', async () => {
      const body = validSignup({ email: 'login-bad@example.com' });
      await register(body);
      const wrongPassword = await login(body.email, 'not it');
      const unknownEmail = await login('nobody@example.com', 'not it');
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual(unknownEmail.json());
      expect(wrongPassword.json().message).toBe('Invalid email or password');
      expect(wrongPassword.headers['set-cookie']).toBeUndefined();
    });

    it('takes about as long for an unknown e-mail as for a wrong password (a hash is verified either way)', async () => {
      const body = validSignup({ email: 'timing@example.com' });
      await register(body);
      await login('warm-up@example.com', 'x');
      // Known and unknown alternate, so a machine busy with other work slows both alike.
      const samples = { known: [] as number[], unknown: [] as number[] };
      const time = async (email: string, into: number[]) => {
        const start = performance.now();
        await login(email, 'wrong password');
        into.push(performance.now() - start);
      };
      for (let i = 0; i < 5; i++) {
        await time(body.email, samples.known);
        await time('no-such-user@example.com', samples.unknown);
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[2]!;
      const known = median(samples.known);
      const unknown = median(samples.unknown);
      // argon2id takes tens of milliseconds; a lookup alone would answer in about one.
      expect(unknown).toBeGreaterThan(known * 0.4);
    });

    it('refuses a body without e-mail or password with a 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'a@b.cd' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/password/);
    });
  });

  describe('sessions: /me and logout', () => {
    it('GET /me answers the bare user object of the session', async () => {
      const buyer = await createUser(t.database, { name: 'Meera' });
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(buyer.token) });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(res.json()).toMatchObject({ _id: buyer.id, name: 'Meera', email: buyer.email, role: 'user' });
    });

    it('GET /me is 401 without a session, with a bad token, and with an expired session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: bearer('x'.repeat(43)),
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });

      const buyer = await createUser(t.database);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, buyer.id));
      const expired = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: bearer(buyer.token),
      });
      expect(expired.statusCode).toBe(401);
    });

    it('the page cookie alone does not authenticate /api', async () => {
      const buyer = await createUser(t.database);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { cookie: `sid=${buyer.token}` },
      });
      expect(res.statusCode).toBe(401);
    });

    it('logout answers 204, kills the token at once and clears the cookie', async () => {
      const body = validSignup({ email: 'logout@example.com' });
      await register(body);
      const { token } = (await login(body.email, body.password)).json();
      const other = (await login(body.email, body.password)).json().token;

      const res = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(String(res.headers['set-cookie'])).toMatch(/^sid=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);

      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
      // Only that session ends: another device stays signed in.
      const stillIn = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(other) });
      expect(stillIn.statusCode).toBe(200);

      const again = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });
      expect(again.statusCode).toBe(401);
    });

    it('logout without a session is 401', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/logout' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /api/users/all', () => {
    it('is 401 for anonymous and 403 for a buyer', async () => {
      const buyer = await createUser(t.database);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/all' })).statusCode).toBe(401);
      const res = await t.app.inject({ method: 'GET', url: '/api/users/all', headers: bearer(buyer.token) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Forbidden', code: 'FORBIDDEN' });
    });

    it('answers every user, newest first, without any secret', async () => {
      const admin = await createUser(t.database, { role: 'admin' });
      const newest = await createUser(t.database, { name: 'Newest Buyer' });
      const res = await t.app.inject({ method: 'GET', url: '/api/users/all', headers: bearer(admin.token) });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Record<string, unknown>[];
      const [{ n }] = (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`))
        .rows as [{ n: number }];
      expect(list).toHaveLength(Number(n));
      expect(list[0]).toMatchObject({ _id: newest.id, name: 'Newest Buyer' });
      for (const user of list) {
        expect(Object.keys(user).sort()).toEqual([...PUBLIC_USER_KEYS, 'createdAt'].sort());
        expect(new Date(user.createdAt as string).toISOString()).toBe(user.createdAt);
      }
      expect(res.body).not.toMatch(/argon2|passwordHash|password_hash|tokenHash/);
    });
  });
});

describe('a secure site marks the page cookie Secure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SITE_URL: 'https://jewellery.example.com' });
  });
  afterAll(() => t.close());

  it('adds Secure on login and logout', async () => {
    const buyer = await createUser(t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: buyer.email, password: buyer.password },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: bearer(res.json().token),
    });
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0; Secure$/);
  });
});

describe('rate limits on login and sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      RATE_LIMIT_LOGIN: '3',
      RATE_LIMIT_REGISTER: '2',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    });
  });
  afterAll(() => t.close());

  const login = (app: TestApp['app'], email: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'wrong' },
      remoteAddress,
    });

  it('limits login attempts per address, with 429, a clear message and Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login(t.app, `ip-${i}@example.com`, '10.0.0.1')).statusCode).toBe(401);
    }
    const res = await login(t.app, 'ip-4@example.com', '10.0.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      message: 'Too many login attempts, please try again later',
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await login(t.app, 'ip-5@example.com', '10.0.0.2')).statusCode).toBe(401);
  });

  it('limits login attempts per e-mail, from any address and in any case', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login(t.app, 'victim@example.com', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const res = await login(t.app, ' VICTIM@example.com', '10.1.0.9');
    expect(res.statusCode).toBe(429);
  });

  it('holds across two server instances sharing the database', async () => {
    const second = await buildApp({ env: t.env, database: t.database });
    await second.ready();
    try {
      expect((await login(t.app, 'shared-1@example.com', '10.2.0.1')).statusCode).toBe(401);
      expect((await login(second, 'shared-2@example.com', '10.2.0.1')).statusCode).toBe(401);
      expect((await login(t.app, 'shared-3@example.com', '10.2.0.1')).statusCode).toBe(401);
      expect((await login(second, 'shared-4@example.com', '10.2.0.1')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('starts a new window when the old one is over', async () => {
    for (let i = 0; i < 4; i++) await login(t.app, `window-${i}@example.com`, '10.3.0.1');
    expect((await login(t.app, 'window-x@example.com', '10.3.0.1')).statusCode).toBe(429);
    await t.database.db.execute(sql`UPDATE rate_limits SET reset_at = now() - interval '1 second'`);
    expect((await login(t.app, 'window-y@example.com', '10.3.0.1')).statusCode).toBe(401);
  });

  it('limits sign-ups', async () => {
    const signup = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        remoteAddress: '10.4.0.1',
        payload: validSignup({ email: `limited-${i}@example.com` }),
      });
    expect((await signup(1)).statusCode).toBe(201);
    expect((await signup(2)).statusCode).toBe(201);
    const res = await signup(3);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many sign-up attempts, please try again later');
    expect(res.headers['retry-after']).toBeDefined();
  });
});
