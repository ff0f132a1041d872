/**
 * The figures behind docs/decisions/012-own-small-helpers-instead-of-libraries.md: CPU time per
 * operation of our LRU cache against `lru-cache`, and per answer of our fixed security headers
 * against @fastify/helmet, measured as process CPU time (not wall time), so a busy machine changes
 * them little. Run: `node --import tsx bench/micro/library-choices.ts` (after `npm ci`).
 */
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { createRequire } from 'node:module';
import { LruCache } from '../../apps/server/src/lib/lru-cache.ts';
import { HELMET_OPTIONS, registerSecurity } from '../../apps/server/src/plugins/security.ts';

type Lru = { get(k: string): unknown; set(k: string, v: Buffer): void };

function cpuMicros(run: () => void | Promise<void>): Promise<number> {
  const start = process.cpuUsage();
  return Promise.resolve(run()).then(() => {
    const used = process.cpuUsage(start);
    return used.user + used.system;
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function lruFigure(make: () => Lru, ops: number): Promise<number> {
  const values = Array.from({ length: 64 }, (_, i) => Buffer.alloc(512 + i * 64));
  const runs: number[] = [];
  for (let r = 0; r < 7; r++) {
    const cache = make();
    let seed = 12345;
    runs.push(
      await cpuMicros(() => {
        for (let i = 0; i < ops; i++) {
          seed = (seed * 1103515245 + 12345) >>> 0;
          const key = `k${seed % 20_000}`;
          if (cache.get(key) === undefined) cache.set(key, values[seed % 64]!);
        }
      }),
    );
  }
  return (median(runs) * 1000) / ops; // ns per operation
}

async function headersFigure(withHelmet: boolean, answers: number): Promise<number> {
  const app = Fastify({ logger: false });
  if (withHelmet) await app.register(helmet, { ...HELMET_OPTIONS });
  else await registerSecurity(app);
  app.get('/x', async () => ({ ok: true }));
  await app.ready();
  for (let i = 0; i < 500; i++) await app.inject('/x');
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    runs.push(
      await cpuMicros(async () => {
        for (let i = 0; i < answers; i++) await app.inject('/x');
      }),
    );
  }
  await app.close();
  return median(runs) / answers; // µs per answer
}

const require = createRequire(import.meta.url);
// lru-cache 11 (isaacs), as path-scurry installs it; the top-level copy is an old major.
const { LRUCache } = require(require.resolve('lru-cache', { paths: [require.resolve('path-scurry')] })) as {
  LRUCache: new (o: object) => Lru;
};
const budget = 16 * 1024 * 1024;
const ours = await lruFigure(
  () =>
    new LruCache<string, Buffer>({
      maxEntries: 10_000,
      maxSize: budget,
      sizeOf: (b) => b.length,
      ttlMs: 60_000,
    }),
  1_000_000,
);
const theirs = await lruFigure(
  () => new LRUCache({ max: 10_000, maxSize: budget, sizeCalculation: (b: Buffer) => b.length, ttl: 60_000 }),
  1_000_000,
);
const fixed = await headersFigure(false, 20_000);
const helmeted = await headersFigure(true, 20_000);
console.log(
  `LRU get/set, ns per operation (median of 7): ours ${ours.toFixed(0)}, lru-cache ${theirs.toFixed(0)}`,
);
console.log(
  `Security headers, CPU µs per answer (median of 5): fixed list ${fixed.toFixed(1)}, @fastify/helmet ${helmeted.toFixed(1)}`,
);
