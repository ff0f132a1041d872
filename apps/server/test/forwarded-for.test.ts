import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env.ts';
import { createUser, buildTestApp, type TestApp, type TestUser } from './helpers.ts';

/*
 * A client behind the proxy writes its own `X-Forwarded-For`; the proxy appends the address it
 * saw (nginx's `$proxy_add_x_forwarded_for`). Only the hops TRUST_PROXY names are believed, so a
 * forged list never gives a client a new address for the per-address limits, and a client that
 * reaches the server directly is its socket's address whatever it writes.
 */
const PROXY = '127.0.0.1';
const CLIENT = '203.0.113.7';

const signup = (n: number) => ({
  name: 'Asha Verma',
  email: `spray-${n}-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'a long secret',
  contactNumber: '+44 20 7946 0000',
  country: 'GB',
  companyName: 'Verma Jewels Ltd',
});
const contact = (n: number) => ({
  name: 'Lena Fischer',
  email: `lena-${n}@example.de`,
  contactNumber: '+49 30 1234567',
  country: 'DE',
  message: 'Do you make silver toe rings?',
});

describe.each(['true', '1', 'loopback', '127.0.0.1/32'])('TRUST_PROXY=%s', (setting) => {
  let t: TestApp;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({
      TRUST_PROXY: setting,
      RATE_LIMIT_LOGIN: '3',
      RATE_LIMIT_REGISTER: '2',
      RATE_LIMIT_CONTACT: '2',
    });
    buyer = await createUser(t.database);
  });
  afterAll(() => t?.close());

  /** Through the proxy: the client's forged list, then the address the proxy saw. */
  const viaProxy = (url: string, payload: object, forged: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `${forged}, ${CLIENT}`, ...headers },
    });

  it('login spraying with a new forged address each time still meets the per-address limit', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 5; n++) {
      const res = await viaProxy(
        '/api/users/login',
        { email: `nobody-${n}@example.com`, password: 'wrong password' },
        `198.51.100.${n + 1}`,
      );
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('so do sign-up and the contact form', async () => {
    const signups: number[] = [];
    const contacts: number[] = [];
    for (let n = 0; n < 4; n++) {
      signups.push((await viaProxy('/api/users/register', signup(n), `192.0.2.${n + 1}`)).statusCode);
      contacts.push((await viaProxy('/api/contact/send', contact(n), `192.0.2.${n + 1}`)).statusCode);
    }
    expect(signups).toEqual([201, 201, 429, 429]);
    expect(contacts.slice(2)).toEqual([429, 429]);
    expect(contacts.slice(0, 2).every((c) => c < 300)).toBe(true);
  });

  it('another client behind the same proxy has limits of its own', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'someone@example.com', password: 'wrong password' },
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(res.statusCode).toBe(401);
  });

  // A hop count cannot tell a proxy from a client: only a list of addresses can.
  const isHopCount = setting === 'true' || setting === '1';
  it.skipIf(isHopCount)(
    'a client reaching the server directly is its own address, whatever it forwards',
    async () => {
      const codes: number[] = [];
      for (let n = 0; n < 5; n++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: `direct-${n}@example.com`, password: 'wrong password' },
          remoteAddress: '198.51.100.200',
          headers: { 'x-forwarded-for': `192.0.2.${100 + n}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    },
  );

  it('the session cookie is Secure when the request came over HTTPS through the trusted proxy', async () => {
    const login = (headers: Record<string, string>, remoteAddress = PROXY) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: buyer.email, password: buyer.password },
        remoteAddress,
        headers: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 200) + 20}`, ...headers },
      });
    const overHttps = await login({ 'x-forwarded-proto': 'https' });
    expect(overHttps.statusCode, overHttps.body).toBe(200);
    expect(String(overHttps.headers['set-cookie'])).toMatch(/^sid=[\w-]+;.*; Secure$/);
    const overHttp = await login({ 'x-forwarded-proto': 'http' });
    expect(String(overHttp.headers['set-cookie'])).not.toContain('Secure');
    if (!isHopCount) {
      // Claimed by a client that is no trusted proxy: not believed.
      const forged = await login({ 'x-forwarded-proto': 'https' }, '198.51.100.201');
      expect(forged.statusCode, forged.body).toBe(200);
      expect(String(forged.headers['set-cookie'])).not.toContain('Secure');
    }
  });
});

describe('reading TRUST_PROXY', () => {
  const read = (value: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;

  it('no proxy by default, and for false, 0 or nothing', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    for (const value of ['false', '0', '', 'no']) expect(read(value)).toBe(false);
  });

  it('true is one hop, never every hop; a number is that many hops', () => {
    expect(read('true')).toEqual({ hops: 1 });
    expect(read('2')).toEqual({ hops: 2 });
  });

  it('a list of addresses, ranges and named ranges', () => {
    expect(read('10.0.0.1, 172.16.0.0/12,loopback,::1')).toEqual({
      addresses: ['10.0.0.1', '172.16.0.0/12', 'loopback', '::1'],
    });
  });

  it('refuses what it cannot read, naming it', () => {
    expect(() => read('10.0.0.300')).toThrow(/10\.0\.0\.300/);
    expect(() => read('everything')).toThrow(/TRUST_PROXY.*everything|everything/);
    expect(() => read('11')).toThrow(/at most 10 hops/);
  });
});
