// Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the client build,
// so the server answers them as stored bytes (@fastify/static's preCompressed) instead of
// compressing them for every request. Runs after `react-router build`; pictures, videos and fonts
// are already compressed and are left alone. A copy that would not be smaller is not written.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* filesUnder(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses every file of `dir` that is worth it; answers how many and the bytes before and after. */
export async function precompress(dir) {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = await fs.readFile(file);
    if (data.byteLength < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
        },
      }),
      gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.byteLength < data.byteLength) await fs.writeFile(`${file}.br`, br);
    if (gz.byteLength < data.byteLength) await fs.writeFile(`${file}.gz`, gz);
    totals.files += 1;
    totals.bytes += data.byteLength;
    totals.br += Math.min(br.byteLength, data.byteLength);
    totals.gz += Math.min(gz.byteLength, data.byteLength);
  }
  return totals;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'build/client');
  const t = await precompress(dir);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`precompressed ${t.files} files: ${kb(t.bytes)} → brotli ${kb(t.br)}, gzip ${kb(t.gz)}`);
}
