import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema/products.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import Fastify from 'fastify';
import { decodeBody, JsonAnswer, PackedAnswer, preferredEncoding, sendCachedJson } from './http-cache.ts';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, as the compress plugin does', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
  });
  it('honours q=0, q-values and *', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('GZIP;Q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
  });
  it('answers each value as it first did after more distinct values than it remembers', () => {
    const values = Array.from({ length: 600 }, (_, i) =>
      i % 3 === 0 ? `gzip;q=0.${(i % 9) + 1}, x-${i}` : i % 3 === 1 ? `br, x-${i}` : `x-${i}, deflate`,
    );
    const expected = values.map((_, i) => (i % 3 === 0 ? 'gzip' : i % 3 === 1 ? 'br' : null));
    for (let round = 0; round < 2; round++) expect(values.map(preferredEncoding)).toEqual(expected);
  });
});

describe('sendCachedJson', () => {
  it('compresses an answer once per encoding and reuses that copy', async () => {
    const answer = new JsonAnswer(() => JSON.stringify({ items: 'x'.repeat(5000) }));
    const app = Fastify();
    app.get('/', (request, reply) => sendCachedJson(request, reply, answer));
    const gzip = async () =>
      (await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } })).rawPayload;
    const first = await gzip();
    const cached = answer.body('gzip');
    expect(cached.encoding).toBe('gzip');
    expect(first.equals(cached.bytes as Buffer)).toBe(true);
    await gzip();
    expect(answer.body('gzip').bytes).toBe(cached.bytes);
    expect(zlib.gunzipSync(first).toString()).toBe(answer.json);
    await app.close();
  });

  it('sends a short answer as it is', async () => {
    const answer = new JsonAnswer(() => '{"a":1}');
    const app = Fastify();
    app.get('/', (request, reply) => sendCachedJson(request, reply, answer));
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('{"a":1}');
    expect(response.headers.etag).toBe(answer.etag);
    await app.close();
  });

  it('gives equal JSON equal ETags, and different JSON different ones', () => {
    const a = new JsonAnswer(() => '{"a":1}');
    expect(a.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(new JsonAnswer(() => '{"a":1}').etag).toBe(a.etag);
    expect(new JsonAnswer(() => '{"a":2}').etag).not.toBe(a.etag);
  });
});

describe('JsonAnswer', () => {
  it('holds its text as UTF-8 bytes of their own, sent and hashed as the text is', async () => {
    const text = JSON.stringify({ label: 'धातु · पत्थर', n: 1 });
    const answer = new JsonAnswer(() => text);
    const bytes = answer.body(null).bytes as Buffer;
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
    // Not a view of Node's shared 8 KB slab, which a kept short answer would pin whole.
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
    expect(answer.json).toBe(text);
    expect(answer.etag).toBe(`W/"${crypto.createHash('sha1').update(text).digest('base64url')}"`);
    const app = Fastify();
    app.get('/', (request, reply) => sendCachedJson(request, reply, answer));
    const response = await app.inject({ url: '/' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe(text);
    await app.close();
  });
});

describe('PackedAnswer', () => {
  const json = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => `item ${i}`) });
  const full = new JsonAnswer(() => json);

  it('keeps only the body asked for, with the ETag of the whole answer', () => {
    const packed = PackedAnswer.of(full, 'gzip');
    expect(packed.etag).toBe(full.etag);
    expect(packed.body('gzip')).toBe(packed.packed);
    expect(zlib.gunzipSync(packed.packed.bytes as Buffer).toString()).toBe(json);
    expect(packed.bytes).toBe((packed.packed.bytes as Buffer).length + full.etag.length);
    expect(packed.bytes).toBeLessThan(json.length / 2);
  });

  it('makes any other form from the one it keeps', () => {
    for (const kept of ['br', 'gzip', null] as const) {
      const packed = PackedAnswer.of(full, kept);
      expect(decodeBody(packed.body(null))).toBe(json);
      expect(packed.body(null).encoding).toBeNull();
      expect(zlib.gunzipSync(packed.body('gzip').bytes as Buffer).toString()).toBe(json);
      expect(zlib.brotliDecompressSync(packed.body('br').bytes as Buffer).toString()).toBe(json);
    }
  });

  it('keeps short JSON as it is whatever the client accepts', () => {
    const packed = PackedAnswer.of(new JsonAnswer(() => '{"a":1}'), 'gzip');
    expect(packed.packed).toEqual({ encoding: null, bytes: Buffer.from('{"a":1}') });
    expect(packed.body('br')).toEqual({ encoding: null, bytes: '{"a":1}' });
  });

  describe('written a chunk of an array at a time', () => {
    async function* chunksOf<T>(...chunks: T[][]) {
      for (const chunk of chunks) {
        await new Promise((r) => setImmediate(r));
        yield chunk;
      }
    }
    // 2,500 elements in chunks of 1,000, an empty chunk among them: ~100 KB of JSON text.
    const items = Array.from({ length: 2_500 }, (_, i) => ({ id: i, name: `सोने की अंगूठी ${i}` }));
    const chunks = () => chunksOf(items.slice(0, 1_000), [], items.slice(1_000, 2_000), items.slice(2_000));
    const text = JSON.stringify(items);
    const sha1 = `W/"${crypto.createHash('sha1').update(text).digest('base64url')}"`;

    it('is the whole array in the form asked for, with the ETag of its JSON text', async () => {
      const gzip = await PackedAnswer.ofArray(chunks(), (item) => JSON.stringify(item), 'gzip');
      expect(gzip.etag).toBe(sha1);
      expect(gzip.packed.encoding).toBe('gzip');
      expect(zlib.gunzipSync(gzip.packed.bytes as Buffer).toString('utf8')).toBe(text);
      const br = await PackedAnswer.ofArray(chunks(), (item) => JSON.stringify(item), 'br');
      expect(br.etag).toBe(sha1);
      expect(zlib.brotliDecompressSync(br.packed.bytes as Buffer).toString('utf8')).toBe(text);
      const plain = await PackedAnswer.ofArray(chunks(), (item) => JSON.stringify(item), null);
      expect(plain.packed.encoding).toBeNull();
      expect(decodeBody(plain.packed)).toBe(text);
      expect(plain.etag).toBe(sha1);
    });

    it('keeps a short or empty array as its text', async () => {
      const empty = await PackedAnswer.ofArray(chunksOf<number>([], []), String, 'gzip');
      expect(empty.packed).toEqual({ encoding: null, bytes: '[]' });
      const short = await PackedAnswer.ofArray(chunksOf([1, 2], [3]), String, 'br');
      expect(short.packed).toEqual({ encoding: null, bytes: '[1,2,3]' });
    });

    it('goes to a client accepting no encoding inflated as it is sent when large, whole when small', async () => {
      // 8,000 elements of 100 hex digits: ~0.9 MB of text, over 256 KB in gzip.
      const large = Array.from({ length: 8_000 }, (_, i) => ({
        i,
        hex: crypto.randomBytes(50).toString('hex'),
      }));
      const packed = await PackedAnswer.ofArray(
        chunksOf(large.slice(0, 4_000), large.slice(4_000)),
        (item) => JSON.stringify(item),
        'gzip',
      );
      expect((packed.packed.bytes as Buffer).length).toBeGreaterThan(256 * 1024);
      const small = await PackedAnswer.ofArray(chunks(), (item) => JSON.stringify(item), 'gzip');
      expect((small.packed.bytes as Buffer).length).toBeLessThan(256 * 1024);
      const app = Fastify();
      app.get('/large', (request, reply) => sendCachedJson(request, reply, packed));
      app.get('/small', (request, reply) => sendCachedJson(request, reply, small));

      const streamed = await app.inject({ url: '/large' });
      expect(streamed.headers['content-encoding']).toBeUndefined();
      expect(streamed.headers['content-length']).toBeUndefined();
      expect(streamed.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(streamed.headers.etag).toBe(packed.etag);
      expect(streamed.body).toBe(JSON.stringify(large));
      const whole = await app.inject({ url: '/small' });
      expect(whole.headers['content-length']).toBe(String(Buffer.byteLength(text)));
      expect(whole.body).toBe(text);
      const gzip = await app.inject({ url: '/large', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.rawPayload.equals(packed.packed.bytes as Buffer)).toBe(true);
      await app.close();
    });

    it('fails as its source fails, and holds nothing of what it had written', async () => {
      async function* failing() {
        yield items.slice(0, 1_000);
        throw new Error('connection lost');
      }
      await expect(PackedAnswer.ofArray(failing(), (item) => JSON.stringify(item), 'gzip')).rejects.toThrow(
        'connection lost',
      );
    });
  });
});

describe('cached JSON answers are sent compressed from their own copy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.database.db.insert(products).values(
      Array.from({ length: 20 }, (_, i) => ({
        name: `Kundan Ring ${i}`,
        code: `KR-${i}`,
        category: 'Rings',
        subcategory: 'withgemstone',
        description: `Handcrafted ring number ${i}, available in custom platings.`,
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/products/paginated?page=1',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('answers the same JSON in brotli, gzip or as it is, by Accept-Encoding', async () => {
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.json() as { products: unknown[] };
    expect(expected.products).toHaveLength(16);

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);

    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(expected);
    for (const response of [plain, br, gzip]) {
      expect(
        String(response.headers.vary)
          .toLowerCase()
          .match(/accept-encoding/g),
      ).toHaveLength(1);
    }
    expect(gzip.headers.etag).toBe(plain.headers.etag);

    const refused = await get('br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(expected);
  });

  it('still answers 304 to a matching If-None-Match', async () => {
    const first = await get('gzip');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/products/paginated?page=1',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
