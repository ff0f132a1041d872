import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { askEachOnce, forEachAtOnce, measureInterleaved } from './measure.ts';

let servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('forEachAtOnce', () => {
  it('hands each item its own index, at most `atOnce` at a time', async () => {
    const seen: string[] = [];
    let inFlight = 0;
    let most = 0;
    await forEachAtOnce(['a', 'b', 'c', 'd', 'e'], 2, async (item, i) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 3));
      seen.push(`${i}:${item}`);
      inFlight--;
    });
    expect(seen.sort()).toEqual(['0:a', '1:b', '2:c', '3:d', '4:e']);
    expect(most).toBe(2);
  });

  it('rejects with the first failure', async () => {
    await expect(
      forEachAtOnce([1, 2, 3], 3, async (n) => {
        if (n === 2) throw new Error('two failed');
      }),
    ).rejects.toThrow('two failed');
  });
});

describe('askEachOnce', () => {
  it('asks for every distinct path once, with the headers, never more than four at a time', async () => {
    const asked: string[] = [];
    let inFlight = 0;
    let most = 0;
    const base = await serve((req, res) => {
      asked.push(`${req.url} ${req.headers['accept-encoding']}`);
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        res.end('ok');
      }, 5);
    });
    const paths = Array.from({ length: 30 }, (_, i) => `/singleproduct/${i % 20}`);
    await askEachOnce(base, paths, { 'accept-encoding': 'gzip' });
    expect(asked.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `/singleproduct/${i} gzip`).sort());
    expect(most).toBe(4);
  });

  it('fails when a path does not answer 2xx, naming it', async () => {
    const base = await serve((req, res) => {
      res.statusCode = req.url === '/missing' ? 404 : 200;
      res.end();
    });
    await expect(askEachOnce(base, ['/', '/missing'], {})).rejects.toThrow('/missing answered 404');
  });
});

describe('measureInterleaved', () => {
  it('prepares the first target last, then runs round r of every target before round r + 1 of any', async () => {
    // Which server answered, in order; runs of the same server are one step of the schedule.
    const served: string[] = [];
    const answer = (name: string) => (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (served.at(-1) !== name) served.push(name);
      res.end(name);
    };
    const ours = await serve(answer('ours'));
    const theirs = await serve(answer('theirs'));
    const [mine, other] = await measureInterleaved(
      [
        {
          baseUrl: ours,
          rssMb: () => 42,
          scenario: { key: 'ours', name: 'ours', paths: ['/1', '/2'], primed: true },
        },
        {
          baseUrl: theirs,
          rssMb: () => null,
          scenario: { key: 'theirs', name: 'theirs', paths: ['/'], warmupSeconds: 1 },
        },
      ],
      { rounds: 2, seconds: 1, warmupSeconds: 0, connections: 2 },
    );
    // Their warm-up; our priming and first round; then turns.
    expect(served).toEqual(['theirs', 'ours', 'theirs', 'ours', 'theirs']);
    expect(mine).toMatchObject({ key: 'ours', rounds: 2, rssMb: 42, errors: 0 });
    expect(other).toMatchObject({ key: 'theirs', rounds: 2, rssMb: null, errors: 0, warmupSeconds: 1 });
    expect(mine!.rps).toBeGreaterThan(0);
    expect(other!.rps).toBeGreaterThan(0);
  }, 20_000);
});
