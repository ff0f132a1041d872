import crypto from 'node:crypto';
import type { MediaStore, S3MediaStore } from '../modules/media/index.ts';

export type CopyOutcome = 'copied' | 'skipped' | 'failed';
export type CopyReport = { copied: number; skipped: number; failed: number; bytesCopied: number };

/** Objects copied at once. */
const CONCURRENCY = 4;

const hashOf = (algorithm: 'sha256' | 'md5', data: Buffer) =>
  crypto.createHash(algorithm).update(data).digest('hex');

/** A single-part upload's ETag is the MD5 of its bytes on AWS S3, MinIO and R2; others say nothing. */
const isMd5Etag = (etag: string | null): etag is string => !!etag && /^[0-9a-f]{32}$/.test(etag);

/** Whether the bucket's object is these bytes: the same size and the same checksum. */
function sameObject(
  head: { size: number; sha256: string | null; etag: string | null },
  data: Buffer,
): boolean {
  if (head.size !== data.length) return false;
  if (head.sha256) return head.sha256 === hashOf('sha256', data);
  return isMd5Etag(head.etag) && head.etag === hashOf('md5', data);
}

/**
 * Copies every object of a directory store into a bucket. An object already there with the same
 * size and checksum is skipped, so a run that stopped can be run again. Each copied object is
 * read back (HEAD) and its size, its SHA-256 and, where the service gives one, its MD5 ETag are
 * compared with the file's; a mismatch is a failure. One line per object goes to `say`.
 */
export async function copyDirectoryToBucket(
  source: MediaStore,
  target: S3MediaStore,
  say: (line: string) => void,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, failed: 0, bytesCopied: 0 };
  const note = (outcome: CopyOutcome, key: string, detail: string) => {
    report[outcome]++;
    say(`${outcome} ${key} (${detail})`);
  };

  async function copyOne(key: string) {
    try {
      const data = await source.get(key);
      if (!data) return note('failed', key, 'the file went away during the copy');
      const before = await target.head(key);
      if (before && sameObject(before, data))
        return note('skipped', key, `${data.length} bytes already there`);
      await target.put(key, data);
      const after = await target.head(key);
      if (!after) return note('failed', key, 'not in the bucket after the upload');
      if (after.size !== data.length)
        return note('failed', key, `the bucket holds ${after.size} bytes, the file has ${data.length}`);
      if (after.sha256 !== hashOf('sha256', data))
        return note('failed', key, 'the checksum stored in the bucket differs from the file');
      if (isMd5Etag(after.etag) && after.etag !== hashOf('md5', data))
        return note('failed', key, 'the bucket computed another MD5 than the file has');
      report.bytesCopied += data.length;
      note('copied', key, `${data.length} bytes, verified`);
    } catch (error) {
      note('failed', key, (error as Error).message);
    }
  }

  const running = new Set<Promise<void>>();
  for await (const entry of source.list('')) {
    const task = copyOne(entry.key).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= CONCURRENCY) await Promise.race(running);
  }
  await Promise.all(running);
  return report;
}
