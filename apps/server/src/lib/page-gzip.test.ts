import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageGzip } from './page-gzip.ts';

/** A stylesheet like the storefront's: ~50 KB of rules whose class names the page's body uses. */
function stylesheet(rules: number, seed = 1): string {
  let css = '';
  for (let n = 0; n < rules; n++) {
    const shade = ((n * 2654435761 + seed) >>> 0).toString(16).slice(0, 6).padStart(6, '0');
    css += `.c${n}{color:#${shade};margin:${n % 17}px ${n % 5}rem;padding:0 ${n % 9}px}\n`;
  }
  return css;
}

function page(css: string, body: string, title = 'Brass ring'): Buffer {
  return Buffer.from(
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${title}</title>` +
      `<style data-precedence="default" data-href="app-css">${css}</style></head>` +
      `<body>${body}</body></html>`,
  );
}

function body(items: number, seed: number): string {
  let html = '';
  for (let n = 0; n < items; n++) {
    const k = (n * 7 + seed) % 800;
    html += `<div class="c${k} c${(k + 3) % 800}"><a href="/singleproduct/${k}-${seed}">Ring ${k} — अंगूठी ${seed}</a></div>`;
  }
  return html;
}

const CSS = stylesheet(800); // ~50 KB
/** The stylesheet's blocks as the splice must carry them: deflated alone, ended by a sync flush. */
const CSS_BLOCKS = zlib.deflateRawSync(Buffer.from(CSS), {
  level: 9,
  finishFlush: zlib.constants.Z_SYNC_FLUSH,
});

describe('createPageGzip', () => {
  it('makes one gzip member that decodes to the page, with the stylesheet blocks compressed once', async () => {
    const gzip = createPageGzip(9);
    for (const seed of [1, 2, 3]) {
      const html = page(CSS, body(600, seed), `Ring ${seed}`);
      const gz = await gzip.gzip(html);
      expect(zlib.gunzipSync(gz).equals(html)).toBe(true);
      // Header: gzip, deflate, no flags, no time, XFL 2 (level 9), OS 3.
      expect([...gz.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 3]);
      expect(gz.indexOf(CSS_BLOCKS)).toBeGreaterThan(10);
      expect(gz.readUInt32LE(gz.length - 4)).toBe(html.length);
      expect(gz.readUInt32LE(gz.length - 8)).toBe(zlib.crc32(html));
    }
  });

  it('compresses as well as zlib does in one pass, within 1%', async () => {
    const gzip = createPageGzip(9);
    const html = page(CSS, body(900, 5));
    const whole = zlib.gzipSync(html, { level: 9 });
    const spliced = await gzip.gzip(html);
    expect(spliced.length).toBeLessThan(whole.length * 1.01);
    expect(spliced.length).toBeLessThan(html.length / 4);
  });

  it('gives the same bytes on the calling thread as on the pool', async () => {
    const gzip = createPageGzip(9);
    const html = page(CSS, body(300, 9));
    const sync = gzip.gzipSync(html);
    expect((await gzip.gzip(html)).equals(sync)).toBe(true);
    expect(sync.indexOf(CSS_BLOCKS)).toBeGreaterThan(10);
  });

  it('is read by a streaming decoder fed a byte at a time', async () => {
    const html = page(CSS, body(200, 4));
    const gz = createPageGzip(9).gzipSync(html);
    const bytes = Array.from({ length: gz.length }, (_, n) => gz.subarray(n, n + 1));
    const decoded = await buffer(Readable.from(bytes).pipe(zlib.createGunzip()));
    expect(decoded.equals(html)).toBe(true);
  });

  it('lets the text after the stylesheet refer back into it, as one pass would', async () => {
    // The body repeats 1 KB of the stylesheet: with the stylesheet's tail as its dictionary, the
    // rest is compressed to a few bytes for it, not to another copy of it.
    const tail = CSS.slice(-1024);
    const html = page(CSS, `<pre>${tail}</pre>`);
    const gz = createPageGzip(9).gzipSync(html);
    expect(zlib.gunzipSync(gz).equals(html)).toBe(true);
    expect(gz.length - CSS_BLOCKS.length).toBeLessThan(200);
  });

  it('takes the head and stylesheet as the window when the stylesheet is shorter than 32 KB', async () => {
    const css = stylesheet(200); // ~12 KB
    const head = 'x'.repeat(30_000);
    const html = page(css, `<p>${head.slice(0, 3000)}</p>`, head);
    const gz = await createPageGzip(9).gzip(html);
    expect(zlib.gunzipSync(gz).equals(html)).toBe(true);
    const cssBlocks = zlib.deflateRawSync(Buffer.from(css), {
      level: 9,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    });
    expect(gz.indexOf(cssBlocks)).toBeGreaterThan(10);
  });

  it('compresses a page whole when it has no stylesheet, a short one, or an unclosed one', async () => {
    const gzip = createPageGzip(9);
    const pages = [
      Buffer.from(`<!DOCTYPE html><html><body>${body(100, 1)}</body></html>`),
      page('.a{color:red}', body(100, 2)),
      Buffer.from(`<html><head><style>${CSS}</head><body>${body(50, 3)}</body></html>`),
      Buffer.from(`<html><head><styles>${CSS}</styles></head></html>`),
      Buffer.from(''),
    ];
    for (const html of pages) {
      const gz = await gzip.gzip(html);
      expect(zlib.gunzipSync(gz).equals(html)).toBe(true);
      expect(gz.equals(zlib.gzipSync(html, { level: 9 }))).toBe(true);
    }
  });

  it('follows a stylesheet that changes, and pages that alternate between two', async () => {
    const gzip = createPageGzip(9);
    const other = stylesheet(700, 99);
    const otherBlocks = zlib.deflateRawSync(Buffer.from(other), {
      level: 9,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    });
    for (const [css, blocks] of [
      [CSS, CSS_BLOCKS],
      [other, otherBlocks],
      [CSS, CSS_BLOCKS],
      [other, otherBlocks],
    ] as const) {
      const html = page(css, body(100, css.length));
      const gz = await gzip.gzip(html);
      expect(zlib.gunzipSync(gz).equals(html)).toBe(true);
      expect(gz.indexOf(blocks)).toBeGreaterThan(10);
    }
  });

  it('keeps no view of the page it was given', async () => {
    const html = page(CSS, body(100, 7));
    const copy = Buffer.from(html);
    const gzip = createPageGzip(9);
    const gz = await gzip.gzip(html);
    html.fill(0x20); // the caller reuses its buffer: the stored stylesheet and answer are its own
    expect(zlib.gunzipSync(gz).equals(copy)).toBe(true);
    const next = page(CSS, body(100, 8));
    expect(zlib.gunzipSync(await gzip.gzip(next)).equals(next)).toBe(true);
    expect(gz.buffer.byteLength).toBe(gz.byteLength);
  });

  it('marks the level in the header as zlib does', () => {
    const html = page(CSS, body(10, 1));
    expect(createPageGzip(1).gzipSync(html)[8]).toBe(4);
    expect(createPageGzip(6).gzipSync(html)[8]).toBe(0);
    expect(zlib.gunzipSync(createPageGzip(6).gzipSync(html)).equals(html)).toBe(true);
  });
});
