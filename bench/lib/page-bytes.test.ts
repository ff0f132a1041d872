import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerEncodings, pageBytes, pageBytesTable, replayedHeaders } from './page-bytes.ts';

const PAGE = Buffer.from(`<!doctype html><title>Rings</title>${'<p>ring</p>'.repeat(400)}`);

let url = '';
let server: http.Server;
let liar = false;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (accepts.includes('br')) {
      response.writeHead(200, { 'content-encoding': 'br' });
      response.end(zlib.brotliCompressSync(PAGE));
    } else if (accepts.includes('gzip')) {
      response.writeHead(200, {
        'content-encoding': 'gzip',
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=0, s-maxage=30',
      });
      response.end(zlib.gzipSync(liar ? Buffer.from('another page') : PAGE));
    } else {
      response.writeHead(200, { etag: '"plain"' });
      response.end(PAGE);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('answerEncodings', () => {
  it('keeps the raw bytes of each encoding the server sent', async () => {
    const encoded = await answerEncodings(url, '/', 'text/html');
    expect(encoded.identity.equals(PAGE)).toBe(true);
    expect(zlib.gunzipSync(encoded.gzip!).equals(PAGE)).toBe(true);
    expect(zlib.brotliDecompressSync(encoded.brotli!).equals(PAGE)).toBe(true);
    const row = pageBytes('category', '/category/Rings', encoded);
    expect(row).toEqual({
      page: 'category',
      path: '/category/Rings',
      identityBytes: PAGE.length,
      gzipBytes: encoded.gzip!.length,
      brotliBytes: encoded.brotli!.length,
    });
    // The gzip answer's own headers, without those a server replaying it sets itself.
    expect(encoded.headers).toEqual([
      ['content-type', 'text/html; charset=utf-8'],
      ['cache-control', 'public, max-age=0, s-maxage=30'],
    ]);
    // And the uncompressed answer's, which a replaying server sends with the uncompressed bytes.
    expect(encoded.identityHeaders).toEqual([['etag', '"plain"']]);
  });

  it('refuses a gzip answer that is not the same page', async () => {
    liar = true;
    try {
      await expect(answerEncodings(url, '/', 'text/html')).rejects.toThrow(/not the same page/);
    } finally {
      liar = false;
    }
  });
});

describe('pageBytesTable', () => {
  it("shows kilobytes and Brotli's saving over gzip", () => {
    expect(
      pageBytesTable([
        { page: 'home', path: '/', identityBytes: 102_400, gzipBytes: 20_480, brotliBytes: 16_384 },
        { page: 'blog', path: '/blogs', identityBytes: 2048, gzipBytes: null, brotliBytes: null },
      ]),
    ).toEqual([
      {
        page: 'home',
        'uncompressed KB': '100.0',
        'gzip KB': '20.0',
        'Brotli KB': '16.0',
        'Brotli vs gzip': '20% smaller',
      },
      { page: 'blog', 'uncompressed KB': '2.0', 'gzip KB': '-', 'Brotli KB': '-', 'Brotli vs gzip': '-' },
    ]);
  });
});

describe('replayedHeaders', () => {
  it("keeps an answer's headers but the date, framing, connection and encoding", () => {
    expect(
      replayedHeaders([
        'content-security-policy',
        "default-src 'self'",
        'Date',
        'Sat, 28 Nov 2026 17:49:05 GMT',
        'content-type',
        'text/html; charset=utf-8',
        'Content-Length',
        '26401',
        'content-encoding',
        'gzip',
        'vary',
        'Accept-Encoding, Cookie',
        'Connection',
        'keep-alive',
        'Keep-Alive',
        'timeout=72',
        'Transfer-Encoding',
        'chunked',
      ]),
    ).toEqual([
      ['content-security-policy', "default-src 'self'"],
      ['content-type', 'text/html; charset=utf-8'],
      ['vary', 'Accept-Encoding, Cookie'],
    ]);
  });
});
