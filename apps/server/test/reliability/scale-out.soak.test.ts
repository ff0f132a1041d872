import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleImage } from '../image-fixtures.ts';
import {
  adminToken,
  call,
  registerAndLogin,
  startPrivateCluster,
  startServer,
  tempDir,
  type PrivateCluster,
  type ServerProcess,
} from './processes.ts';

/**
 * Two server processes on one PostgreSQL, reached on two ports with nothing in front. Sessions,
 * enquiry lists and rate limits live in the database; media originals and variants live in the
 * media store, here one directory both processes mount (ADR 007); caches are per process, and a
 * write on one empties the other's through LISTEN/NOTIFY (src/cache-sync.ts).
 */
describe('scale-out', () => {
  let cluster: PrivateCluster | null = null;
  const servers: ServerProcess[] = [];
  // The first test spends the login limit; the second reuses its administrator's session.
  let admin = '';
  const dataDir = tempDir('scale');
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    cluster?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves one catalogue from two processes: sessions, lists, images and rate limits are shared', async () => {
    cluster = await startPrivateCluster();
    const env = { DATABASE_URL: cluster.url, DATA_DIR: dataDir, RATE_LIMIT_LOGIN: '10' };
    // One after the other: both run the migrations at start, the second finds nothing to do.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const [a, b] = servers.map((s) => s.url) as [string, string];

    // A login on one works on the other.
    const buyer = await registerAndLogin(a, 'scale');
    expect((await call(b, 'GET', '/api/users/me', { token: buyer.token })).status).toBe(200);

    // An image uploaded on one is served by the other; the product too.
    admin = await adminToken(a);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Scale Ring',
      description: 'x',
      category: 'Rings',
      subcategory: 'withgemstone',
      code: 'SCALE-1',
    }))
      form.set(k, v);
    form.set('image', new Blob([await sampleImage('jpeg', 800, 600)], { type: 'image/jpeg' }), 'ring.jpg');
    const added = await fetch(`${a}/api/products/admin/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(added.status).toBe(201);
    const product = ((await added.json()) as { product: { _id: string; imageUrl: string } }).product;
    // The answer's address is absolute (SITE_URL); the other process serves the same path.
    const imagePath = new URL(product.imageUrl).pathname;
    for (const query of ['', '?w=400&h=400&fit=cover', '?w=600&h=600&dpr=2']) {
      const image = await fetch(`${b}${imagePath}${query}`, { headers: { accept: 'image/webp' } });
      expect(image.status, `${imagePath}${query}`).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    expect((await call(b, 'GET', `/api/products/single/${product._id}`)).status).toBe(200);

    // The enquiry list changed on one is read on the other, both ways.
    const added1 = await call(a, 'POST', '/api/cart/add', {
      token: buyer.token,
      body: { userId: buyer.id, productId: product._id, quantity: 3 },
    });
    expect(added1.status).toBe(200);
    const onB = await call<{ items: { productId: string; quantity: number }[] }>(
      b,
      'GET',
      `/api/cart/${buyer.id}`,
      {
        token: buyer.token,
      },
    );
    expect(onB.body.items).toEqual([expect.objectContaining({ productId: product._id, quantity: 3 })]);
    await call(b, 'PUT', '/api/cart/quantity', {
      token: buyer.token,
      body: { userId: buyer.id, productId: product._id, quantity: 7 },
    });
    const onA = await call<{ items: { quantity: number }[] }>(a, 'GET', `/api/cart/${buyer.id}`, {
      token: buyer.token,
    });
    expect(onA.body.items.map((i) => i.quantity)).toEqual([7]);

    // A logout on one ends the session on the other.
    const second = await call<{ token: string }>(b, 'POST', '/api/users/login', {
      body: { email: buyer.email, password: buyer.password },
    });
    expect((await call(a, 'POST', '/api/users/logout', { token: second.body.token })).status).toBe(204);
    expect((await call(b, 'GET', '/api/users/me', { token: second.body.token })).status).toBe(401);

    // The login limit (10 per window) holds across both: alternate wrong passwords between them.
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await call(i % 2 ? b : a, 'POST', '/api/users/login', {
        body: { email: buyer.email, password: `wrong-${i}` },
      });
      statuses.push(res.status);
    }
    const attempts = statuses.filter((s) => s === 401).length;
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // Two logins above already counted against this e-mail and address.
    expect(attempts).toBeLessThanOrEqual(10);
    console.info(`scale-out: login answers across the two processes ${statuses.join(' ')}`);
  });

  it("shows an admin's product and blog changes on the other process within a second", async () => {
    // Runs after the test above, on its cluster and its two processes (caches on, 30 s by default).
    expect(servers).toHaveLength(2);
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const { body: listing } = await call<{ products: { _id: string; name: string }[] }>(
      b,
      'GET',
      '/api/products/paginated?page=1',
    );
    const product = listing.products[0]!;
    const pagePath = `/singleproduct/${product._id}`;
    // B caches the listing, the product and its page.
    await call(b, 'GET', `/api/products/single/${product._id}`);
    expect((await fetch(`${b}${pagePath}`)).status).toBe(200);

    const renamed = `Renamed On A ${Date.now()}`;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: renamed,
      description: 'changed on the other process',
      category: 'Rings',
      subcategory: 'withgemstone',
      code: 'SCALE-1',
    }))
      form.set(k, v);
    const changedAt = Date.now();
    const put = await fetch(`${a}/api/products/admin/${product._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(put.status).toBe(200);

    const seenWithin = async (read: () => Promise<string>, text: string) => {
      for (;;) {
        if ((await read()).includes(text)) return Date.now() - changedAt;
        if (Date.now() - changedAt > 5_000) return Infinity;
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    const text = (path: string) => () => fetch(`${b}${path}`).then((r) => r.text());
    expect(await seenWithin(text('/api/products/paginated?page=1'), renamed)).toBeLessThan(1_000);
    expect(await seenWithin(text(`/api/products/single/${product._id}`), renamed)).toBeLessThan(1_000);
    expect(await seenWithin(text(pagePath), renamed)).toBeLessThan(1_000);

    // A blog post written on A is listed by B's page and API at once too.
    await fetch(`${b}/blogs`);
    const blog = new FormData();
    blog.set('title', `Cache Sync Post ${changedAt}`);
    blog.set('content', '<p>Written on the other process.</p>');
    const created = await fetch(`${a}/api/blogs/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: blog,
    });
    expect(created.status).toBe(201);
    const blogAt = Date.now();
    const blogSeen = await seenWithin(text('/blogs'), `Cache Sync Post ${changedAt}`);
    expect(blogSeen - (blogAt - changedAt)).toBeLessThan(1_000);
  });
});
