import type { Readable } from 'node:stream';
import type { MediaStore } from '../src/modules/media/index.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { startTestS3, type TestS3 } from './s3-server.ts';

/** The media tests run once per store: the directory under DATA_DIR, and an S3 bucket. */
export const MEDIA_STORES = ['directory', 's3'] as const;
export type MediaStoreKind = (typeof MEDIA_STORES)[number];

export type StoreTestApp = TestApp & { s3: TestS3 | null };

/** The API on a fresh database with its pictures in the named store (s3: a bucket of its own). */
export async function buildAppOnStore(
  kind: MediaStoreKind,
  overrides: Record<string, string> = {},
): Promise<StoreTestApp> {
  const s3 = kind === 's3' ? await startTestS3() : null;
  const t = await buildTestApp({ ...(s3?.env ?? {}), ...overrides });
  return {
    ...t,
    s3,
    async close() {
      await t.close();
      await s3?.remove();
    },
  };
}

/** The keys a store holds under a prefix, sorted. */
export async function storedKeys(store: MediaStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of store.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

/** All the bytes of an answer's body, in memory or a stream. */
export async function bytesOf(data: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(data)) return data;
  const chunks: Buffer[] = [];
  for await (const chunk of data) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
