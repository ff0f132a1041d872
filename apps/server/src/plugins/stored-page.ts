import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { exactCopy, preferredEncoding, type Encoding as HttpEncoding } from '../lib/http-cache.ts';

/**
 * Stands in for the CSP nonce in renders that may be shared: random per process, so no page text
 * can predict it; hex, so no escaping in the HTML changes it; as long as a nonce (16 random bytes
 * in base64, security.ts), so an answer's nonce is written over it in place.
 */
export const NONCE_PLACEHOLDER = crypto.randomBytes(12).toString('hex');
const PLACEHOLDER_BYTES = Buffer.from(NONCE_PLACEHOLDER, 'latin1');
const NONCE_ATTRIBUTE = Buffer.from(` nonce="${NONCE_PLACEHOLDER}"`, 'latin1');

/** What an entry costs beyond its bodies: its key, the page and entry objects, the headers. */
export const PAGE_OVERHEAD_BYTES = 1000;
/** Brotli quality 5: fast enough for a page's first answer (~4 ms for 120 KB), within 15% of the best ratio. */
const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
/** gzip level 9: ~2 ms for a 120 KB product page, made once per stored page. */
const GZIP_OPTIONS: zlib.ZlibOptions = { level: zlib.constants.Z_BEST_COMPRESSION };
const gzipAsync = promisify(zlib.gzip);

type Header = readonly [string, string];
export type Encoding = HttpEncoding | 'identity';

const SCRIPT_OPEN = Buffer.from('<script', 'latin1');
const SCRIPT_CLOSE = Buffer.from('</script>', 'latin1');
const TAG_END = 0x3e; // >
const WORD_CHARACTER = /\w/;

/**
 * The script-src sources that replace the nonce in a page stored for everyone: the hash of each
 * inline script the render marked with `nonce` (the per-process placeholder, which no page text
 * can predict). A script that found its way into the page without it (say, through content that
 * escaped sanitising) gets no hash, so it stays blocked exactly as it would by the nonce. The HTML is
 * React's output, where no script's text can contain `</script` (React escapes `<` in the data it
 * inlines), so a script ends at the first `</script>`; React writes its tags in lower case, and a
 * tag written otherwise is not one of the render's, so it is passed over and gets no hash.
 *
 * The page is read as bytes: each script's hash is taken over its UTF-8 bytes as sent, and only a
 * tag's attributes become a string. A product page (~120 KB, Hindi labels in its data) never
 * becomes one at each first render.
 */
export function inlineScriptHashes(html: Buffer, nonce: string): string[] {
  const hashes = new Set<string>();
  const marked = ` nonce="${nonce}"`;
  for (let at = html.indexOf(SCRIPT_OPEN); at !== -1;) {
    const tagEnd = html.indexOf(TAG_END, at);
    if (tagEnd === -1) break;
    const after = html[at + SCRIPT_OPEN.length]!;
    if (WORD_CHARACTER.test(String.fromCharCode(after))) {
      at = html.indexOf(SCRIPT_OPEN, at + 1); // `<scripts…`: not a script tag
      continue;
    }
    const close = html.indexOf(SCRIPT_CLOSE, tagEnd + 1);
    if (close === -1) break;
    const attributes = html.toString('latin1', at + SCRIPT_OPEN.length, tagEnd);
    if (attributes.includes(marked) && !/\ssrc=/i.test(attributes)) {
      const text = html.subarray(tagEnd + 1, close);
      hashes.add(`'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`);
    }
    at = html.indexOf(SCRIPT_OPEN, close + SCRIPT_CLOSE.length);
  }
  return [...hashes];
}

/**
 * `bytes` without any occurrence of `part`, moved together in place (no copy of the page is made):
 * a view of the start of `bytes`, whose later bytes are left as they were.
 */
export function withoutAllInPlace(bytes: Buffer, part: Buffer): Buffer {
  let to = bytes.indexOf(part);
  if (to === -1) return bytes;
  let from = to + part.length;
  for (let at = bytes.indexOf(part, from); at !== -1; at = bytes.indexOf(part, from)) {
    to += bytes.copy(bytes, to, from, at);
    from = at + part.length;
  }
  to += bytes.copy(bytes, to, from);
  return bytes.subarray(0, to);
}

/**
 * One answer's worth of a render made with NONCE_PLACEHOLDER: a redirect, a missing page, a page
 * that sets a cookie or is private. It goes to the visitor it was rendered for (and to concurrent
 * ones when it sets no cookie), each time with that answer's own nonce written over the placeholders.
 */
export class OneOffPage {
  readonly isShareable = false;
  private readonly holes: number[] = [];

  constructor(
    readonly status: number,
    /** Every response header but Set-Cookie. */
    readonly headers: readonly Header[],
    readonly cookies: readonly string[],
    private readonly html: Buffer,
  ) {
    for (let at = html.indexOf(PLACEHOLDER_BYTES); at !== -1;) {
      this.holes.push(at);
      at = html.indexOf(PLACEHOLDER_BYTES, at + PLACEHOLDER_BYTES.length);
    }
  }

  get isHtml(): boolean {
    return isHtml(this.headers);
  }

  /** Bytes held: its HTML (kept by the held pages of web.ts; never by the page cache). */
  get bytes(): number {
    return this.html.length;
  }

  /** The HTML with `nonce` in every placeholder's place: a buffer of its own per call. */
  body(nonce: string): Buffer {
    if (nonce.length !== PLACEHOLDER_BYTES.length)
      throw new Error('a nonce must be as long as the placeholder');
    const html = Buffer.from(this.html);
    for (const at of this.holes) html.write(nonce, at, 'latin1');
    return html;
  }
}

/**
 * A page that is the same for every anonymous visitor, stored as the bytes every answer sends:
 * without nonces (its Content-Security-Policy names its inline scripts by hash instead), compressed
 * once per encoding, with a strong ETag per encoding. Answering it writes a stored buffer; a CDN or
 * proxy in front may keep it too (its Cache-Control says for how long).
 */
export class StoredPage {
  readonly isShareable = true;
  readonly cookies: readonly string[] = [];
  readonly status = 200;
  readonly isHtml = true;
  readonly headers: readonly Header[];
  readonly etag: string;
  private readonly copies: Partial<Record<HttpEncoding, Buffer>>;
  private readonly answers = new Map<Encoding, StoredAnswer>();
  /** Told when the page made an encoding later and so holds more bytes (the cache re-counts it). */
  onGrow: (() => void) | null = null;

  /**
   * `rendered` as the render made it (UTF-8), with NONCE_PLACEHOLDER; it is stored without it, and
   * is taken over: the placeholders are cut out of it in place, so the caller must not read it
   * afterwards (a ~120 KB page is then never copied before it is compressed). A shared
   * cache may keep it `sharedCacheSeconds` and serve it stale as long again while it asks anew; a
   * browser revalidates every time (max-age=0), so a visitor who signs in is never shown the
   * anonymous page from their own cache, and `Vary: Cookie` keeps shared caches from doing so.
   *
   * It is compressed at first only in the encoding its first visitor takes (`first`: browsers all
   * take Brotli, so most pages are never gzipped); the other is made from it the first time a
   * client asks for it, then kept. gzip (level 9) is made on libuv's thread pool while the server
   * answers other requests; Brotli (quality 5, ~4 ms) on the
   * event loop: made on the pool beside the renders, it cost each first render more than twice its
   * CPU on two cores (V8's concurrent marking ran four times as often), and product pages rendered
   * first for a browser went from 28 to 20 a second, where made here they went to 29-30.
   */
  static async of(
    headers: readonly Header[],
    rendered: Buffer,
    policy: (scriptSources: string[]) => string,
    sharedCacheSeconds: number | null,
    first: HttpEncoding = 'gzip',
  ): Promise<StoredPage> {
    const hashes = inlineScriptHashes(rendered, NONCE_PLACEHOLDER);
    const bytes = withoutAllInPlace(rendered, NONCE_ATTRIBUTE);
    // Brotli's and gzip's answers are views of the encoder's buffer: copied to their own size.
    const compressed = exactCopy(
      first === 'br' ? zlib.brotliCompressSync(bytes, BROTLI_OPTIONS) : await gzipAsync(bytes, GZIP_OPTIONS),
    );
    return new StoredPage(headers, bytes, first, compressed, policy(hashes), sharedCacheSeconds);
  }

  private constructor(
    headers: readonly Header[],
    bytes: Buffer,
    first: HttpEncoding,
    compressed: Buffer,
    policy: string,
    sharedCacheSeconds: number | null,
  ) {
    this.etag = crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
    this.copies = { [first]: compressed };
    this.headers = [
      ...headers.filter(([key]) => !STORED_HEADER_NAMES.has(key)),
      ['content-security-policy', policy],
      [
        'cache-control',
        sharedCacheSeconds === null
          ? 'private, no-store'
          : `public, max-age=0, s-maxage=${sharedCacheSeconds}, stale-while-revalidate=${sharedCacheSeconds}`,
      ],
      ['vary', 'Accept-Encoding, Cookie'],
    ];
  }

  /** Bytes held, as counted against the cache's budget. */
  get bytes(): number {
    return (this.copies.gzip?.byteLength ?? 0) + (this.copies.br?.byteLength ?? 0) + PAGE_OVERHEAD_BYTES;
  }

  /**
   * The stored body in `encoding`. The encoding not made yet is made from the stored one on its
   * first request, then kept; plain bytes (rarely asked for) are inflated each time.
   */
  body(encoding: Encoding): Buffer {
    const kept = encoding === 'identity' ? undefined : this.copies[encoding];
    if (kept) return kept;
    const plain = this.copies.gzip
      ? zlib.gunzipSync(this.copies.gzip)
      : zlib.brotliDecompressSync(this.copies.br!);
    if (encoding === 'identity') return plain;
    const made = exactCopy(
      encoding === 'br' ? zlib.brotliCompressSync(plain, BROTLI_OPTIONS) : zlib.gzipSync(plain, GZIP_OPTIONS),
    );
    this.copies[encoding] = made;
    this.onGrow?.();
    return made;
  }

  /** Each encoding is its own representation, so each has its own strong validator. */
  etagOf(encoding: Encoding): string {
    return encoding === 'identity' ? `"${this.etag}"` : `"${this.etag}-${encoding === 'br' ? 'br' : 'gz'}"`;
  }

  /** Whether `If-None-Match` names this page in any encoding. */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag.replace(/-(br|gz)"$/, '"') === `"${this.etag}"`);
  }

  /**
   * The whole answer to a GET or HEAD, headers made once per encoding: the page route
   * (plugins/web.ts) sends exactly this through Fastify, whose hooks add the security headers.
   */
  answer(request: { method: string; acceptEncoding?: string; ifNoneMatch?: string }): {
    status: 200 | 304;
    headers: Readonly<Record<string, string>>;
    body: Buffer | null;
  } {
    const encoding = preferredEncoding(request.acceptEncoding) ?? 'identity';
    const made = this.answers.get(encoding) ?? this.makeAnswer(encoding);
    if (this.matches(request.ifNoneMatch)) return { status: 304, headers: made.notModified, body: null };
    return { status: 200, headers: made.ok, body: request.method === 'HEAD' ? null : made.body() };
  }

  private makeAnswer(encoding: Encoding): StoredAnswer {
    const base = Object.fromEntries([...this.headers, ['etag', this.etagOf(encoding)]]);
    // Plain answers are rare (clients that take no compression): their bytes are not kept.
    const length = encoding === 'identity' ? null : this.body(encoding).byteLength;
    const ok: Record<string, string> = {
      ...base,
      ...(encoding !== 'identity' ? { 'content-encoding': encoding } : {}),
      ...(length !== null ? { 'content-length': String(length) } : {}),
    };
    const made: StoredAnswer = { notModified: base, ok, body: () => this.body(encoding) };
    this.answers.set(encoding, made);
    return made;
  }
}

type StoredAnswer = {
  notModified: Record<string, string>;
  ok: Record<string, string>;
  body: () => Buffer;
};

/** Headers a stored page sets per answer, or replaces. */
const STORED_HEADER_NAMES = new Set([
  'content-length',
  'content-encoding',
  'content-security-policy',
  'etag',
]);

export type CachedRender = OneOffPage | StoredPage;

/**
 * A render for sharing, as a stored page when it is the same for every anonymous visitor: a 200
 * HTML page that sets no cookie and that no route marked private. `policy` makes the page's
 * Content-Security-Policy from its inline scripts' sources. `html` is taken over (StoredPage.of).
 * `sharedCacheSeconds: null`: a page this process keeps (a held page, plugins/web.ts) but no other
 * cache may: stored as any other, whatever its route's Cache-Control, and answered `private, no-store`.
 */
export async function cachedRenderOf(
  status: number,
  headers: Headers,
  html: Buffer,
  options: {
    policy: (scriptSources: string[]) => string;
    sharedCacheSeconds: number | null;
    /** The encoding the visitor it is rendered for takes, made first (gzip when they take none). */
    acceptEncoding?: string;
  },
): Promise<CachedRender> {
  const kept = [...headers].filter(([key]) => key !== 'set-cookie');
  const cookies = headers.getSetCookie();
  const judged = options.sharedCacheSeconds === null ? kept.filter(([key]) => key !== 'cache-control') : kept;
  if (!isShareable(status, judged, cookies)) return new OneOffPage(status, kept, cookies, html);
  const first = preferredEncoding(options.acceptEncoding) ?? 'gzip';
  return StoredPage.of(kept, html, options.policy, options.sharedCacheSeconds, first);
}

function isHtml(headers: readonly Header[]): boolean {
  return headers.some(([key, value]) => key === 'content-type' && value.includes('text/html'));
}

function isShareable(status: number, headers: readonly Header[], cookies: string[]) {
  return (
    status === 200 &&
    isHtml(headers) &&
    cookies.length === 0 &&
    !headers.some(([key, value]) => key === 'cache-control' && /private|no-store/i.test(value))
  );
}
