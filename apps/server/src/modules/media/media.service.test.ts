import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@catalogue/shared/errors';
import { blogs } from '../../db/schema/content.ts';
import { media } from '../../db/schema/media.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { buildAppOnStore, MEDIA_STORES, storedKeys, type StoreTestApp } from '../../../test/media-stores.ts';
import {
  HTML_PAGE,
  jpegWithOrientation,
  oversizedJpeg,
  pngBomb,
  sampleImage,
  SVG_IMAGE,
  TEXT_FILE,
} from '../../../test/image-fixtures.ts';
import { NOT_AN_IMAGE_MESSAGE } from './media.service.ts';

const LIMIT = { maxBytes: 5 * 1024 * 1024, tooLargeMessage: 'Image size must be less than 5MB' };

describe.each(MEDIA_STORES)('media service on the %s store', (kind) => {
  let t: StoreTestApp;
  const mediaDir = () => path.join(t.env.dataDir, 'media');
  const stored = (key: string) => t.app.services.mediaStore.get(key);

  beforeAll(async () => {
    t = await buildAppOnStore(kind);
  });
  afterAll(() => t.close());

  async function mediaRow(id: string) {
    const [row] = await t.database.db.select().from(media).where(eq(media.id, id));
    return row ?? null;
  }

  it('stores a JPEG upright, without its metadata, and records it', async () => {
    // 300×200 stored with "rotate 90° clockwise": the picture a person sees is 200×300.
    const upload = await jpegWithOrientation(300, 200, 6);
    expect((await sharp(upload).metadata()).exif).toBeDefined();
    const { id } = await t.app.services.media.ingestImage(upload, LIMIT);

    const row = await mediaRow(id);
    expect(row).toMatchObject({ mimeType: 'image/jpeg', width: 200, height: 300 });
    const original = (await stored(row!.storageKey))!;
    if (kind === 'directory')
      // Where the directory store has always kept originals: DATA_DIR/media/originals/.
      expect((await fs.readFile(path.join(mediaDir(), row!.storageKey))).equals(original)).toBe(true);
    const meta = await sharp(original).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(original.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(row!.bytes).toBe(original.length);
    expect(t.app.services.media.urlOf(id)).toBe(`/media/${id}`);
  });

  it.each(['png', 'webp', 'avif', 'gif'] as const)('accepts %s', async (format) => {
    const { id } = await t.app.services.media.ingestImage(await sampleImage(format, 40, 30), LIMIT);
    const row = await mediaRow(id);
    expect(row).toMatchObject({ width: 40, height: 30 });
    // AVIF and GIF are kept as WebP and PNG, which decode quickly when variants are made.
    expect(row!.mimeType).toBe(
      format === 'avif' ? 'image/webp' : format === 'gif' ? 'image/png' : `image/${format}`,
    );
  });

  it.each([
    ['an SVG', SVG_IMAGE],
    ['an HTML page', HTML_PAGE],
    ['a text file', TEXT_FILE],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s with 415', async (_name, data) => {
    await expect(t.app.services.media.ingestImage(data, LIMIT)).rejects.toThrow(
      new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE_MESSAGE),
    );
  });

  it('refuses a file over the limit with the caller’s message', async () => {
    const big = await oversizedJpeg(LIMIT.maxBytes);
    const error = await t.app.services.media.ingestImage(big, LIMIT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Image size must be less than 5MB' });
  });

  it('refuses a decompression bomb from its header, quickly', async () => {
    const bomb = pngBomb(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    const error = await t.app.services.media.ingestImage(bomb, LIMIT).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/megapixels/) });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('answers 400 for a damaged image that only looks like one', async () => {
    const jpeg = await sampleImage('jpeg', 64, 64);
    const damaged = Buffer.concat([jpeg.subarray(0, 40), Buffer.alloc(200, 7)]);
    await expect(t.app.services.media.ingestImage(damaged, LIMIT)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const before = await t.database.db.select().from(media);
    await t.app.services.media.ingestImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), LIMIT).catch(() => {});
    expect(await t.database.db.select().from(media)).toHaveLength(before.length);
  });

  it('releases an unused image with its variants, and keeps one still in use', async () => {
    const svc = t.app.services.media;
    const spec = { width: 64, height: 64, fit: 'inside', quality: 86, dpr: 1, format: 'webp' } as const;

    const free = (await svc.ingestImage(await sampleImage('png'), LIMIT)).id;
    const original = (await mediaRow(free))!.storageKey;
    expect(await svc.getVariant(free, spec)).not.toBeNull();
    const variants = `variants/${free.slice(0, 2)}/${free}`;
    expect(await storedKeys(t.app.services.mediaStore, variants)).toHaveLength(1);
    await svc.release(free);
    expect(await mediaRow(free)).toBeNull();
    expect(await stored(original)).toBeNull();
    expect(await storedKeys(t.app.services.mediaStore, variants)).toEqual([]);
    if (kind === 'directory') {
      const variantDir = path.join(mediaDir(), 'variants', free.slice(0, 2));
      expect((await fs.readdir(variantDir)).some((f) => f.startsWith(free))).toBe(false);
    }
    expect(await svc.getVariant(free, spec)).toBeNull();

    const byProduct = (await svc.ingestImage(await sampleImage('png'), LIMIT)).id;
    await t.database.db.insert(products).values({
      name: 'Kept',
      category: 'Rings',
      subcategory: 'withgemstone',
      code: 'MEDIA-KEEP-1',
      mediaId: byProduct,
    });
    const byBlog = (await svc.ingestImage(await sampleImage('png'), LIMIT)).id;
    await t.database.db
      .insert(blogs)
      .values({ title: 'Kept', slug: 'kept-media', content: '<p>x</p>', mediaId: byBlog });
    const byOrder = (await svc.ingestImage(await sampleImage('png'), LIMIT)).id;
    const [order] = await t.database.db
      .insert(orders)
      .values({
        orderNumber: 990001,
        firstName: 'A',
        email: 'a@example.com',
        contactNumber: '1',
        country: 'IN',
      })
      .returning();
    await t.database.db
      .insert(orderItems)
      .values({ orderId: order!.id, position: 0, name: 'X', sku: 'X', quantity: 1, mediaId: byOrder });

    for (const id of [byProduct, byBlog, byOrder]) {
      await svc.release(id);
      expect(await mediaRow(id)).not.toBeNull();
    }
    // Unknown and malformed ids are no-ops.
    await svc.release('00000000-0000-4000-8000-000000000000');
    await svc.release('not-an-id');
  });
});
