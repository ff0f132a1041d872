// `node --import tsx bench/catalogue-import.ts [--rows 5000] [--pg URL] [--products 1000]`: starts
// the production server, uploads a workbook of `rows` new products with one picture each (a ZIP),
// runs the check and the apply while a client keeps reading listing pages, and prints how long each
// phase took beside the listings' latency before and during the import. The target is 5,000 rows
// and 5,000 pictures in at most 120 s, with listings still answered meanwhile.
import { parseArgs } from 'node:util';
import * as XLSX from '@e965/xlsx';
import sharp from 'sharp';
import { zipArchive } from '../apps/server/src/lib/zip.ts';
import { BENCH_ADMIN, startBenchServer } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '5000' },
    products: { type: 'string', default: '1000' },
    pg: { type: 'string' },
    port: { type: 'string', default: '3310' },
  },
});
const rows = Number(values.rows);

type Job = { id: string; phase: string; message: string | null; progress: Record<string, number> };

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!)
    : 0;
};

async function main() {
  const server = await startBenchServer({
    products: Number(values.products),
    port: Number(values.port),
    ...(values.pg ? { postgresUrl: values.pg } : {}),
  });
  try {
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    const prefix = `BENCH-IMP-${Date.now().toString(36).toUpperCase()}`;
    const sheet = [['code', 'name', 'description', 'category', 'subcategory', 'price', 'metal', 'tags']];
    for (let i = 1; i <= rows; i++) {
      sheet.push([
        `${prefix}-${i}`,
        `Bench design ${i}`,
        'Generated',
        'Rings',
        'withgemstone',
        String(100 + i),
        'brass',
        'bench',
      ]);
    }
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Catalogue');
    const workbook = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const picture = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#c9a227' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const pictures = zipArchive(
      Array.from({ length: rows }, (_, i) => ({
        name: `${prefix}-${i + 1}.jpg`,
        data: picture,
        isCompressed: true,
      })),
      new Date(),
    );

    // A reader of listing pages, one request at a time, until told to stop.
    let phase = 'idle';
    const latencies: Record<string, number[]> = { idle: [], import: [] };
    let reading = true;
    const reader = (async () => {
      for (let i = 0; reading; i++) {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/products/paginated?page=${1 + (i % 20)}`);
        await res.arrayBuffer();
        latencies[phase]!.push(performance.now() - started);
      }
    })();
    await new Promise((r) => setTimeout(r, 5000));
    phase = 'import';

    const started = performance.now();
    const form = new FormData();
    form.append('workbook', new Blob([new Uint8Array(workbook)]), 'bench.xlsx');
    form.append('pictures', new Blob([new Uint8Array(pictures)]), 'bench.zip');
    const upload = await fetch(`${server.url}/api/admin/catalogue/imports/jobs`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    let job = (await upload.json()) as Job;
    const uploaded = performance.now();
    const settle = async () => {
      while (job.phase === 'checking' || job.phase === 'applying') {
        await new Promise((r) => setTimeout(r, 500));
        job = (await (
          await fetch(`${server.url}/api/admin/catalogue/imports/jobs/${job.id}`, { headers: auth })
        ).json()) as Job;
      }
    };
    await settle();
    const checked = performance.now();
    if (job.phase !== 'checked' || job.message) throw new Error(`check: ${job.phase} ${job.message}`);
    job = (await (
      await fetch(`${server.url}/api/admin/catalogue/imports/jobs/${job.id}/apply`, {
        method: 'POST',
        headers: auth,
      })
    ).json()) as Job;
    await settle();
    const applied = performance.now();
    reading = false;
    await reader;
    if (job.phase !== 'applied') throw new Error(`apply: ${job.phase} ${job.message}`);

    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `catalogue import of ${rows} rows + ${rows} pictures on ${server.database}, ${server.products} products:`,
    );
    console.log(
      `  upload ${s(uploaded - started)}, check ${s(checked - uploaded)}, apply ${s(applied - checked)}, total ${s(applied - started)} (target ≤ 120 s at 5,000)`,
    );
    for (const [name, list] of Object.entries(latencies)) {
      console.log(
        `  listing pages ${name}: ${list.length} requests, p50 ${percentile(list, 50)} ms, p95 ${percentile(list, 95)} ms, p99 ${percentile(list, 99)} ms, max ${percentile(list, 100)} ms`,
      );
    }
    console.log(`  server RSS after: ${Math.round(server.rssMb())} MB`);
  } finally {
    await server.stop();
  }
}

await main();
