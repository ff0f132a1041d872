import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { sampleImage } from '../../../test/image-fixtures.ts';

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
/** A browser without AVIF (older Safari, Edge Legacy): WebP straight away. */
const WEBP_ACCEPT = 'image/webp,image/apng,image/*,*/*;q=0.8';
const LIMIT = { maxBytes: 5 * 1024 * 1024, tooLargeMessage: 'too large' };

describe('GET /media/{id}', () => {
  let t: TestApp;
  let id: string;
  let transparentId: string;

  beforeAll(async () => {
    t = await buildTestApp();
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

  it('caches each variant on disk once and answers 304 to a matching If-None-Match', async () => {
    const url = `/media/${id}?w=300&h=300&fit=cover`;
    const first = await get(url);
    const variants = path.join(t.env.dataDir, 'media', 'variants', id.slice(0, 2));
    const files = (await fs.readdir(variants)).filter((f) => f.startsWith(id) && f.includes('300x300-cover'));
    expect(files).toHaveLength(1);
    const second = await get(url);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const revalidated = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('serves the same bytes from the disk cache after a restart of the process cache', async () => {
    const url = `/media/${id}?w=480`;
    const first = await get(url);
    // A second service on the same store and database knows nothing in memory.
    const { createMediaService } = await import('./media.service.ts');
    const cold = createMediaService({ db: t.database.db, store: t.app.services.mediaStore });
    const spec = { width: 480, height: null, fit: 'inside', quality: 86, dpr: 1, format: 'webp' } as const;
    expect((await cold.getVariant(id, spec))!.data.equals(first.rawPayload)).toBe(true);
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

describe('GET /uploads/{file}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
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
