import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { data, type AppLoadContext, type EntryContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import type { ServerLoadContext } from '../load-context.ts';
import { bearer, createTestDatabase, createUser, type TestUser } from '../../test/helpers.ts';
import { insertProduct } from '../../test/buyer-fixtures.ts';
import { fakeServerBuild } from '../../test/fake-server-build.ts';

/**
 * A selection's link page is rendered once for every anonymous visitor while its link and designs
 * stay the same, each answer from memory still counted as an open, and it is never a page for a
 * shared cache. Through the app's real selections service, with a stand-in storefront build whose
 * link route loads the link as the real one does.
 */

let renders = 0;
type Args = { params: { token: string }; context: ServerLoadContext };
const routes = {
  root: { path: '', module: { default: () => null, loader: () => null } },
  link: {
    path: ':lang?/s/:token',
    module: {
      default: () => null,
      loader: async ({ params, context }: Args) => {
        renders++;
        const entry = await context.services.selections
          .open(params.token, { userId: context.viewer?.id ?? null })
          .catch((error: { code?: string }) => {
            throw data(null, { status: error.code === 'GONE' ? 410 : 404 });
          });
        return {
          title: entry.answer.selection.title,
          codes: entry.answer.selection.designs.map((d) => d.code),
        };
      },
      headers: () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' }),
    },
  },
};

function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce } = loadContext as unknown as ServerLoadContext;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  const loaded = JSON.stringify(context.staticHandlerContext.loaderData);
  return new Response(
    `<!DOCTYPE html><html><body><script nonce="${nonce}">1</script><pre>${loaded}</pre></body></html>`,
    { status, headers },
  );
}

describe('link pages held in memory', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  let admin: TestUser;
  let buyer: TestUser;
  let selectionId: string;
  let token: string;
  let linkId: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-held-'));
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    database = await createTestDatabase();
    app = await buildApp({
      env,
      database,
      web: { build: fakeServerBuild(routes, handleRequest), mode: 'production' },
    });
    await app.ready();
    [admin, buyer] = await Promise.all([
      createUser(database, { role: 'admin' }),
      createUser(database, { name: 'Signed-in Buyer' }),
    ]);
    const ring = await insertProduct(database, { name: 'Held Ring', code: 'HELD-1' });
    const made = await app.inject({
      method: 'POST',
      url: '/api/selections',
      headers: bearer(admin.token),
      payload: { title: 'Spring rings', productIds: [ring.id] },
    });
    expect(made.statusCode, made.body).toBe(201);
    selectionId = made.json().selection._id;
    const link = await app.inject({
      method: 'POST',
      url: `/api/selections/${selectionId}/links`,
      headers: bearer(admin.token),
      payload: { recipient: { name: 'Meera', phone: '+91 98765 43210' } },
    });
    expect(link.statusCode, link.body).toBe(201);
    ({ token, _id: linkId } = link.json().link);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const opens = async () => {
    await app.services.selections.flushOpens();
    const activity = await app.inject({
      method: 'GET',
      url: `/api/selections/${selectionId}/activity`,
      headers: bearer(admin.token),
    });
    return (activity.json().links as { linkId: string; opens: number }[]).find((l) => l.linkId === linkId)!
      .opens;
  };

  it('renders once, then answers the same stored bytes from memory, counting every open', async () => {
    const before = renders;
    const openedBefore = await opens();
    const open = vi.spyOn(app.services.selections, 'open');
    const first = await page(`/s/${token}`);
    const second = await page(`/s/${token}`);
    const third = await page(`/s/${token}`);
    // The render's loader opened the link once; each answer from memory opened it too.
    expect(open).toHaveBeenCalledTimes(3);
    open.mockRestore();
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200]);
    expect(renders - before).toBe(1);
    expect(second.body).toContain('Spring rings');
    expect(second.body).toContain('HELD-1');
    // The same stored bytes each time: its inline script admitted by hash, no nonce, no placeholder.
    expect(second.body).toBe(first.body);
    expect(third.body).toBe(first.body);
    expect(first.body).toContain('<script>1</script>');
    expect(first.body).not.toContain('nonce');
    expect(String(first.headers['content-security-policy'])).toMatch(/'sha256-[^']+'/);
    expect(String(first.headers['content-security-policy'])).not.toContain('nonce-');
    // A link page is no page for a shared cache, from memory or not.
    for (const answer of [first, second, third]) {
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    // Opens are counted once per recipient and day: the count moved from none to one, and stays.
    expect(openedBefore).toBe(0);
    expect(await opens()).toBe(1);
  });

  it('renders again once the selection changes, and answers 410 at once when the link is revoked', async () => {
    await page(`/s/${token}`);
    const before = renders;
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/selections/${selectionId}`,
      headers: bearer(admin.token),
      payload: { title: 'Summer rings' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await page(`/s/${token}`);
    expect(renders - before).toBe(1);
    expect(after.body).toContain('Summer rings');
    expect(after.body).not.toContain('Spring rings');

    const revoked = await app.inject({
      method: 'POST',
      url: `/api/selections/${selectionId}/links/${linkId}/revoke`,
      headers: bearer(admin.token),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const gone = await page(`/s/${token}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).not.toContain('Summer rings');
  });

  it('renders for a signed-in reader every time (their page is theirs), and for an unknown token', async () => {
    const other = await app.inject({
      method: 'POST',
      url: `/api/selections/${selectionId}/links`,
      headers: bearer(admin.token),
      payload: { recipient: { name: 'Kavya', email: 'kavya@example.com' } },
    });
    const fresh = other.json().link.token as string;
    await page(`/s/${fresh}`);
    const before = renders;
    await page(`/s/${fresh}`, { cookie: `sid=${buyer.token}` });
    await page(`/s/${fresh}`, { cookie: `sid=${buyer.token}` });
    expect(renders - before).toBe(2);
    const unknown = await page(`/s/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
  });
});
