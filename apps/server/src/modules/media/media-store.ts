import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** One stored object opened for reading: its bytes as a stream and its size, known before reading. */
export type StoredObject = { body: Readable; size: number };

/** One stored object as a listing sees it. */
export type StoredEntry = { key: string; size: number };

/**
 * Where original uploads and cached variants live: a directory under DATA_DIR (the default) or an
 * S3-compatible bucket (`s3-media-store.ts`) when several instances serve one catalogue. Keys are
 * relative paths such as `originals/{id}.jpg` and `variants/ab/{id}-{variant}`, the same in both.
 * A store that cannot be reached throws an `AppError('UNAVAILABLE')` (503), never "absent".
 */
export type MediaStore = {
  readonly kind: 'directory' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a file from the local disk, streamed (an import's 1 GB pictures ZIP never sits in memory). */
  putFile(key: string, file: string): Promise<void>;
  /** The whole object; null when absent. For originals and small files. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream with its size; null when absent. */
  open(key: string): Promise<StoredObject | null>;
  remove(key: string): Promise<void>;
  /** Removes every key that starts with the prefix (a media item's cached variants). */
  removePrefix(prefix: string): Promise<void>;
  /** Every stored object whose key starts with the prefix ('' for all), in no set order. */
  list(prefix: string): AsyncIterable<StoredEntry>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Refuses a key that could leave the store's root or name something odd; answers it unchanged. */
export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe media key: ${key}`);
  return key;
}

function resolveKey(root: string, key: string): string {
  return path.join(root, checkKey(key));
}

/** A write in progress (`put` writes beside the file, then renames): never a stored object. */
const isTemporary = (name: string) => name.endsWith('.tmp');

async function* walk(root: string, dir: string): AsyncGenerator<StoredEntry> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  });
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(root, file);
    else if (entry.isFile() && !isTemporary(entry.name)) {
      // Every file, also one whose name is no key (a copy reports it rather than skip it).
      const key = path.relative(root, file).split(path.sep).join('/');
      yield { key, size: (await fs.stat(file)).size };
    }
  }
}

export function createLocalMediaStore(root: string): MediaStore {
  return {
    kind: 'directory',
    async put(key, data) {
      const file = resolveKey(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file and a crash leaves no torn image.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async putFile(key, source) {
      const file = resolveKey(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.copyFile(source, tmp);
      await fs.rename(tmp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(resolveKey(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async open(key) {
      const file = resolveKey(root, key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        // The size of the file opened, so a rename over it meanwhile cannot make them disagree.
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(resolveKey(root, key), { force: true });
    },
    async removePrefix(prefix) {
      const dir = resolveKey(root, path.posix.dirname(prefix));
      const base = path.posix.basename(prefix);
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      await Promise.all(
        names.filter((n) => n.startsWith(base)).map((n) => fs.rm(path.join(dir, n), { force: true })),
      );
    },
    async *list(prefix) {
      // Walk only the folder the prefix names (and below), then filter by the whole prefix.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const start = folder ? resolveKey(root, folder) : root;
      for await (const entry of walk(root, start)) if (entry.key.startsWith(prefix)) yield entry;
    },
  };
}
