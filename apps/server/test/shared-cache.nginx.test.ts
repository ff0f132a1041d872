import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppLoadContext, EntryContext, ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { orders } from '../src/db/schema/orders.ts';
import { parseEnv } from '../src/env.ts';
import type { ServerLoadContext } from '../src/load-context.ts';
import { insertProduct, settleOutbox } from './buyer-fixtures.ts';
import { fakeServerBuild } from './fake-server-build.ts';
import { bearer, createTestDatabase, createUser, type TestUser } from './helpers.ts';

/*
 * Behind a real nginx with a micro-cache that keeps every answer it may for 10 s, by address alone:
 * it bypasses nothing for a cookie or an Authorization header, so only our own headers keep one
 * visitor's answer from the next. A signed-in admin and a buyer read everything that is theirs
 * (prices, e-mail addresses, orders, page data), then an anonymous visitor asks for the same
 * addresses through the same cache: none of it reaches them. An anonymous answer the cache may
 * keep is kept (a HIT), so the cache is known to be working.
 */
const NGINX = '/usr/sbin/nginx';
const hasNginx = fs.existsSync(NGINX);

const PRICE = '41.25';
const BUYER_EMAIL = 'asha.private@retail.example';

/** A storefront of one page whose data names the signed-in visitor (as the real root loader does). */
function pageBuild(): ServerBuild {
  const handleRequest = (
    _request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
    _loadContext: AppLoadContext,
  ) => {
    headers.set('Content-Type', 'text/html; charset=utf-8');
    const loaded = JSON.stringify(context.staticHandlerContext.loaderData);
    return new Response(`<!DOCTYPE html><html><body><pre>${loaded}</pre></body></html>`, { status, headers });
  };
  const routes = {
    root: {
      path: '',
      module: {
        default: () => null,
        loader: ({ context }: { context: ServerLoadContext }) => ({
          email: context.viewer?.email ?? null,
        }),
      },
    },
    page: { path: 'page/:name', module: { default: () => null, loader: () => ({ page: true }) } },
  };
  return fakeServerBuild(routes, handleRequest);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function microCacheConfig(root: string, port: number, upstream: string): string {
  return `daemon off;
worker_processes 1;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${root}/tmp;
  proxy_temp_path ${root}/tmp;
  fastcgi_temp_path ${root}/tmp;
  uwsgi_temp_path ${root}/tmp;
  scgi_temp_path ${root}/tmp;
  proxy_cache_path ${root}/cache keys_zone=micro:1m max_size=20m inactive=1m;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_cache micro;
      proxy_cache_key $scheme$host$request_uri;
      proxy_cache_valid 200 301 302 404 10s;
      add_header X-Cache $upstream_cache_status always;
    }
  }
}
`;
}

describe.skipIf(!hasNginx)(`behind nginx with a micro-cache (skipped: ${NGINX} is not installed)`, () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  let nginxRoot: string;
  let nginx: ChildProcess;
  let cacheUrl: string;
  let buyer: TestUser;
  let admin: TestUser;
  let orderId: string;
  let productId: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-nginx-app-'));
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      RATE_LIMIT_ORDER: '1000',
    });
    database = await createTestDatabase();
    app = await buildApp({ env, database, web: { build: pageBuild(), mode: 'production' } });
    const upstream = await app.listen({ port: 0, host: '127.0.0.1' });

    [buyer, admin] = await Promise.all([
      createUser(database, { email: BUYER_EMAIL }),
      createUser(database, { role: 'admin', email: 'ravi.admin@jaipur.example' }),
    ]);
    productId = (await insertProduct(database, { name: 'Kundan Ring', code: 'KR-1', price: Number(PRICE) }))
      .id;
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/orders/submit-order',
      headers: bearer(buyer.token),
      payload: {
        firstName: 'Asha',
        email: BUYER_EMAIL,
        contactNumber: '+91 98765 43210',
        country: 'IN',
        companyName: 'Asha Private Traders',
        orderDetails: [{ productId, quantity: 6 }],
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const [row] = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, submitted.json().orderId));
    orderId = row!.id;
    await settleOutbox(database);

    nginxRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-nginx-cache-'));
    // Started as root, nginx's workers run as an unprivileged user: they must write the cache.
    fs.chmodSync(nginxRoot, 0o755);
    for (const dir of ['tmp', 'cache']) fs.mkdirSync(path.join(nginxRoot, dir), { mode: 0o777 });
    for (const dir of ['tmp', 'cache']) fs.chmodSync(path.join(nginxRoot, dir), 0o777);
    const port = await freePort();
    const conf = path.join(nginxRoot, 'nginx.conf');
    fs.writeFileSync(conf, microCacheConfig(nginxRoot, port, upstream));
    nginx = spawn(NGINX, ['-p', nginxRoot, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
    cacheUrl = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const up = await fetch(`${cacheUrl}/healthz`).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (nginx.exitCode !== null || i > 100) {
        const log = path.join(nginxRoot, 'error.log');
        throw new Error(`nginx did not start: ${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((r) => nginx.once('exit', r));
    }
    if (nginxRoot) fs.rmSync(nginxRoot, { recursive: true, force: true });
    await app?.close();
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const through = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(cacheUrl + url, { headers, redirect: 'manual' });
    return { status: res.status, cache: res.headers.get('x-cache'), body: await res.text() };
  };

  const personal = () => [
    '/api/products/admin/paginated?page=1&limit=10',
    '/api/products/paginated?page=1&limit=16',
    `/api/products/single/${productId}`,
    '/api/users/all',
    '/api/users/me',
    '/api/orders/orders',
    '/api/orders/orders?page=1&limit=10',
    `/api/orders/${orderId}`,
    `/api/orders/${orderId}/comments`,
    '/api/admin/dashboard',
    '/api/admin/dashboard/quotes?weeks=12',
  ];

  it('an anonymous answer the cache may keep is kept (the cache works)', async () => {
    const first = await through('/page/control.data');
    const second = await through('/page/control.data');
    expect(first.status).toBe(200);
    expect(second.cache).toBe('HIT');
  });

  it('no price, e-mail address or order an admin read reaches an anonymous visitor after them', async () => {
    for (const url of personal()) {
      const asAdmin = await through(url, bearer(admin.token));
      expect(asAdmin.status, url).toBe(200);
      expect(asAdmin.cache, url).not.toBe('HIT');
    }
    // What the admin was answered did hold the secrets.
    expect((await through('/api/users/all', bearer(admin.token))).body).toContain(BUYER_EMAIL);
    expect((await through('/api/products/paginated?page=1&limit=16', bearer(admin.token))).body).toContain(
      PRICE,
    );
    for (const url of personal()) {
      const anonymous = await through(url);
      expect(anonymous.cache, url).not.toBe('HIT');
      expect(anonymous.body, url).not.toContain(PRICE);
      expect(anonymous.body, url).not.toContain(BUYER_EMAIL);
      expect(anonymous.body, url).not.toContain('Asha Private Traders');
    }
  });

  it("a buyer's account, list and requests stay theirs", async () => {
    const urls = [
      '/api/users/me',
      `/api/cart/${buyer.id}`,
      '/api/orders/mine?page=1&limit=10',
      `/api/orders/${orderId}`,
    ];
    for (const url of urls) expect((await through(url, bearer(buyer.token))).status, url).toBe(200);
    for (const url of urls) {
      const anonymous = await through(url);
      expect(anonymous.status, url).toBeGreaterThanOrEqual(400);
      expect(anonymous.body, url).not.toContain(BUYER_EMAIL);
      expect(anonymous.body, url).not.toContain('Asha Private Traders');
    }
  });

  it("a signed-in visitor's page and page data never reach an anonymous one, nor the other way round", async () => {
    const cookie = { cookie: `sid=${buyer.token}` };
    for (const url of ['/page/a.data', '/page/a']) {
      expect((await through(url, cookie)).body, url).toContain(BUYER_EMAIL);
      const anonymous = await through(url);
      expect(anonymous.status, url).toBe(200);
      expect(anonymous.body, url).not.toContain(BUYER_EMAIL);
      // The anonymous copy, kept now, is not handed to the signed-in visitor.
      expect((await through(url, cookie)).body, url).toContain(BUYER_EMAIL);
    }
  });
});
