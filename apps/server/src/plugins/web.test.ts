import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { data, redirect, type AppLoadContext, type EntryContext } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { products } from '../db/schema/products.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import type { ServerLoadContext } from '../load-context.ts';
import { createTestDatabase, createUser, type TestUser } from '../../test/helpers.ts';
import { NONCE_PLACEHOLDER } from './stored-page.ts';
import { fakeServerBuild } from '../../test/fake-server-build.ts';

/** Loader runs per path: a render from the cache runs none. */
const renders = new Map<string, number>();
const count = (request: Request) => {
  const url = new URL(request.url);
  const key = url.pathname + url.search;
  renders.set(key, (renders.get(key) ?? 0) + 1);
};

/** The loader of `held`: tells when it starts, then waits until the test lets it go. */
const held = { started: () => {}, release: Promise.resolve() };

/** Loaders of `slow/:n` running now, and the most there were at once. */
const inFlight = { now: 0, most: 0 };

type Args = { request: Request; context: ServerLoadContext };
const page = (loader: (args: Args) => unknown, extra: Record<string, unknown> = {}) => ({
  default: () => null,
  loader,
  ...extra,
});

const routes: Record<string, { path?: string; index?: boolean; module: Record<string, unknown> }> = {
  root: {
    path: '',
    module: page(({ request, context }) => {
      count(request);
      return { viewer: context.viewer?.name ?? null };
    }),
  },
  page: { path: ':lang?/page/:name', module: page(() => ({ page: true })) },
  slow: {
    path: 'slow/:n',
    module: page(async () => {
      inFlight.now++;
      inFlight.most = Math.max(inFlight.most, inFlight.now);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight.now--;
      return { slow: true };
    }),
  },
  held: {
    path: 'held',
    module: page(async () => {
      held.started();
      await held.release;
      return { held: true };
    }),
  },
  missing: {
    path: 'missing',
    module: page(() => {
      throw data(null, { status: 404 });
    }),
  },
  moved: {
    path: 'moved',
    module: page(() => {
      throw redirect('/page/a', 301);
    }),
  },
  cookie: {
    path: 'cookie',
    module: page(() => null, { headers: () => ({ 'Set-Cookie': 'seen=1' }) }),
  },
  private: {
    path: 'private',
    module: page(() => null, { headers: () => ({ 'Cache-Control': 'private, no-store' }) }),
  },
  public: {
    path: 'public',
    module: page(() => ({ public: true }), {
      headers: () => ({ 'Cache-Control': 'public, max-age=600' }),
    }),
  },
};

/** Two scripts carrying the nonce, the URL and the loaders' data: enough to tell answers apart. */
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
  const html = `<!DOCTYPE html><html><body><script nonce="${nonce}">1</script><p>${request.url}</p><pre>${loaded}</pre><script nonce="${nonce}">2</script></body></html>`;
  // As the app's entry does for a page to store: the document handed over as bytes. Its answer's
  // body says otherwise here, to tell which of the two the server stored.
  const { keepDocument } = loadContext as unknown as ServerLoadContext;
  if (keepDocument && new URL(request.url).pathname === '/page/handed') {
    const response = new Response('<p>read back from the answer</p>', { status, headers });
    keepDocument(response, Buffer.from(html));
    return response;
  }
  return new Response(html, { status, headers });
}

const build = fakeServerBuild(routes, handleRequest);

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
const noncesIn = (html: string) => [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);

describe('pages for anonymous visitors', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  let buyer: TestUser;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-web-'));
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    database = await createTestDatabase();
    app = await buildApp({ env, database, web: { build, mode: 'production' } });
    await app.ready();
    buyer = await createUser(database, { name: 'Asha Buyer' });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    // Every test starts from an empty cache, as after a write.
    app.services.events.emit('blogs:changed');
    renders.clear();
  });

  // Light-my-request's own user agent counts as a crawler.
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'user-agent': browser, ...headers } });

  it('renders a page once and answers every visitor the same stored bytes', async () => {
    const first = await get('/page/a');
    const second = await get('/page/a');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(renders.get('/page/a')).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toContain('http://localhost/page/a</p>');
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('stores the document the render handed over as bytes, without reading its answer back', async () => {
    const answer = await get('/page/handed');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<p>http://localhost/page/handed</p>');
    expect(answer.body).toContain('<script>1</script>');
    expect(answer.body).not.toContain('read back');
    expect(answer.headers['content-security-policy']).toContain(
      "'sha256-a4ayc/80/OGda4BO/1o/V0etpOqiLx1JwB5S3beHW0s='",
    );
    expect((await get('/page/handed')).body).toBe(answer.body);
  });

  it('names its inline scripts by hash in its policy: no nonce, no placeholder, no unsafe-inline', async () => {
    const answer = await get('/page/a');
    const policy = String(answer.headers['content-security-policy']);
    expect(answer.body).toContain('<script>1</script>');
    expect(answer.body).not.toContain('nonce');
    expect(answer.body).not.toContain(NONCE_PLACEHOLDER);
    // sha256 of "1" and of "2", the test page's two inline scripts.
    expect(policy).toContain(
      "script-src 'self' 'sha256-a4ayc/80/OGda4BO/1o/V0etpOqiLx1JwB5S3beHW0s=' " +
        "'sha256-1HNeOiZeFu7gP1lxi5tdAwGcB9i2xR+Q2jpmbuwTqzU=' 'strict-dynamic'",
    );
    expect(policy).not.toContain("unsafe-inline'; img");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('lets shared caches keep it, and answers 304 to a validator it issued', async () => {
    const first = await get('/page/a', { 'accept-encoding': 'gzip' });
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    expect(first.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}-gz"$/);

    const again = await get('/page/a', {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    const stale = await get('/page/a', { 'if-none-match': '"not-this-page"' });
    expect(stale.statusCode).toBe(200);
    expect(renders.get('/page/a')).toBe(1);
  });

  it('answers Brotli, gzip or plain HTML, each decoding to the same page', async () => {
    const plain = await get('/page/a', { 'accept-encoding': 'identity' });
    const br = await get('/page/a', { 'accept-encoding': 'gzip, br' });
    const gz = await get('/page/a', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.byteLength);
  });

  it('answers a HEAD from the cached page, without a body', async () => {
    await get('/page/a');
    const head = await app.inject({ method: 'HEAD', url: '/page/a', headers: { 'user-agent': browser } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-security-policy']).toContain("'sha256-");
    expect(renders.get('/page/a')).toBe(1);
  });

  it('keeps paths, queries, languages and hosts apart, and crawlers read the same page', async () => {
    const urls = ['/page/a', '/page/b', '/hi/page/a', '/page/a?page=2'];
    for (const url of [...urls, ...urls]) {
      const answer = await get(url);
      expect(answer.body).toContain(`http://localhost${url}</p>`);
    }
    const other = await get('/page/a', { host: 'shop.example' });
    expect(other.body).toContain('http://shop.example/page/a</p>');
    const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    await get('/page/a', { 'user-agent': crawler });
    await get('/page/a', { 'user-agent': crawler });
    expect(Object.fromEntries(renders)).toEqual({
      '/page/a': 2,
      '/page/b': 1,
      '/hi/page/a': 1,
      '/page/a?page=2': 1,
    });
  });

  it('never serves a signed-in visitor from the cache, nor keeps their page', async () => {
    const cookie = `sid=${buyer.token}`;
    await get('/page/a');
    const signedIn = await get('/page/a', { cookie });
    expect(signedIn.body).toContain('Asha Buyer');
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.headers['content-security-policy']).toContain("'nonce-");
    expect(renders.get('/page/a')).toBe(2);
    const anonymous = await get('/page/a');
    expect(anonymous.body).not.toContain('Asha Buyer');
    await get('/page/a', { cookie });
    expect(renders.get('/page/a')).toBe(3);
  });

  it("a signed-in visitor's page data, pages and redirects are private, no-store, whatever the route said", async () => {
    const cookie = `sid=${buyer.token}`;
    for (const url of ['/page/a.data', '/page/a', '/public', '/public.data', '/moved', '/moved.data']) {
      const answer = await get(url, { cookie });
      expect(answer.statusCode, url).toBeLessThan(400);
      expect(answer.headers['cache-control'], url).toBe('private, no-store');
      expect(String(answer.headers.vary), url).toMatch(/(^|, )Cookie(,|$)/);
    }
    const data = await get('/page/a.data', { cookie });
    expect(data.body).toContain('Asha Buyer');
  });

  it("an anonymous visitor's page data varies by Cookie and names no one", async () => {
    for (const url of ['/page/a.data', '/public.data', '/public']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(String(answer.headers.vary), url).toMatch(/(^|, )Cookie(,|$)/);
      expect(answer.body).not.toContain('Asha Buyer');
    }
  });

  it('keeps no redirect, missing page, cookie-setting or private page', async () => {
    for (const url of ['/moved', '/missing', '/cookie', '/private']) {
      const first = await get(url);
      const second = await get(url);
      expect(second.statusCode).toBe(first.statusCode);
      expect(renders.get(url)).toBe(2);
    }
    const moved = await get('/moved');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/page/a');
    const missing = await get('/missing');
    expect(missing.statusCode).toBe(404);
    expect(noncesIn(missing.body)).toEqual([
      nonceOf(missing.headers['content-security-policy']),
      nonceOf(missing.headers['content-security-policy']),
    ]);
    expect((await get('/cookie')).headers['set-cookie']).toEqual(['seen=1']);
  });

  it('shares a render in flight with concurrent visitors, unless it sets a cookie', async () => {
    const missing = await Promise.all([get('/missing'), get('/missing')]);
    expect(renders.get('/missing')).toBe(1);
    for (const answer of missing) {
      expect(answer.statusCode).toBe(404);
      const nonce = nonceOf(answer.headers['content-security-policy']);
      expect(noncesIn(answer.body)).toEqual([nonce, nonce]);
    }
    await Promise.all([get('/cookie'), get('/cookie')]);
    expect(renders.get('/cookie')).toBe(2);
  });

  it('renders at most four pages for anonymous visitors at once, and answers every one', async () => {
    inFlight.most = 0;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => get(`/slow/${n}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(answers.map((a, n) => a.body.includes(`/slow/${n}`))).toEqual(Array(12).fill(true));
    expect(inFlight.most).toBe(4);
  });

  it('renders again after a catalogue or blog write on this instance', async () => {
    await get('/page/a');
    const [product] = await database.db
      .insert(products)
      .values({ name: 'Moon Ring', code: 'WEB-1', category: 'Rings', subcategory: 'withgemstone' })
      .returning();
    await app.services.catalogue.deleteProduct(product!.id);
    await get('/page/a');
    expect(renders.get('/page/a')).toBe(2);

    await app.services.blogs.create({ title: 'Monsoon edit', content: '<p>Pearls and rain.</p>' });
    await get('/page/a');
    await get('/page/a');
    expect(renders.get('/page/a')).toBe(3);
  });
});

describe('closing with a page being rendered for anonymous visitors', () => {
  it('waits for a render still running after its visitor has gone, so none outlives the database', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-web-close-'));
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const database = await createTestDatabase();
    const app = await buildApp({ env, database, web: { build, mode: 'production' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    let release = () => {};
    const started = new Promise<void>((resolve) => (held.started = resolve));
    held.release = new Promise<void>((resolve) => (release = resolve));

    // The visitor asks, and goes once the render has started.
    const visitor = new AbortController();
    const { port } = app.server.address() as { port: number };
    const asked = fetch(`http://127.0.0.1:${port}/held`, { signal: visitor.signal }).catch(() => null);
    await started;
    visitor.abort();
    await asked;

    let isClosed = false;
    const closing = app.close().then(() => (isClosed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isClosed).toBe(false);
    release();
    await closing;
    expect(isClosed).toBe(true);
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});

describe('built assets', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  let clientDir: string;
  const script = 'export const metals = ["brass", "silver", "gold plated"];\n'.repeat(100);

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-web-'));
    clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-client-'));
    await fs.mkdir(path.join(clientDir, 'assets'));
    // As the build leaves them (apps/web/scripts/precompress.mjs), each copy marked so it can be told apart.
    await fs.writeFile(path.join(clientDir, 'assets/app-x1.js'), script);
    await fs.writeFile(path.join(clientDir, 'assets/app-x1.js.br'), zlib.brotliCompressSync(`${script}//br`));
    await fs.writeFile(path.join(clientDir, 'assets/app-x1.js.gz'), zlib.gzipSync(`${script}//gz`));
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    database = await createTestDatabase();
    app = await buildApp({ env, database, web: { build, mode: 'production', clientDir } });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await Promise.all([dataDir, clientDir].map((d) => fs.rm(d, { recursive: true, force: true })));
  });

  const asset = (acceptEncoding: string) =>
    app.inject({ method: 'GET', url: '/assets/app-x1.js', headers: { 'accept-encoding': acceptEncoding } });

  it('answers the stored Brotli copy, else the gzip one, else the file, marked to vary by encoding', async () => {
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(`${script}//br`);

    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(`${script}//gz`);

    const plain = await asset('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);

    for (const answer of [br, gz, plain]) {
      expect(answer.headers['content-type']).toMatch(/^application\/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('stored pages, answered through Fastify', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  let base: string;
  let buyer: TestUser;
  const logged: string[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-web-'));
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    database = await createTestDatabase();
    // Every request that reaches Fastify is logged as it arrives.
    const stream = { write: (line: string) => void logged.push(String(JSON.parse(line).msg)) };
    app = await buildApp({
      env,
      database,
      web: { build, mode: 'production' },
      logger: { level: 'info', stream },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    buyer = await createUser(database, { name: 'Asha Buyer' });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const reached = () => logged.filter((msg) => msg === 'incoming request').length;
  const completed = () => logged.filter((msg) => msg === 'request completed').length;
  const headersOf = (response: Response) => {
    const { date: _date, connection: _c, 'keep-alive': _k, ...rest } = Object.fromEntries(response.headers);
    return rest;
  };

  it('answers a stored page through Fastify: its hooks, its request log and the security headers', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const first = await fetch(`${base}/page/fast`, { headers: gzip }); // rendered by the route
    const firstBody = await first.text();
    const before = { reached: reached(), completed: completed() };
    for (let answer = 0; answer < 3; answer++) {
      const again = await fetch(`${base}/page/fast`, { headers: gzip });
      expect(await again.text()).toBe(firstBody);
      expect(headersOf(again)).toEqual(headersOf(first));
      // Set by the security plugin's onRequest hook on every answer Fastify makes.
      expect(again.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(again.headers.get('x-content-type-options')).toBe('nosniff');
      expect(again.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(again.headers.get('referrer-policy')).toBe('no-referrer');
      expect(again.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      // The page's own policy replaces the API's, naming its inline scripts by hash.
      expect(again.headers.get('content-security-policy')).toContain("'sha256-");
      expect(again.headers.get('content-security-policy')).not.toContain("default-src 'none'");
      expect(again.headers.get('cache-control')).toBe(
        'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
      );
      expect(again.headers.get('etag')).toMatch(/^"[\w-]+-gz"$/);
    }
    // Each answer went through Fastify's request log, as it arrived and when it was sent.
    await vi.waitFor(() => expect(completed()).toBe(before.completed + 3));
    expect(reached()).toBe(before.reached + 3);

    const revalidated = await fetch(`${base}/page/fast`, {
      headers: { ...gzip, 'if-none-match': first.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(reached()).toBe(before.reached + 4);
  });

  it('answers a stored page in Brotli or gzip as the client asks, with an ETag per encoding', async () => {
    const br = await fetch(`${base}/page/fast`, { headers: { 'accept-encoding': 'br' } });
    const gz = await fetch(`${base}/page/fast`, { headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await br.text()).toBe(await gz.text());
    expect(br.headers.get('etag')).toMatch(/-br"$/);
    expect(gz.headers.get('etag')).toMatch(/-gz"$/);
    expect(br.headers.get('vary')).toBe('Accept-Encoding, Cookie');
  });

  it('answers signed-in visitors with their own page, never the stored one', async () => {
    await fetch(`${base}/page/fast`);
    const signedIn = await fetch(`${base}/page/fast`, {
      headers: { cookie: `theme=dark; sid=${buyer.token}` },
    });
    expect(await signedIn.text()).toContain('Asha Buyer');
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
  });
});
