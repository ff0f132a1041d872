import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, REDACT_PATHS } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { sessions } from '../../src/db/schema/users.ts';
import { parseEnv } from '../../src/env.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { bearer, createTestDatabase, createUser } from '../helpers.ts';

/** Secrets never reach the logs, and the sliding `sid` cookie follows its session. */
describe('sessions and logs', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-logs-'));
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'trace' });
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // The production logger's settings, at the most talkative level, into memory.
    app = await buildApp({ env, database, logger: { level: 'trace', redact: REDACT_PATHS, stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('never writes a password, a token or a session cookie to the log', async () => {
    const password = 'Sup3r-Secret-Passw0rd!';
    const email = `logs-${Date.now()}@example.com`;
    const register = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Log Test', email, password, contactNumber: '+91 98765 43210', country: 'IN' },
    });
    expect(register.statusCode).toBe(201);
    const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ token: string }>().token;
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: `${password}-wrong` },
    });
    expect(wrong.statusCode).toBe(401);
    // A malformed login body is logged as a 400: its text must not carry the password either.
    await app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${email}","password":"${password}"`,
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { ...bearer(token), cookie: `sid=${token}` },
    });
    expect(me.statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5); // the log really was written
    expect(log).toContain('/api/users/login');
    expect(log).not.toContain(password);
    expect(log).not.toContain(token);
    expect(log).not.toContain(hashToken(token));
  });

  it('re-sends the sid cookie with a full lifetime when the session slides, and only then', async () => {
    const buyer = await createUser(database); // its session ends in a day: the next use extends it
    const first = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { ...bearer(buyer.token), cookie: `sid=${buyer.token}` },
    });
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toContain(`sid=${buyer.token};`);
    expect(cookie).toContain(`Max-Age=${30 * 86_400}`);
    expect(cookie).toContain('HttpOnly');
    const [session] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(buyer.token)));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    // Extended a moment ago: nothing to refresh.
    const second = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { ...bearer(buyer.token), cookie: `sid=${buyer.token}` },
    });
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('does not hand a cookie to a client that never had one, nor revive one a logout cleared', async () => {
    const apiClient = await createUser(database);
    const res = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(apiClient.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();

    const browser = await createUser(database);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { ...bearer(browser.token), cookie: `sid=${browser.token}` },
    });
    expect(logout.statusCode).toBe(204);
    expect([logout.headers['set-cookie']].flat()).toEqual([expect.stringMatching(/^sid=; .*Max-Age=0/)]);
  });
});
