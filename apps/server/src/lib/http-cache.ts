import crypto from 'node:crypto';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Weak comparison (RFC 9110 §8.8.3.2): `W/` is ignored, `*` matches anything. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

export type Encoding = 'br' | 'gzip';

/** A body as it goes on the wire: compressed with `encoding`, or the JSON text itself (null). */
export type Body = { encoding: Encoding | null; bytes: string | Buffer };

/** What `sendCachedJson` needs of an answer: its ETag, and its body for what the client accepts. */
export interface CachedJson {
  readonly etag: string;
  body(accepted: Encoding | null): Body;
}

/** Below this the compress plugin (app.ts) sends bodies as they are; so do we. */
const MIN_COMPRESSED_CHARS = 1024;

/**
 * The encoding to answer with, from `Accept-Encoding` (RFC 9110 §12.5.3): brotli, then gzip, as the
 * compress plugin prefers them; `q=0` refuses one, `*` stands for any not named; null: send as is.
 * Browsers send a handful of distinct values, so each is parsed once and remembered (at most
 * ENCODINGS_REMEMBERED of them; past that the memory starts afresh): every stored page and
 * cached answer reads it, and parsing cost more than finding the page.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let chosen = chosenEncodings.get(acceptEncoding);
  if (chosen === undefined) {
    if (chosenEncodings.size >= ENCODINGS_REMEMBERED) chosenEncodings.clear();
    chosenEncodings.set(acceptEncoding, (chosen = parsePreferredEncoding(acceptEncoding)));
  }
  return chosen;
}

const ENCODINGS_REMEMBERED = 256;
const chosenEncodings = new Map<string, Encoding | null>();

function parsePreferredEncoding(acceptEncoding: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(token, q === undefined ? 1 : Number(q));
  }
  const accepts = (encoding: string) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** The encoding a request's answer goes out in (null: as is). */
export const acceptedEncoding = (request: FastifyRequest) =>
  preferredEncoding(request.headers['accept-encoding']);

/** Brotli for JSON answers: quality 4, the compress plugin's default, whole or written in chunks. */
const BROTLI_JSON: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The wire form of `json` (text or UTF-8) for a client accepting `accepted`; short JSON is never compressed. */
export function encodeJson(json: string | Buffer, accepted: Encoding | null): Body {
  if (!accepted || json.length < MIN_COMPRESSED_CHARS) return { encoding: null, bytes: json };
  const compressed =
    accepted === 'br'
      ? // Quality 4, the compress plugin's default: quality 11 costs ~80× more for ~8% fewer bytes.
        zlib.brotliCompressSync(json, BROTLI_JSON)
      : zlib.gzipSync(json);
  return { encoding: accepted, bytes: exactCopy(compressed) };
}

/**
 * zlib's output is a view of its 16 KB working buffer: kept as it is, a 2 KB page would hold on to
 * all 16 KB. Cached bodies are copied into memory of their own size.
 */
export function exactCopy(view: Buffer): Buffer {
  if (view.byteLength === view.buffer.byteLength) return view;
  const copy = Buffer.allocUnsafeSlow(view.byteLength);
  view.copy(copy);
  return copy;
}

/** The JSON text back from a wire form. */
export function decodeBody(body: Body): string {
  if (typeof body.bytes === 'string') return body.bytes;
  if (body.encoding === 'br') return zlib.brotliDecompressSync(body.bytes).toString('utf8');
  if (body.encoding === 'gzip') return zlib.gunzipSync(body.bytes).toString('utf8');
  return body.bytes.toString('utf8');
}

/**
 * A JSON answer serialised once (by `serialise`, on first demand) and reused until it goes stale.
 * Compressing a listing page costs about as much as the rest of answering it from the cache, so
 * each compressed form is also made once, when first asked for.
 */
export class JsonAnswer implements CachedJson {
  #utf8: Buffer | null = null;
  #etag: string | null = null;
  #bodies: Partial<Record<Encoding, Body>> = {};

  constructor(private readonly serialise: () => string) {}

  /**
   * The JSON text as it is sent, in UTF-8, made once. Kept as bytes rather than as the string: V8
   * keeps a text with any character past Latin-1 at two bytes a character, and every listing page
   * has some (its products' Hindi attribute labels), so a page of 16 products was ~31 KB held as
   * a string against ~17 KB as bytes. `Buffer.from` puts a short text in Node's shared 8 KB slab;
   * `exactCopy` moves it to memory of its own size, so a kept answer does not hold the whole slab.
   */
  get utf8(): Buffer {
    this.#utf8 ??= exactCopy(Buffer.from(this.serialise(), 'utf8'));
    return this.#utf8;
  }

  /** The JSON text (decoded again on each call; the answer holds its bytes). */
  get json(): string {
    return this.utf8.toString('utf8');
  }

  get etag(): string {
    this.#etag ??= `W/"${crypto.createHash('sha1').update(this.utf8).digest('base64url')}"`;
    return this.#etag;
  }

  body(accepted: Encoding | null): Body {
    if (!accepted) return { encoding: null, bytes: this.utf8 };
    return (this.#bodies[accepted] ??= encodeJson(this.utf8, accepted));
  }
}

/**
 * An answer kept as one wire form only, for answers that are many and each rarely asked for (deep
 * listing pages): a compressed page is about a fifth of its JSON text, and a tenth of the objects it
 * was made from. Another encoding is made from it on demand and not kept.
 */
export class PackedAnswer implements CachedJson {
  private constructor(
    readonly etag: string,
    readonly packed: Body,
  ) {}

  static of(answer: CachedJson, accepted: Encoding | null): PackedAnswer {
    return new PackedAnswer(answer.etag, answer.body(accepted));
  }

  /**
   * A JSON array too large to hold as objects or as text (every product of a large catalogue: ~100
   * MB of JSON at 100,000 products), written a chunk of elements at a time straight into the wire
   * form `accepted` asks for, its ETag hashed on the way. The text, the ETag and the encoding are
   * those of JsonAnswer and encodeJson for the same array (short JSON stays as it is). Built whole
   * at 100,000 products, that answer took 10.8-38.8 s (the heap then held ~850 MB, most of it
   * still resident after); written like this, ~20 MB at a time.
   */
  static async ofArray<T>(
    chunks: AsyncIterable<readonly T[]>,
    serialise: (item: T) => string,
    accepted: Encoding | null,
  ): Promise<PackedAnswer> {
    const hash = crypto.createHash('sha1');
    const encoder = !accepted
      ? null
      : accepted === 'br'
        ? zlib.createBrotliCompress(BROTLI_JSON)
        : zlib.createGzip();
    const parts: Buffer[] = [];
    encoder?.on('data', (part: Buffer) => parts.push(part));
    const encoded = encoder ? finished(encoder) : null;
    // Awaited below; when the source fails first, the encoder is destroyed and this rejects unread.
    encoded?.catch(() => {});
    // The text is kept while it is short: JSON under MIN_COMPRESSED_CHARS goes out as it is.
    let start: string | null = '';
    const write = async (text: string) => {
      hash.update(text);
      if (start !== null) start = start.length + text.length < MIN_COMPRESSED_CHARS ? start + text : null;
      if (!encoder) parts.push(Buffer.from(text));
      else if (!encoder.write(text)) await once(encoder, 'drain');
    };
    try {
      await write('[');
      let first = true;
      for await (const chunk of chunks) {
        if (!chunk.length) continue;
        await write((first ? '' : ',') + chunk.map(serialise).join(','));
        first = false;
      }
      await write(']');
      encoder?.end();
      await encoded;
    } catch (error) {
      encoder?.destroy();
      throw error;
    }
    const etag = `W/"${hash.digest('base64url')}"`;
    if (start !== null) return new PackedAnswer(etag, { encoding: null, bytes: start });
    return new PackedAnswer(etag, { encoding: accepted, bytes: exactCopy(Buffer.concat(parts)) });
  }

  /** Bytes held: the body (JSON text counted as one byte per character) and the ETag. */
  get bytes(): number {
    return this.packed.bytes.length + this.etag.length;
  }

  body(accepted: Encoding | null): Body {
    return accepted === this.packed.encoding ? this.packed : encodeJson(decodeBody(this.packed), accepted);
  }

  /**
   * The JSON text as a stream inflated from the kept form, for a client that accepts no encoding,
   * when that form is compressed and large (PLAIN_STREAM_ABOVE): every product of a large
   * catalogue is ~100 MB as text, which `body(null)` would make as one string. Null otherwise.
   */
  plainStream(): Readable | null {
    const { encoding, bytes } = this.packed;
    if (!encoding || bytes.length < PLAIN_STREAM_ABOVE) return null;
    return Readable.from([bytes]).pipe(
      encoding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip(),
    );
  }
}

/** Compressed bodies at least this large go to a client accepting no encoding as a stream. */
export const PLAIN_STREAM_ABOVE = 256 * 1024;

/** Lists change at any time: caches may keep a copy but must revalidate it (a 304 costs almost nothing). */
export const REVALIDATE = 'public, max-age=0, must-revalidate';
/**
 * An answer made for one signed-in reader (an admin's prices, a buyer's list, an account): no
 * cache keeps it, shared or the browser's own. Every answer made for a session gets it (auth.ts,
 * web.ts), whatever its route set; a route that knows it answers for a session says so itself too.
 */
export const PERSONAL = 'private, no-store';

/** Adds `names` to the answer's `Vary` header, once each, keeping what is there. */
export function addVary(reply: FastifyReply, ...names: string[]): void {
  const current = reply.getHeader('vary');
  const listed = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (listed.includes('*')) return;
  const lower = new Set(listed.map((v) => v.toLowerCase()));
  const added = names.filter((n) => !lower.has(n.toLowerCase()));
  if (added.length) reply.header('vary', [...listed, ...added].join(', '));
}

/**
 * Sends a pre-serialised JSON answer with its ETag, or 304 when the client already has it. A string
 * body with a JSON content type skips Fastify's serializer: the schema already shaped it. The body
 * goes out compressed when the client accepts brotli or gzip, from the answer's own copy; the
 * compress plugin leaves an encoded body alone.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedJson,
  accepted: Encoding | null = acceptedEncoding(request),
  cacheControl: string = REVALIDATE,
) {
  reply.header('etag', answer.etag).header('cache-control', cacheControl);
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  addVary(reply, 'Accept-Encoding');
  const plain = !accepted && answer instanceof PackedAnswer ? answer.plainStream() : null;
  if (plain) return reply.send(plain);
  const body = answer.body(accepted);
  if (body.encoding) reply.header('content-encoding', body.encoding);
  return reply.send(body.bytes);
}

/**
 * JSON text sent as it is made (`chunks`), never held whole; the compression plugin compresses it
 * on the way when the client accepts an encoding.
 */
export function sendJsonStream(reply: FastifyReply, chunks: AsyncIterable<string>) {
  return reply.type('application/json; charset=utf-8').send(Readable.from(chunks));
}
