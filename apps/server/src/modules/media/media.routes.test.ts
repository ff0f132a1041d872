import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../../test/helpers.ts';
import { multipart, sampleImage } from '../../../test/image-fixtures.ts';
import {
  buildAppOnStore,
  bytesOf,
  MEDIA_STORES,
  storedKeys,
  type StoreTestApp,
} from '../../../test/media-stores.ts';
import { products } from '../../db/schema/products.ts';
import { createConfiguredMediaStore } from './configured-store.ts';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
/** A browser without AVIF (older Safari, Edge Legacy): WebP straight away. */
const WEBP_ACCEPT = 'image/webp,image/apng,image/*,*/*;q=0.8';
const LIMIT = { maxBytes: 5 * 1024 * 1024, tooLargeMessage: 'too large' };

describe.each(MEDIA_STORES)('GET /media/{id} from the %s store', (kind) => {
  let t: StoreTestApp;
  let id: string;
  let transparentId: string;

  beforeAll(async () => {
    t = await buildAppOnStore(kind);
    id = (await t.app.services.media.ingestImage(await sampleImage('jpeg', 1000, 800), LIMIT)).id;
    const transparent = await sharp({
      create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    transparentId = (await t.app.services.media.ingestImage(transparent, LIMIT)).id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: WEBP_ACCEPT, ...headers } });

  /** Asks until the answer is AVIF (the background encoder has finished), at most ~10 s. */
  async function untilAvif(url: string, accept: string) {
    for (let i = 0; i < 200; i++) {
      const res = await get(url, { accept });
      if (res.headers['content-type'] === 'image/avif') return res;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the AVIF variant was never made');
  }

  it('answers a browser that takes AVIF with WebP while the AVIF is made, then with AVIF for good', async () => {
    const url = `/media/${id}?w=600&h=600&fit=inside&q=86`;
    const first = await get(url, { accept: CHROME_ACCEPT });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers.vary).toMatch(/Accept/i);

    const avif = await untilAvif(url, CHROME_ACCEPT);
    expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({
      format: 'heif',
      width: 600,
      height: 480,
    });
    expect(avif.headers.etag).not.toBe(first.headers.etag);
    // Smaller than the WebP it replaces, at the same look.
    expect(avif.rawPayload.length).toBeLessThan(first.rawPayload.length);
    const revalidated = await get(url, {
      accept: CHROME_ACCEPT,
      'if-none-match': avif.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('serves the list size (600×600 inside) as WebP to a browser that takes WebP only', async () => {
    const res = await get(`/media/${id}?w=600&h=600&fit=inside&q=86`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept/i);
    expect(res.headers.etag).toMatch(/^"/);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 600, height: 480 });
  });

  it('serves the cart size (400×400 cover) and doubles it for dpr 2', async () => {
    const cover = await get(`/media/${id}?w=400&h=400&fit=cover`);
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ width: 400, height: 400 });
    const retina = await get(`/media/${id}?w=400&h=400&fit=cover&dpr=2`);
    expect(await sharp(retina.rawPayload).metadata()).toMatchObject({ width: 800, height: 800 });
    expect(retina.headers.etag).not.toBe(cover.headers.etag);
  });

  it('never enlarges the original', async () => {
    const res = await get(`/media/${id}?w=2400&h=2400&dpr=2`);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 1000, height: 800 });
  });

  it('chooses AVIF or JPEG by Accept (JPEG meanwhile for AVIF without WebP)', async () => {
    const url = `/media/${id}?w=200&h=200`;
    const meanwhile = await get(url, { accept: 'image/avif,*/*' });
    expect(meanwhile.headers['content-type']).toBe('image/jpeg');
    const avif = await untilAvif(url, 'image/avif,*/*');
    expect((await sharp(avif.rawPayload).metadata()).format).toBe('heif');
    const jpeg = await get(`/media/${id}?w=200&h=200`, { accept: '*/*' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(jpeg.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('puts transparent images on white for JPEG', async () => {
    const res = await get(`/media/${transparentId}`, { accept: '*/*' });
    const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]].every((v) => v! > 245)).toBe(true);
  });

  it('caches each variant in the store once and answers 304 to a matching If-None-Match', async () => {
    const url = `/media/${id}?w=300&h=300&fit=cover`;
    const first = await get(url);
    const keys = await storedKeys(
      t.app.services.mediaStore,
      `variants/${id.slice(0, 2)}/${id}-300x300-cover`,
    );
    expect(keys).toEqual([`variants/${id.slice(0, 2)}/${id}-300x300-cover-q86-d1-v1.webp`]);
    if (kind === 'directory') {
      // Where the directory store has always kept it: DATA_DIR/media/variants/{2 characters}/.
      const variants = path.join(t.env.dataDir, 'media', 'variants', id.slice(0, 2));
      const files = (await fs.readdir(variants)).filter(
        (f) => f.startsWith(id) && f.includes('300x300-cover'),
      );
      expect(files).toHaveLength(1);
    }
    const second = await get(url);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const revalidated = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('serves a variant made by one instance to another from the store, without making it again', async () => {
    const fresh = await buildAppOnStore(kind);
    try {
      const own = (await fresh.app.services.media.ingestImage(await sampleImage('jpeg', 900, 700), LIMIT)).id;
      const first = await fresh.app.inject({
        method: 'GET',
        url: `/media/${own}?w=480`,
        headers: { accept: WEBP_ACCEPT },
      });
      expect(first.statusCode).toBe(200);
      // Another instance: its own store client (same directory or bucket), same database, empty memory.
      const { createMediaService } = await import('./media.service.ts');
      const otherStore = createConfiguredMediaStore(fresh.env);
      const other = createMediaService({ db: fresh.database.db, store: otherStore });
      // Without the original it could not make the variant: what it answers, it found stored.
      const [original] = await storedKeys(otherStore, `originals/${own}`);
      await otherStore.remove(original!);
      const spec = { width: 480, height: null, fit: 'inside', quality: 86, dpr: 1, format: 'webp' } as const;
      const answer = await other.getVariant(own, spec);
      expect((await bytesOf(answer!.data)).equals(first.rawPayload)).toBe(true);
      expect(answer!.etag).toBe(first.headers.etag);
      expect(await storedKeys(otherStore, `variants/${own.slice(0, 2)}/${own}-480x0`)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('streams a large variant from the store with its length, the same bytes every time', async () => {
    // Noise does not compress: its whole-picture PNG variant is far over the memory cache's limit.
    const noise = await sharp(crypto.randomBytes(1200 * 1000 * 3), {
      raw: { width: 1200, height: 1000, channels: 3 },
    })
      .png()
      .toBuffer();
    const big = (await t.app.services.media.ingestImage(noise, LIMIT)).id;
    const url = `/media/${big}?q=95`;
    const made = await get(url, { accept: '*/*' });
    expect(made.statusCode).toBe(200);
    expect(made.rawPayload.length).toBeGreaterThan(512 * 1024);
    const streamed = await get(url, { accept: '*/*' });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-length']).toBe(String(made.rawPayload.length));
    expect(streamed.headers['content-type']).toBe('image/jpeg');
    expect(streamed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(streamed.headers.etag).toBe(made.headers.etag);
    expect(streamed.rawPayload.equals(made.rawPayload)).toBe(true);
  });

  it.each([
    ['w=abc', 'w must be a whole number from 1 to 2400'],
    ['h=0', 'h must be a whole number from 1 to 2400'],
    ['fit=fill', 'fit must be inside or cover'],
    ['dpr=3', 'dpr must be 1 or 2'],
    ['q=1000', 'q must be a whole number from 1 to 100'],
  ])('answers 400 JSON for %s', async (query, message) => {
    const res = await get(`/media/${id}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('answers an unknown or malformed id with the placeholder image, not an error page', async () => {
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'nonsense', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await get(`/media/${bad}?w=400&h=400&fit=cover`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 400, height: 400 });
      expect(res.headers['cache-control']).not.toMatch(/immutable/);
    }
    const named = await get('/media/placeholder?w=200&h=200', { accept: '*/*' });
    expect(named.statusCode).toBe(200);
    expect(named.headers['content-type']).toBe('image/jpeg');
  });
});

describe.each(MEDIA_STORES)('GET /uploads/{file} from the %s store', (kind) => {
  let t: StoreTestApp;
  beforeAll(async () => {
    t = await buildAppOnStore(kind);
    await t.app.services.mediaStore.put('uploads/1700000000-ring.png', await sampleImage('png', 20, 20));
    await t.app.services.mediaStore.put('uploads/notes.txt', Buffer.from('secret'));
  });
  afterAll(() => t.close());

  it('serves a legacy image with its real type and a validator', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/1700000000-ring.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const again = await t.app.inject({
      method: 'GET',
      url: '/uploads/1700000000-ring.png',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    '/uploads/notes.txt',
    '/uploads/missing.jpg',
    '/uploads/..%2F..%2Fpackage.json',
    '/uploads/%2e%2e%2fdb',
    '/uploads/.env',
    '/uploads/../../package.json',
  ])('answers 404 JSON for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('sends old quotation links to the orders download, keeping the signature', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/Quotation_12.xlsx?sig=abc&exp=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/api/orders/download/Quotation_12.xlsx?sig=abc&exp=1');
  });
});

describe('pictures while the bucket is out of reach', () => {
  let t: StoreTestApp;
  beforeAll(async () => {
    t = await buildAppOnStore('s3');
  });
  afterAll(() => t.close());

  const upload = (admin: string, code: string) => {
    const form = multipart(
      {
        name: 'Bucket Ring',
        description: 'x',
        category: 'Rings',
        subcategory: 'withgemstone',
        code,
      },
      [{ field: 'image', filename: 'ring.jpg', contentType: 'image/jpeg', data: jpeg }],
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/products/admin/add',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin) },
    });
  };
  let jpeg: Buffer;

  it('answers reads and uploads 503 with a clear message, and serves again once it is back, by itself', async () => {
    jpeg = await sampleImage('jpeg', 400, 300);
    const admin = await createUser(t.database, { role: 'admin' });
    const id = (await t.app.services.media.ingestImage(jpeg, LIMIT)).id;
    await t.s3!.stop();

    const read = await t.app.inject({
      method: 'GET',
      url: `/media/${id}?w=200&h=200`,
      headers: { accept: WEBP_ACCEPT },
    });
    expect(read.statusCode).toBe(503);
    expect(read.json()).toEqual({
      message: 'The picture store cannot be reached right now; please try again in a moment',
      code: 'UNAVAILABLE',
    });
    const refused = await upload(admin.token, 'BUCKET-1');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      message: 'The picture store cannot be reached right now; please try again in a moment',
    });
    // Nothing half-made: the product was not added.
    expect(await t.database.db.select().from(products).where(eq(products.code, 'BUCKET-1'))).toEqual([]);

    await t.s3!.start();
    const again = await t.app.inject({
      method: 'GET',
      url: `/media/${id}?w=200&h=200`,
      headers: { accept: WEBP_ACCEPT },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('image/webp');
    expect((await upload(admin.token, 'BUCKET-1')).statusCode).toBe(201);
  });
});
