import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { exactCopy } from './http-cache.ts';

const deflateRaw = promisify(zlib.deflateRaw);
const gzipAsync = promisify(zlib.gzip);

/**
 * gzip for stored pages that reuses the compressed inline stylesheet every page carries.
 *
 * Every server-rendered page inlines the same stylesheet (~50 KB of a ~120 KB product page) in its
 * head, and a page's first render compressed it again each time: about a third of the ~2 ms that
 * gzip level 9 takes for such a page. A gzip member's deflate data may be any run of blocks, so the
 * page is compressed in three pieces laid end to end: the text before the stylesheet, ended on a
 * byte boundary (a sync flush); the stylesheet's own blocks, deflated once per process and ended
 * the same way; and the rest, which ends the stream. The rest is deflated with the window's worth
 * of text before it (the stylesheet's last 32 KB, or the head and stylesheet if shorter) as its
 * dictionary, which is exactly what a decoder holds at that point, so it may still refer back into
 * the stylesheet as one pass over the whole page would. The CRC-32 is taken over the whole text.
 * The result is an ordinary gzip member: any decoder reads it as it reads zlib's own.
 *
 * The shared part is found as the page's first `<style>` element; one at least
 * SHARED_PART_MIN_BYTES long is remembered, and a later page whose first stylesheet has exactly the
 * same bytes reuses its blocks. A page without one, or with a different one, is compressed whole (a
 * different stylesheet of that size then becomes the remembered one).
 */
export function createPageGzip(level: number = zlib.constants.Z_BEST_COMPRESSION) {
  const options: zlib.ZlibOptions = { level };
  const flushed: zlib.ZlibOptions = { level, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  let shared: { text: Buffer; deflated: Buffer; window: Buffer } | null = null;

  /** The page in its three pieces when its stylesheet is the shared one, else null. */
  function split(
    html: Buffer,
  ): { before: Buffer; rest: Buffer; window: Buffer; deflatedPart: Buffer } | null {
    const found = stylesheetOf(html);
    if (!found) return null;
    const [start, end] = found;
    const text = html.subarray(start, end);
    if (!shared || !shared.text.equals(text)) {
      const own = Buffer.from(text);
      shared = {
        text: own,
        deflated: zlib.deflateRawSync(own, flushed),
        window: own.subarray(Math.max(0, own.byteLength - WINDOW_BYTES)),
      };
    }
    const before = html.subarray(0, start);
    const window =
      shared.window.byteLength === WINDOW_BYTES
        ? shared.window
        : Buffer.concat([before, shared.text]).subarray(-WINDOW_BYTES);
    return { before, rest: html.subarray(end), window, deflatedPart: shared.deflated };
  }

  return {
    /** `html` as one gzip member, the deflating done on libuv's thread pool. */
    async gzip(html: Buffer): Promise<Buffer> {
      const pieces = split(html);
      if (!pieces) return exactCopy(await gzipAsync(html, options));
      const before = zlib.deflateRawSync(pieces.before, flushed);
      const rest = await deflateRaw(pieces.rest, { ...options, dictionary: pieces.window });
      return member(html, [before, pieces.deflatedPart, rest]);
    },

    /** The same bytes as `gzip`, made on the calling thread. */
    gzipSync(html: Buffer): Buffer {
      const pieces = split(html);
      if (!pieces) return exactCopy(zlib.gzipSync(html, options));
      return member(html, [
        zlib.deflateRawSync(pieces.before, flushed),
        pieces.deflatedPart,
        zlib.deflateRawSync(pieces.rest, { ...options, dictionary: pieces.window }),
      ]);
    },
  };

  /** A gzip member (RFC 1952) around deflate data `blocks` whose text is `html`. */
  function member(html: Buffer, blocks: Buffer[]): Buffer {
    const size = HEADER_BYTES + blocks.reduce((sum, block) => sum + block.byteLength, 0) + TRAILER_BYTES;
    const out = Buffer.allocUnsafeSlow(size);
    // ID1 ID2, CM deflate, no flags, no time, XFL as zlib sets it for the level, OS Unix.
    out.set([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, extraFlags(level), 3]);
    let at = HEADER_BYTES;
    for (const block of blocks) at += block.copy(out, at);
    out.writeUInt32LE(zlib.crc32(html) >>> 0, at);
    out.writeUInt32LE(html.byteLength % 2 ** 32, at + 4);
    return out;
  }
}

const WINDOW_BYTES = 32 * 1024;
const HEADER_BYTES = 10;
const TRAILER_BYTES = 8;
/** A shorter stylesheet is compressed with the page: reusing its blocks would save next to nothing. */
export const SHARED_PART_MIN_BYTES = 8 * 1024;

const STYLE_OPEN = Buffer.from('<style', 'latin1');
const STYLE_CLOSE = Buffer.from('</style>', 'latin1');
const TAG_END = 0x3e; // >

/** Where the text of the page's first `<style>` element starts and ends, if it is long enough. */
function stylesheetOf(html: Buffer): [start: number, end: number] | null {
  let at = html.indexOf(STYLE_OPEN);
  // `<styles…` or `<style-x…` is another element: the name must end at a space or `>`.
  while (at !== -1 && !isNameEnd(html[at + STYLE_OPEN.length])) at = html.indexOf(STYLE_OPEN, at + 1);
  if (at === -1) return null;
  const tagEnd = html.indexOf(TAG_END, at);
  if (tagEnd === -1) return null;
  const end = html.indexOf(STYLE_CLOSE, tagEnd + 1);
  if (end === -1 || end - (tagEnd + 1) < SHARED_PART_MIN_BYTES) return null;
  return [tagEnd + 1, end];
}

function isNameEnd(byte: number | undefined): boolean {
  return (
    byte === TAG_END || byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x2f
  );
}

/** zlib's XFL byte: 2 for the best compression, 4 for the fastest, else 0. */
function extraFlags(level: number): number {
  if (level === zlib.constants.Z_BEST_COMPRESSION) return 2;
  if (level === zlib.constants.Z_BEST_SPEED) return 4;
  return 0;
}
