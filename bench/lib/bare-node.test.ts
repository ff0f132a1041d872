import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBareNode } from './bare-node.ts';
import type { NginxServer } from './nginx.ts';

describe('startBareNode', () => {
  const page = Buffer.from(`<!doctype html><title>हार</title>${'<p>ring</p>'.repeat(300)}`);
  const gzip = zlib.gzipSync(page);
  const json = Buffer.from('{"products":[]}');
  let server: NginxServer;
  beforeAll(async () => {
    server = await startBareNode(0, [
      {
        urlPath: '/product.html',
        body: page,
        gzip,
        contentType: 'text/html',
        headers: [
          ['content-type', 'text/html; charset=utf-8'],
          ['etag', '"p1-gz"'],
        ],
        identityHeaders: [
          ['content-type', 'text/html; charset=utf-8'],
          ['etag', '"p1"'],
        ],
      },
      { urlPath: '/listing.json', body: json, contentType: 'application/json' },
    ]);
  });
  afterAll(() => server.stop());

  const get = (path: string, acceptEncoding: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${server.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });

  it('answers gzip with the stored gzip bytes and the headers it was given', async () => {
    const answer = await get('/product.html', 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.body.equals(gzip)).toBe(true);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-length']).toBe(String(gzip.length));
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers.etag).toBe('"p1-gz"');
  });

  it('answers a client without gzip with the uncompressed bytes and their own headers', async () => {
    const answer = await get('/product.html', 'identity');
    expect(answer.body.equals(page)).toBe(true);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe(String(page.length));
    expect(answer.headers.etag).toBe('"p1"');
  });

  it('gives a file without headers of its own its content type, and 404 for anything else', async () => {
    const listing = await get('/listing.json', 'gzip');
    expect(listing.body.toString()).toBe('{"products":[]}');
    expect(listing.headers['content-type']).toBe('application/json');
    expect(listing.headers['content-encoding']).toBeUndefined();
    expect((await get('/other.html', 'gzip')).status).toBe(404);
  });
});
