import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where original uploads and cached variants live. The local directory is the default; a shared
 * store (a mounted network volume, or an object store behind the same four calls) replaces it
 * when several instances serve one catalogue.
 */
export type MediaStore = {
  put(key: string, data: Buffer): Promise<void>;
  /** null when absent. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** Removes every key that starts with the prefix (a media item's cached variants). */
  removePrefix(prefix: string): Promise<void>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

function resolveKey(root: string, key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe media key: ${key}`);
  return path.join(root, key);
}

export function createLocalMediaStore(root: string): MediaStore {
  return {
    async put(key, data) {
      const file = resolveKey(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file and a crash leaves no torn image.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, data);
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
  };
}
