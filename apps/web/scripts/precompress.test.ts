// @vitest-environment node
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.mjs';

describe('precompress', () => {
  let dir = '';
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('writes Brotli and gzip copies of text files that decompress to the same bytes', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'precompress-'));
    await fs.mkdir(path.join(dir, 'assets'));
    const script = 'export const rings = ["gold", "silver", "brass"];\n'.repeat(200);
    await fs.writeFile(path.join(dir, 'assets/app-1a2b.js'), script);
    await fs.writeFile(path.join(dir, 'assets/app-1a2b.css'), '.card{color:#222}\n'.repeat(200));
    await fs.writeFile(path.join(dir, 'tiny.js'), 'export {};\n'); // under 1 KB: left alone
    await fs.writeFile(path.join(dir, 'poster.webp'), Buffer.alloc(4096, 7)); // already compressed

    const totals = await precompress(dir);

    expect(totals.files).toBe(2);
    const br = await fs.readFile(path.join(dir, 'assets/app-1a2b.js.br'));
    const gz = await fs.readFile(path.join(dir, 'assets/app-1a2b.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    expect(zlib.gunzipSync(gz).toString()).toBe(script);
    expect(br.byteLength).toBeLessThan(script.length / 10);
    const names = (await fs.readdir(dir, { recursive: true })).map(String).sort();
    expect(names).toEqual([
      'assets',
      'assets/app-1a2b.css',
      'assets/app-1a2b.css.br',
      'assets/app-1a2b.css.gz',
      'assets/app-1a2b.js',
      'assets/app-1a2b.js.br',
      'assets/app-1a2b.js.gz',
      'poster.webp',
      'tiny.js',
    ]);
  });
});
