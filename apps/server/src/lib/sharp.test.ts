// test scope: same on either database: it runs the image library in a fresh process, no database.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runFresh } from '../../test/fresh-process.ts';

const hasProcMaps = fs.existsSync('/proc/self/maps');

describe('loadSharp', () => {
  it.skipIf(!hasProcMaps)(
    'leaves libvips unloaded until the first picture, then loads it once with its settings',
    () => {
      const out = runFresh(`
        import fs from 'node:fs';
        const vips = () => fs.readFileSync('/proc/self/maps', 'utf8').includes('libvips');
        // What server.ts starts: the app's whole module graph (every module that reads or makes
        // pictures) and the demo seed (which draws the demo pictures when the database is empty).
        await import('./src/app.ts');
        await import('./src/db/seed/seed.ts');
        const before = vips();
        const { loadSharp } = await import('./src/lib/sharp.ts');
        const [a, b] = await Promise.all([loadSharp(), loadSharp()]);
        const cache = a.cache();
        console.log(JSON.stringify({
          before,
          after: vips(),
          same: a === b && a === (await loadSharp()),
          concurrency: a.concurrency(),
          cacheItems: cache.items.max,
          cacheMemory: cache.memory.max,
        }));
      `);
      expect(JSON.parse(out)).toEqual({
        before: false,
        after: true,
        same: true,
        concurrency: 1,
        cacheItems: 0,
        cacheMemory: 0,
      });
    },
  );
});
