import sharp from 'sharp';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { measure, type MeasureSettings, type ScenarioResult } from './measure.ts';
import { loginToken } from './quote-scenarios.ts';
import { BENCH_ADMIN, ROOT, startBenchServer, type BenchServer } from './server.ts';
import { percentile } from './stats.ts';

/**
 * The pictures kept in an S3-compatible bucket (`MEDIA_STORE=s3`) against the directory store, on
 * the demo catalogue, each store on its own server:
 * - variant answers from the bucket once warm (wrk over the catalogue's listing pictures), as a
 *   ratio of the directory store's rate; budget ≥ 0.5×;
 * - an upload's first variants: from sending a picture to the product's gallery until its listing
 *   picture is answered as AVIF (made in the background after the first ask; WebP meanwhile), over
 *   `UPLOADS` uploads; budget p95 ≤ 2 s;
 * - memory over 10,000 picture reads from the bucket (every catalogue picture in three sizes and
 *   two formats, eight at a time): the server's RSS after the first 1,000 and after all 10,000;
 *   budget: at most 20 MB more.
 * The bucket is s3rver on loopback (the tests' S3 server), in a process of its own.
 */
export const UPLOADS = 20;
export const READS = 10_000;

export type MediaStoresResult = {
  directory: ScenarioResult;
  bucket: ScenarioResult;
  uploads: number;
  /** Milliseconds from sending an upload to its AVIF listing picture. */
  uploadMedianMs: number;
  uploadP95Ms: number;
  reads: number;
  rssAfterFirstThousandMb: number;
  rssAfterAllMb: number;
};

type Listing = { products: { _id: string; imageUrl: string | null }[] };

/** The media paths of the catalogue's pictures (ours, not external addresses). */
async function pictures(baseUrl: string): Promise<{ productIds: string[]; paths: string[] }> {
  const { products } = (await (
    await fetch(`${baseUrl}/api/products/paginated?page=1&limit=100`)
  ).json()) as Listing;
  const ours = products.filter((p) => p.imageUrl && /\/media\/[^/?]+$/.test(p.imageUrl));
  if (!ours.length) throw new Error('the demo catalogue has no picture of ours');
  return { productIds: products.map((p) => p._id), paths: ours.map((p) => new URL(p.imageUrl!).pathname) };
}

const variantPaths = (paths: string[]) => paths.map((p) => `${p}?w=600&h=600&fit=inside`);

async function variantRate(server: BenchServer, key: string, name: string, settings: MeasureSettings) {
  const { paths } = await pictures(server.url);
  return measure(
    server.url,
    {
      key,
      name,
      paths: variantPaths(paths),
      headers: { accept: 'image/webp,*/*' },
      client: 'wrk',
      primed: true,
    },
    { ...settings, rssMb: () => server.rssMb() },
  );
}

/** A photograph's worth of bytes (1,200 px JPEG with noise), different for each `i`. */
async function photo(i: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 1200,
      height: 1200,
      channels: 3,
      background: { r: 120 + (i % 100), g: 90, b: 60 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 86 })
    .toBuffer();
}

/** Each upload's time until its listing picture answers as AVIF. */
async function uploadTimes(server: BenchServer, productIds: string[]): Promise<number[]> {
  const authorization = `Bearer ${await loginToken(server.url, BENCH_ADMIN)}`;
  const times: number[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    const productId = productIds[i % productIds.length]!;
    const form = new FormData();
    form.append(
      'image',
      new Blob([new Uint8Array(await photo(i))], { type: 'image/jpeg' }),
      `upload-${i}.jpg`,
    );
    form.append('alt', `Bench upload ${i}`);
    const started = performance.now();
    const added = await fetch(`${server.url}/api/products/admin/${productId}/images`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    if (added.status !== 201) throw new Error(`upload ${i} answered ${added.status}: ${await added.text()}`);
    const { images } = (await added.json()) as { images: { url: string }[] };
    const url = `${new URL(images.at(-1)!.url).pathname}?w=600&h=600&fit=inside`;
    for (;;) {
      const answer = await fetch(server.url + url, { headers: { accept: 'image/avif,image/webp,*/*' } });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
      if (answer.headers.get('content-type') === 'image/avif') break;
      if (performance.now() - started > 30_000) throw new Error(`${url} was not AVIF 30 s after its upload`);
      await new Promise((r) => setTimeout(r, 20));
    }
    times.push(performance.now() - started);
  }
  return times;
}

/** 10,000 reads over every picture in three sizes and two formats, eight at a time; RSS at 1,000 and at the end. */
async function readsMemory(server: BenchServer, paths: string[]) {
  const asked = paths.flatMap((p) =>
    [200, 400, 600].flatMap((w) =>
      ['image/webp,*/*', 'image/avif,image/webp,*/*'].map((accept) => ({
        url: `${p}?w=${w}&h=${w}&fit=cover`,
        accept,
      })),
    ),
  );
  let next = 0;
  let firstThousand = 0;
  const worker = async () => {
    while (next < READS) {
      const n = next++;
      const { url, accept } = asked[n % asked.length]!;
      const answer = await fetch(server.url + url, { headers: { accept } });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
      if (n === 1000) firstThousand = server.rssMb();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { firstThousand, all: server.rssMb() };
}

/** The tests' S3 server in its own process (bench/lib/s3-process.ts): its settings, and how to stop it. */
async function startS3Process(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/lib/s3-process.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('S3_ENV '));
      if (line) resolve(JSON.parse(line.slice('S3_ENV '.length)) as Record<string, string>);
    });
    child.once('exit', (code) => reject(new Error(`the S3 server exited (code ${code}) before it started`)));
  });
  return { env, stop };
}

export async function measureMediaStores(options: {
  port: number;
  settings: MeasureSettings;
  log: (line: string) => void;
}): Promise<MediaStoresResult> {
  const { port, settings, log } = options;
  log('media stores: the directory store');
  const plain = await startBenchServer({ products: 96, port });
  let directory: ScenarioResult;
  try {
    directory = await variantRate(
      plain,
      'media-directory',
      'picture variants from the directory store',
      settings,
    );
  } finally {
    await plain.stop();
  }
  const s3 = await startS3Process();
  try {
    log('media stores: the bucket (s3rver on loopback)');
    const server = await startBenchServer({ products: 96, port, env: s3.env });
    try {
      const bucket = await variantRate(server, 'media-bucket', 'picture variants from the bucket', settings);
      const { productIds, paths } = await pictures(server.url);
      log(`media stores: ${UPLOADS} uploads until each one's AVIF listing picture`);
      const times = await uploadTimes(server, productIds);
      log(`media stores: ${READS.toLocaleString('en')} picture reads from the bucket`);
      const memory = await readsMemory(server, paths);
      return {
        directory,
        bucket,
        uploads: times.length,
        uploadMedianMs: Math.round(percentile(times, 50)),
        uploadP95Ms: Math.round(percentile(times, 95)),
        reads: READS,
        rssAfterFirstThousandMb: memory.firstThousand,
        rssAfterAllMb: memory.all,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await s3.stop();
  }
}
