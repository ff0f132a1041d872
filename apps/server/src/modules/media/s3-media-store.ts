import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { AppError } from '@catalogue/shared/errors';
import { checkKey, type MediaStore, type StoredEntry } from './media-store.ts';

export type S3StoreConfig = {
  bucket: string;
  /** Any S3-compatible service (MinIO, R2, ...); unset: AWS S3 of the region. */
  endpoint?: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (environment, profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  /** How long one request may wait for a connection, and for an answer (ms). */
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
};

/** What a HEAD of one object tells: its size, the SHA-256 we stored with it, the service's ETag. */
export type ObjectHead = { size: number; sha256: string | null; etag: string | null };

export type S3MediaStore = MediaStore & {
  client(): Promise<S3Sdk.S3Client>;
  /** null when absent. */
  head(key: string): Promise<ObjectHead | null>;
};

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

export const STORE_UNAVAILABLE_MESSAGE =
  'The picture store cannot be reached right now; please try again in a moment';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** An answer of the service meaning "no such object" (GetObject's NoSuchKey, HeadObject's bare 404). */
function isAbsent(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** The SHA-256 of stored bytes, kept as the object's metadata (`x-amz-meta-sha256`). */
export const sha256Hex = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
export const md5Base64 = (data: Buffer) => crypto.createHash('md5').update(data).digest('base64');

/**
 * The media store in an S3-compatible bucket. Keys are the directory store's relative paths.
 * Every failure other than "absent" (the service down, a timeout, refused credentials) is an
 * `AppError('UNAVAILABLE')`, so a picture read or upload answers 503 with a clear message; the
 * next request tries the service again, so it recovers by itself. The outage and the recovery
 * are logged once each.
 */
export function createS3MediaStore(config: S3StoreConfig, log?: Log): S3MediaStore {
  let clientPromise: Promise<{ client: S3Sdk.S3Client; sdk: typeof S3Sdk }> | null = null;
  // The SDK is loaded on the first picture read or write, like sharp: a start that serves no
  // picture does not pay for it.
  const sdk = () =>
    (clientPromise ??= import('@aws-sdk/client-s3').then((mod) => ({
      sdk: mod,
      client: new mod.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        ...(config.credentials ? { credentials: config.credentials } : {}),
        // Checksums only where the protocol needs them: many compatible services refuse the
        // trailing checksums newer SDKs add by default.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // One retry: a picture request waits seconds at most, then answers 503.
        maxAttempts: 2,
        requestHandler: {
          connectionTimeout: config.connectTimeoutMs ?? 2_000,
          requestTimeout: config.requestTimeoutMs ?? 15_000,
        },
      }),
    })));

  let down = false;
  function reached() {
    if (!down) return;
    down = false;
    log?.info({ bucket: config.bucket }, 'the media bucket is reachable again');
  }
  function unavailable(error: unknown): never {
    if (!down) {
      down = true;
      log?.warn({ err: error, bucket: config.bucket }, 'the media bucket cannot be reached');
    }
    throw new AppError('UNAVAILABLE', STORE_UNAVAILABLE_MESSAGE);
  }

  /** Runs one call; "absent" answers null, any other failure is a 503. */
  async function call<T>(run: (s: Awaited<ReturnType<typeof sdk>>) => Promise<T>): Promise<T | null> {
    try {
      const result = await run(await sdk());
      reached();
      return result;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isAbsent(error)) {
        reached();
        return null;
      }
      return unavailable(error);
    }
  }

  async function open(key: string) {
    return call(async ({ client, sdk: s }) => {
      const answer = await client.send(new s.GetObjectCommand({ Bucket: config.bucket, Key: checkKey(key) }));
      const body = answer.Body as Readable | undefined;
      if (!body) throw new Error(`the bucket answered no body for ${key}`);
      return { body, size: answer.ContentLength ?? 0 };
    });
  }

  async function* list(prefix: string): AsyncGenerator<StoredEntry> {
    let token: string | undefined;
    do {
      const page = await call(({ client, sdk: s }) =>
        client.send(
          new s.ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: prefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        ),
      );
      for (const item of page?.Contents ?? []) if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
      token = page?.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    kind: 's3',
    client: async () => (await sdk()).client,
    head: (key) =>
      call(async ({ client, sdk: s }) => {
        const answer = await client.send(
          new s.HeadObjectCommand({ Bucket: config.bucket, Key: checkKey(key) }),
        );
        return {
          size: answer.ContentLength ?? 0,
          sha256: answer.Metadata?.sha256 ?? null,
          etag: answer.ETag?.replace(/"/g, '') ?? null,
        };
      }),
    async put(key, data) {
      await call(({ client, sdk: s }) =>
        client.send(
          new s.PutObjectCommand({
            Bucket: config.bucket,
            Key: checkKey(key),
            Body: data,
            ContentLength: data.length,
            ContentType: contentTypeOf(key),
            // The service refuses the object if the bytes it received differ (AWS S3, MinIO, R2).
            ContentMD5: md5Base64(data),
            Metadata: { sha256: sha256Hex(data) },
          }),
        ),
      );
    },
    async putFile(key, file) {
      // Hashed in one streamed pass, then sent in another: the checks of `put` without the bytes in memory.
      const md5 = crypto.createHash('md5');
      const sha256 = crypto.createHash('sha256');
      for await (const chunk of createReadStream(file)) {
        md5.update(chunk as Buffer);
        sha256.update(chunk as Buffer);
      }
      const { size } = await fs.stat(file);
      await call(({ client, sdk: s }) =>
        client.send(
          new s.PutObjectCommand({
            Bucket: config.bucket,
            Key: checkKey(key),
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: contentTypeOf(key),
            ContentMD5: md5.digest('base64'),
            Metadata: { sha256: sha256.digest('hex') },
          }),
        ),
      );
    },
    async get(key) {
      const found = await open(key);
      if (!found) return null;
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of found.body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      } catch (error) {
        return unavailable(error);
      }
    },
    open,
    async remove(key) {
      await call(({ client, sdk: s }) =>
        client.send(new s.DeleteObjectCommand({ Bucket: config.bucket, Key: checkKey(key) })),
      );
    },
    async removePrefix(prefix) {
      checkKey(prefix);
      const keys: string[] = [];
      for await (const entry of list(prefix)) keys.push(entry.key);
      // One DeleteObjects call per 1,000 keys (the protocol's limit); a media item has a few dozen.
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        await call(({ client, sdk: s }) =>
          client.send(
            new s.DeleteObjectsCommand({
              Bucket: config.bucket,
              Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
            }),
          ),
        );
      }
    },
    list,
  };
}
