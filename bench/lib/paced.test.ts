import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Step } from './measure.ts';
import { pacedFigures, runPaced } from './paced.ts';
import { seededRandom } from './pages.ts';

describe('runPaced', () => {
  let server: http.Server;
  let baseUrl: string;
  const seen: { method: string; url: string; at: number }[] = [];

  beforeAll(async () => {
    let orderId = 0;
    server = http.createServer((req, res) => {
      seen.push({ method: req.method!, url: req.url!, at: Date.now() });
      req.resume();
      req.on('end', () => {
        // Every answer takes 20 ms; the order answer is gzip'd, as our server's larger ones are.
        setTimeout(() => {
          if (req.url === '/fail') {
            res.writeHead(500).end('{}');
          } else if (req.method === 'POST') {
            res.writeHead(201, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
            res.end(zlib.gzipSync(JSON.stringify({ orderId: ++orderId })));
          } else {
            res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
          }
        }, 20);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('waits a think time before each request, times the answers and stops starting requests at the end', async () => {
    seen.length = 0;
    const orders: number[] = [];
    // When each request is started, on the client: the server's arrival time also holds the trip.
    const starts: number[] = [];
    const startedAt = () => (starts.push(Date.now()), {});
    const steps: Step[] = [
      { path: '/product', headers: startedAt },
      {
        method: 'POST',
        headers: startedAt,
        path: (ctx) => `/order?buyer=${String((ctx.n = ((ctx.n as number | undefined) ?? 0) + 1))}`,
        body: () => ({ quantity: 1 }),
        onResponse: (status, body) => {
          if (status === 201) orders.push((JSON.parse(body) as { orderId: number }).orderId);
        },
      },
    ];
    const running = runPaced(baseUrl, steps, {
      buyers: 3,
      seconds: 1,
      thinkMs: { min: 100, max: 200 },
      random: seededRandom(1),
    });
    // The runner reads its start (and so its deadline) before it returns its promise: no later
    // than this. A start read before the call could be a millisecond early, and failed under load.
    const startedBy = Date.now();
    const round = await running;
    const figures = pacedFigures(round);

    // Each buyer spends at least 120 ms per request: 3 buyers in 1 s make at most 3 × 9 requests.
    expect(round.requests).toBeGreaterThanOrEqual(3); // fewer when the machine is busy, never more
    expect(round.requests).toBeLessThanOrEqual(27);
    expect(seen).toHaveLength(round.requests);
    expect(starts).toHaveLength(round.requests);
    expect(starts.every((at) => at < startedBy + 1000)).toBe(true);
    expect(round.latencies).toHaveLength(round.requests);
    expect(round.writeLatencies).toHaveLength(seen.filter((s) => s.method === 'POST').length);
    expect(Math.min(...round.latencies)).toBeGreaterThanOrEqual(19);
    expect(orders).toEqual(Array.from({ length: orders.length }, (_, i) => i + 1));
    expect(orders.length).toBe(round.writeLatencies.length);
    expect(figures).toMatchObject({ errors: 0, non2xx: 0, requests: round.requests });
    expect(figures.p99).toBeGreaterThanOrEqual(figures.p50);
  });

  it('counts answers outside 2xx, and requests that got no answer at all', async () => {
    const failing = await runPaced(baseUrl, [{ path: '/fail' }], {
      buyers: 2,
      seconds: 0.3,
      thinkMs: { min: 10, max: 20 },
      random: seededRandom(2),
    });
    expect(failing.non2xx).toBe(failing.requests);
    expect(failing.requests).toBeGreaterThan(0);

    const nobody = await runPaced('http://127.0.0.1:1', [{ path: '/' }], {
      buyers: 2,
      seconds: 0.2,
      thinkMs: { min: 10, max: 20 },
      random: seededRandom(3),
    });
    expect(nobody.errors).toBe(nobody.requests);
    expect(nobody.latencies).toEqual([]);
    expect(pacedFigures(nobody)).toMatchObject({ p50: 0, p99: 0 });
  });
});
