import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { askEachOnce } from './measure.ts';

let server: http.Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

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
