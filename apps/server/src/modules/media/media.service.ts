import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Sharp } from 'sharp';
import { IMAGE_MAX_PIXELS } from '@catalogue/shared/domain/limits';
import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import type { Db } from '../../db/client.ts';
import { createLimiter } from '../../lib/concurrency.ts';
import { LruCache } from '../../lib/lru-cache.ts';
import { loadSharp } from '../../lib/sharp.ts';
import { sniffImageType, type ImageType } from './image-type.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { MediaStore, StoredObject } from './media-store.ts';
import {
  deleteMediaIfUnreferenced,
  findMediaById,
  insertMedia,
  listExistingMediaIds,
  type NewMedia,
} from './media.repository.ts';
import { renderPlaceholder, renderVariant, VARIANT_MIME, variantName, type VariantSpec } from './variants.ts';

export const NOT_AN_IMAGE_MESSAGE = 'Only image files are allowed (JPEG, PNG, etc.)';
export const DAMAGED_IMAGE_MESSAGE = 'The image file is damaged or incomplete';
export const TOO_MANY_PIXELS_MESSAGE = `Image dimensions are too large (at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels)`;

/** Originals are kept at most this many pixels on the longest side: no variant is ever larger. */
const ORIGINAL_MAX_SIDE = 3000;
/** Image work (decode, resize, encode) in flight at once: one per core on the target host. */
const ENCODER_CONCURRENCY = 2;
/** Beyond this many waiting encodes the answer is 503 rather than an ever-growing queue. */
const ENCODER_QUEUE_LIMIT = 200;
/**
 * Recently served variants kept in memory, so a hot image costs no disk read. The rest are files the
 * system's page cache keeps in memory outside the server's own.
 */
const MEMORY_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Variants up to this size are read whole from the store and kept in the memory cache; a larger
 * one (a whole picture at dpr 2, say) is streamed from the store to the client on every request.
 */
const MEMORY_ENTRY_MAX_BYTES = 512 * 1024;

/**
 * A rendered image ready to send: bytes in memory, or a stream from the store with its size. The
 * ETag is derived from its name, so a 304 needs no I/O.
 */
export type ImageAnswer = {
  data: Buffer | Readable;
  /** The byte length (a stream's Content-Length). */
  size: number;
  contentType: string;
  etag: string;
};

type Log = { warn(obj: object, msg: string): void };

/**
 * How an upload is stored: orientation applied, metadata stripped (sharp writes none unless asked),
 * bounded in size. AVIF is re-encoded as WebP and GIF as PNG (first frame): both decode far faster
 * than AVIF when variants are made, and the catalogue has no use for animation.
 */
const STORED_AS: Record<ImageType, { ext: string; mime: string; encode: (s: Sharp) => Sharp }> = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg', encode: (s) => s.jpeg({ quality: 90 }) },
  png: { ext: 'png', mime: 'image/png', encode: (s) => s.png() },
  webp: { ext: 'webp', mime: 'image/webp', encode: (s) => s.webp({ quality: 90 }) },
  avif: { ext: 'webp', mime: 'image/webp', encode: (s) => s.webp({ quality: 90 }) },
  gif: { ext: 'png', mime: 'image/png', encode: (s) => s.png() },
};

/** Cached variants of one media item share a prefix, sharded so no directory grows huge. */
const variantPrefix = (id: string) => `variants/${id.slice(0, 2)}/${id}`;
const variantKey = (id: string, spec: VariantSpec) => `${variantPrefix(id)}-${variantName(spec)}`;
/** Variants never change once made, so the name is a strong validator. */
const etagOf = (id: string, spec: VariantSpec) => `"${id}-${variantName(spec)}"`;

export type MediaService = ReturnType<typeof createMediaService>;

/** The job that makes a variant ahead of the requests for it (AVIF, slow to encode). */
const VARIANT_JOB = 'media.variant';
/** A variant asked for ahead is not asked again from this instance for this long. */
const AHEAD_ASKED_MS = 60_000;

export function createMediaService(deps: { db: Db; store: MediaStore; log?: Log; jobs?: JobQueue }) {
  const { db, store } = deps;
  /** Variants this instance has queued to be made ahead, with when. */
  const askedAhead = new Map<string, number>();
  const runEncoder = createLimiter(
    ENCODER_CONCURRENCY,
    ENCODER_QUEUE_LIMIT,
    'Images are being prepared, please retry shortly',
  );
  const memory = new LruCache<string, Buffer>({
    maxEntries: 10_000,
    maxSize: MEMORY_CACHE_BYTES,
    sizeOf: (b) => b.length,
  });
  const placeholders = new LruCache<string, Buffer>({ maxEntries: 200 });
  const inFlight = new Map<string, Promise<Buffer | null>>();

  /** Makes a variant (shared with any request already making it), for the next request to find. */
  async function makeAhead(mediaId: string, spec: VariantSpec): Promise<void> {
    const answer = await service.getVariant(mediaId, spec);
    // A variant found made and large enough to be streamed is not wanted here: let it go.
    if (answer && !Buffer.isBuffer(answer.data)) answer.data.destroy();
  }
  deps.jobs?.define<{ mediaId: string; spec: VariantSpec }>(VARIANT_JOB, {
    // One encode at a time per instance for work nobody waits on; run again if its instance dies.
    retryLimit: 1,
    run: ({ data }) => makeAhead(data.mediaId, data.spec),
  });

  async function readHeader(data: Buffer) {
    try {
      const sharp = await loadSharp();
      return await sharp(data, { limitInputPixels: false }).metadata();
    } catch {
      throw new AppError('BAD_REQUEST', DAMAGED_IMAGE_MESSAGE);
    }
  }

  /** A small stored variant read whole (for the memory cache); a large one left as a stream. */
  async function readStored(found: StoredObject): Promise<Buffer | StoredObject> {
    if (found.size > MEMORY_ENTRY_MAX_BYTES) return found;
    const chunks: Buffer[] = [];
    for await (const chunk of found.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** A variant already in memory or the store, without encoding; null when not made yet. */
  async function findMade(key: string): Promise<Buffer | StoredObject | null> {
    const data = memory.get(key);
    if (data) return data;
    const found = await store.open(key);
    if (!found) return null;
    const read = await readStored(found);
    if (Buffer.isBuffer(read)) memory.set(key, read);
    return read;
  }

  const answerOf = (id: string, spec: VariantSpec, found: Buffer | StoredObject): ImageAnswer => ({
    data: Buffer.isBuffer(found) ? found : found.body,
    size: Buffer.isBuffer(found) ? found.length : found.size,
    contentType: VARIANT_MIME[spec.format],
    etag: etagOf(id, spec),
  });

  /**
   * Makes one variant from its original and stores it (another instance may have made it
   * meanwhile: the same bytes under the same key); null when the media item does not exist.
   */
  async function makeVariant(id: string, spec: VariantSpec): Promise<Buffer | null> {
    const key = variantKey(id, spec);
    const row = await findMediaById(db, id);
    if (!row) return null;
    const original = await store.get(row.storageKey);
    if (!original) {
      deps.log?.warn({ mediaId: id, storageKey: row.storageKey }, 'media original missing from the store');
      return null;
    }
    const data = await runEncoder(() => renderVariant(original, spec));
    await store.put(key, data).catch((err: unknown) => {
      deps.log?.warn({ err, key }, 'could not cache an image variant');
    });
    return data;
  }

  /**
   * The checks and re-encoding of `ingestImage` without storing anything: the original to put
   * under `row.storageKey` and the media row to insert (a bulk import does both in its own steps).
   */
  async function prepareImage(
    data: Buffer,
    opts: { maxBytes: number; tooLargeMessage: string },
  ): Promise<{ row: NewMedia; data: Buffer }> {
    const type = sniffImageType(data);
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE_MESSAGE);
    if (data.length > opts.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', opts.tooLargeMessage);
    const header = await readHeader(data);
    const width = header.width ?? 0;
    const height = header.pageHeight ?? header.height ?? 0;
    if (!width || !height) throw new AppError('BAD_REQUEST', DAMAGED_IMAGE_MESSAGE);
    if (width * height > IMAGE_MAX_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', TOO_MANY_PIXELS_MESSAGE);

    const target = STORED_AS[type];
    const { data: stored, info } = await runEncoder(async () => {
      try {
        const sharp = await loadSharp();
        const pipeline = sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
          .rotate()
          .resize({
            width: ORIGINAL_MAX_SIDE,
            height: ORIGINAL_MAX_SIDE,
            fit: 'inside',
            withoutEnlargement: true,
          });
        return await target.encode(pipeline).toBuffer({ resolveWithObject: true });
      } catch {
        throw new AppError('BAD_REQUEST', DAMAGED_IMAGE_MESSAGE);
      }
    });

    const id = crypto.randomUUID();
    const row: NewMedia = {
      id,
      storageKey: `originals/${id}.${target.ext}`,
      mimeType: target.mime,
      width: info.width,
      height: info.height,
      bytes: stored.length,
      sha256: crypto.createHash('sha256').update(stored).digest('hex'),
    };
    return { row, data: stored };
  }

  const service = {
    urlOf(mediaId: string): string {
      return `/media/${mediaId}`;
    },

    /**
     * Checks and stores an uploaded image; answers its media id. The type comes from the bytes,
     * the pixel count from the header before anything is decoded (a decompression bomb is refused
     * without being expanded).
     */
    async ingestImage(
      data: Buffer,
      opts: { maxBytes: number; tooLargeMessage: string },
    ): Promise<{ id: string }> {
      const prepared = await prepareImage(data, opts);
      await store.put(prepared.row.storageKey, prepared.data);
      try {
        await insertMedia(db, prepared.row);
      } catch (error) {
        await store.remove(prepared.row.storageKey).catch(() => {});
        throw error;
      }
      return { id: prepared.row.id };
    },

    prepareImage,

    /**
     * Deletes a media item with its original and cached variants once nothing refers to it any
     * more (product, blog post or price-request line). Safe to call for ids still in use or gone.
     */
    async release(mediaId: string): Promise<void> {
      if (!isId(mediaId)) return;
      const storageKey = await deleteMediaIfUnreferenced(db, mediaId);
      if (!storageKey) return;
      memory.deleteWhere((key) => key.startsWith(variantPrefix(mediaId)));
      await store.remove(storageKey);
      await store.removePrefix(`${variantPrefix(mediaId)}-`);
    },

    /** Which of these ids are stored media items (malformed ids never are). */
    async listExisting(mediaIds: string[]): Promise<Set<string>> {
      return listExistingMediaIds(db, [...new Set(mediaIds.filter(isId).map((id) => id.toLowerCase()))]);
    },

    /** The ETag a variant will carry; computable without any I/O, for If-None-Match. */
    etagOf(mediaId: string, spec: VariantSpec): string {
      return etagOf(mediaId.toLowerCase(), spec);
    },

    /**
     * One variant of a media item, generated once and then served from memory or the store.
     * null when the id is unknown (the caller answers with the placeholder).
     */
    async getVariant(mediaId: string, spec: VariantSpec): Promise<ImageAnswer | null> {
      if (!isId(mediaId)) return null;
      const id = mediaId.toLowerCase();
      const key = variantKey(id, spec);
      const made = await findMade(key);
      if (made) return answerOf(id, spec, made);
      let pending = inFlight.get(key);
      if (!pending) {
        // Concurrent requests for a variant not made yet share one render.
        pending = makeVariant(id, spec).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      const data = await pending;
      if (!data) return null;
      if (data.length <= MEMORY_ENTRY_MAX_BYTES) memory.set(key, data);
      return answerOf(id, spec, data);
    },

    /**
     * A variant only if it has been made already (memory or the store), without encoding: the
     * media route asks this for AVIF before deciding what to answer. null when it is not ready.
     */
    async readyVariant(mediaId: string, spec: VariantSpec): Promise<ImageAnswer | null> {
      if (!isId(mediaId)) return null;
      const id = mediaId.toLowerCase();
      const made = await findMade(variantKey(id, spec));
      return made ? answerOf(id, spec, made) : null;
    },

    /**
     * Makes a variant in the background (shared with any request already making it); a failure is
     * logged, never thrown. For AVIF, which the next request then finds ready.
     */
    prepareVariant(mediaId: string, spec: VariantSpec): void {
      if (!deps.jobs) {
        void makeAhead(mediaId, spec).catch((err: unknown) => {
          deps.log?.warn({ err, mediaId }, 'could not make an image variant in the background');
        });
        return;
      }
      // As a job (ADR 017): with PostgreSQL any instance may make it; each instance asks once a minute at most.
      const key = variantKey(mediaId.toLowerCase(), spec);
      const now = Date.now();
      if ((askedAhead.get(key) ?? 0) > now - AHEAD_ASKED_MS) return;
      for (const [k, at] of askedAhead) if (at <= now - AHEAD_ASKED_MS) askedAhead.delete(k);
      askedAhead.set(key, now);
      deps.jobs.send(VARIANT_JOB, { mediaId, spec }).catch((err: unknown) => {
        askedAhead.delete(key);
        deps.log?.warn({ err, mediaId }, 'could not queue an image variant');
      });
    },

    /** The "no image" picture in the requested size and format. */
    async placeholder(spec: VariantSpec): Promise<ImageAnswer> {
      const name = variantName(spec);
      let data = placeholders.get(name);
      if (!data) {
        data = await runEncoder(() => renderPlaceholder(spec));
        placeholders.set(name, data);
      }
      return {
        data,
        size: data.length,
        contentType: VARIANT_MIME[spec.format],
        etag: `"placeholder-${name}"`,
      };
    },

    /** A file saved by the previous site under /uploads (legacy image paths); null when absent. */
    async readLegacyUpload(file: string): Promise<{ data: Buffer; contentType: string } | null> {
      const data = await store.get(`uploads/${file}`);
      const type = data ? sniffImageType(data) : null;
      if (!data || !type) return null;
      return { data, contentType: `image/${type}` };
    },
  };
  return service;
}
