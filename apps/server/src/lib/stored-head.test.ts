import http, { ServerResponse } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStoredHeadWriter } from './stored-head.ts';

const BODY = Buffer.from('<p>a stored page</p>'.repeat(50));
const HEADERS = [
  'content-type',
  'text/html; charset=utf-8',
  'content-security-policy',
  "default-src 'self'; script-src 'self' 'sha256-abc' 'strict-dynamic'",
  'etag',
  '"abc-gz"',
  'content-length',
  String(BODY.byteLength),
];
const WITHOUT_LENGTH = HEADERS.slice(0, 6);

let server: http.Server | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

async function serve(now: () => number): Promise<number> {
  const writeStored = createStoredHeadWriter(now);
  server = http.createServer((req, res) => {
    if (req.url === '/stored') writeStored(res, HEADERS, BODY);
    else if (req.url === '/no-length') writeStored(res, WITHOUT_LENGTH, BODY);
    else {
      res.writeHead(200, HEADERS);
      res.end(BODY);
    }
  });
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends `requests` on one connection and returns every byte the server wrote until it went quiet or closed. */
function exchange(port: number, requests: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let quiet: NodeJS.Timeout | undefined;
    const done = () => {
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      clearTimeout(quiet);
      quiet = setTimeout(done, 150);
    });
    socket.on('end', done);
    socket.on('error', reject);
    socket.write(requests.join(''));
  });
}

const get = (path: string, connection = 'keep-alive') =>
  `GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: ${connection}\r\n\r\n`;

/** Splits answers that name their length; the Date line is masked (it is the clock's). */
function answers(raw: string): { head: string; body: string }[] {
  const out: { head: string; body: string }[] = [];
  let rest = raw;
  while (rest.length) {
    const end = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, end + 4);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    out.push({
      head: head.replace(/\r\nDate: [^\r]+/, '\r\nDate: (masked)'),
      body: rest.slice(end + 4, end + 4 + length),
    });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

const dates = (raw: string) => [...raw.matchAll(/\r\nDate: ([^\r]+)/g)].map((match) => match[1]);

describe('stored answers written with a head serialised once', () => {
  it('send exactly the bytes writeHead sends, serialising the head once, with the current date', async () => {
    let now = 1_700_000_000_250;
    const port = await serve(() => now);
    const writeHead = vi.spyOn(ServerResponse.prototype, 'writeHead');

    const raw = await exchange(port, [get('/stored'), get('/stored'), get('/stored'), get('/reference')]);
    const [first, second, third, reference] = answers(raw);
    expect(reference!.head).toContain('\r\nConnection: keep-alive\r\nKeep-Alive: timeout=72\r\n');
    expect(reference!.head).toContain(`\r\ncontent-length: ${BODY.byteLength}\r\n`);
    for (const answer of [first, second, third]) {
      expect(answer!.head).toBe(reference!.head);
      expect(answer!.body).toBe(BODY.toString('latin1'));
    }
    // Once for the stored answer, once for the reference.
    expect(writeHead).toHaveBeenCalledTimes(2);
    expect(dates(raw).slice(1, 3)).toEqual([
      'Tue, 14 Nov 2023 22:13:20 GMT',
      'Tue, 14 Nov 2023 22:13:20 GMT',
    ]);

    now += 1_000;
    const later = await exchange(port, [get('/stored'), get('/stored')]);
    expect(answers(later).map((answer) => answer.head)).toEqual([reference!.head, reference!.head]);
    expect(dates(later)).toEqual(['Tue, 14 Nov 2023 22:13:21 GMT', 'Tue, 14 Nov 2023 22:13:21 GMT']);
    expect(writeHead).toHaveBeenCalledTimes(2);
  });

  it('leave a connection that closes, and an answer without its length, to writeHead', async () => {
    const port = await serve(() => 1_700_000_000_000);
    const writeHead = vi.spyOn(ServerResponse.prototype, 'writeHead');
    await exchange(port, [get('/stored')]);
    expect(writeHead).toHaveBeenCalledTimes(1);

    // Its head is kept, but this connection closes after the answer, and must say so.
    const closing = await exchange(port, [get('/stored', 'close')]);
    expect(closing).toMatch(/\r\nConnection: close\r\n/);
    expect(closing).not.toMatch(/keep-alive/i);
    expect(closing.endsWith(BODY.toString('latin1'))).toBe(true);
    expect(writeHead).toHaveBeenCalledTimes(2);

    const chunked = await exchange(port, [get('/no-length'), get('/no-length')]);
    expect(chunked.match(/Transfer-Encoding: chunked/g)).toHaveLength(2);
    expect(chunked.split('0\r\n\r\n')).toHaveLength(3); // both bodies end with their last chunk
    expect(writeHead).toHaveBeenCalledTimes(4);
  });
});
