import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  LIMITS_OFF,
  registerAndLogin,
  rssMb,
  startPrivateCluster,
  startServer,
  tempDir,
  type PrivateCluster,
  type ServerProcess,
} from './processes.ts';

/**
 * 60 s at 500 requests/s of a buyer's mixed session on PostgreSQL: no error,
 * p99 under 100 ms, and memory flat over the last 30 s. The thresholds are the issue's; on a
 * shared 2-core machine the figures depend on what else runs (the log line says what was seen).
 */

const DURATION_S = Number(process.env.SOAK_SECONDS ?? 60);
const RATE = Number(process.env.SOAK_RATE ?? 500);

describe('sustained load', () => {
  let cluster: PrivateCluster | null = null;
  let server: ServerProcess | null = null;
  const dataDir = tempDir('load');
  afterAll(async () => {
    await server?.kill('SIGKILL');
    cluster?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`holds ${RATE} requests/s for ${DURATION_S} s with no error, p99 < 100 ms and flat memory`, async () => {
    cluster = await startPrivateCluster();
    server = await startServer({
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      ...LIMITS_OFF,
    });
    const buyer = await registerAndLogin(server.url, 'load');
    const page = await call<{ products: { _id: string }[] }>(
      server.url,
      'GET',
      '/api/products/paginated?limit=16',
    );
    const ids = page.body.products.map((p) => p._id);
    expect(ids.length).toBeGreaterThan(3);
    const auth = { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' };

    // A buyer's visit: listings, a category, a search, product pages, the account and the list.
    const session: autocannon.Request[] = [
      { method: 'GET', path: '/api/products/paginated?page=1&limit=16' },
      { method: 'GET', path: '/api/products/category/Rings/paginated?filter=all&page=1' },
      { method: 'GET', path: `/api/products/single/${ids[0]}` },
      { method: 'GET', path: '/api/products/product?search=ring' },
      { method: 'GET', path: '/api/users/me', headers: auth },
      { method: 'GET', path: `/api/products/single/${ids[1]}` },
      {
        method: 'PUT',
        path: '/api/cart/quantity',
        headers: auth,
        body: JSON.stringify({ userId: buyer.id, productId: ids[2], quantity: 2 }),
      },
      { method: 'GET', path: `/api/cart/${buyer.id}`, headers: auth },
      { method: 'GET', path: '/api/products/paginated?page=2&limit=16' },
      { method: 'GET', path: '/api/blogs' },
    ];

    // Sustained means steady state: 5 s of the same traffic first let the JIT, the connection pool
    // and the per-instance caches settle, as the benchmarks' warm-up does; only the next 60 s count.
    await autocannon({ url: server.url, connections: 50, overallRate: RATE, duration: 5, requests: session });

    const memory: Array<{ at: number; mb: number }> = [];
    const started = Date.now();
    const sampler = setInterval(
      () => memory.push({ at: (Date.now() - started) / 1000, mb: rssMb(server!.child.pid!) }),
      1_000,
    );
    const result = await autocannon({
      url: server.url,
      connections: 50,
      overallRate: RATE,
      duration: DURATION_S,
      requests: session,
      timeout: 10,
    });
    clearInterval(sampler);

    const errors = result.errors + result.timeouts + result.non2xx;
    const half = DURATION_S / 2;
    const atHalf = memory.filter((m) => m.at >= half - 2 && m.at <= half + 2).map((m) => m.mb);
    const lastThirty = memory.filter((m) => m.at > half).map((m) => m.mb);
    const atEnd = memory.slice(-5).map((m) => m.mb);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const growth = median(atEnd) - median(atHalf);
    const figures = {
      requests: result.requests.total,
      perSecond: Math.round(result.requests.average),
      errors,
      non2xx: result.non2xx,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      rssAtHalfMb: Math.round(median(atHalf)),
      rssAtEndMb: Math.round(median(atEnd)),
      rssMaxLast30Mb: Math.round(Math.max(...lastThirty)),
      loadAverage: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    };
    console.info(`sustained load: ${JSON.stringify(figures)}`);

    expect(errors).toBe(0);
    expect(result.requests.total).toBeGreaterThanOrEqual(RATE * DURATION_S * 0.95);
    expect(result.latency.p99).toBeLessThan(100);
    // Flat: what the process holds at the end is within 10 % (or 16 MB) of what it held at half time.
    expect(growth).toBeLessThan(Math.max(16, median(atHalf) * 0.1));
  }, 240_000);
});
