import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { PageCache } from './page-cache.ts';
import {
  cachedRenderOf,
  inlineScriptHashes,
  NONCE_PLACEHOLDER,
  StoredPage,
  withoutAllInPlace,
  type CachedRender,
} from './stored-page.ts';

const HTML = { 'content-type': 'text/html; charset=utf-8' };

const policyOf = (hashes: string[]) => `script-src ${hashes.join(' ')} 'strict-dynamic'`;

function rendered(
  html: string,
  status = 200,
  headers: Record<string, string> = HTML,
  acceptEncoding?: string,
) {
  return cachedRenderOf(status, new Headers(headers), Buffer.from(html), {
    policy: policyOf,
    sharedCacheSeconds: 30,
    acceptEncoding,
  });
}

async function stored(html: string, acceptEncoding?: string): Promise<StoredPage> {
  const page = await rendered(html, 200, HTML, acceptEncoding);
  if (!(page instanceof StoredPage)) throw new Error('expected a stored page');
  return page;
}

function setup(options: { version?: () => Promise<string>; maxBytes?: number } = {}) {
  let now = 0;
  const onStale = vi.fn();
  const readVersion = vi.fn(options.version ?? (async () => 'v1'));
  const cache = new PageCache({
    ttlMs: 30_000,
    readVersion,
    onStale,
    now: () => now,
    ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
  });
  return { cache, onStale, readVersion, advance: (ms: number) => (now += ms) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('pages stored for every anonymous visitor', () => {
  const page = `<script nonce="${NONCE_PLACEHOLDER}">alert(1)</script><p>${'ring '.repeat(2000)}</p>`;

  it('are kept without nonces, gzip-compressed, and Brotli-compressed once asked for', async () => {
    const kept = await stored(page);
    const plain = `<script>alert(1)</script><p>${'ring '.repeat(2000)}</p>`;
    expect(kept.body('identity').toString()).toBe(plain);
    expect(zlib.gunzipSync(kept.body('gzip')).toString()).toBe(plain);
    const before = kept.bytes;
    expect(before).toBeLessThan(1_300);
    expect(zlib.brotliDecompressSync(kept.body('br')).toString()).toBe(plain);
    expect(kept.body('br')).toBe(kept.body('br')); // made once, then the same buffer
    expect(kept.bytes).toBeGreaterThan(before);
  });

  it('rendered for a browser, are kept in Brotli only until a client asks for gzip', async () => {
    const kept = await stored(page, 'gzip, deflate, br, zstd');
    const plain = `<script>alert(1)</script><p>${'ring '.repeat(2000)}</p>`;
    const before = kept.bytes;
    expect(zlib.brotliDecompressSync(kept.body('br')).toString()).toBe(plain);
    expect(kept.bytes).toBe(before); // nothing made for the Brotli answer
    expect(kept.body('identity').toString()).toBe(plain);
    expect(kept.bytes).toBe(before); // nor for a plain one
    expect(zlib.gunzipSync(kept.body('gzip')).toString()).toBe(plain);
    expect(kept.body('gzip')).toBe(kept.body('gzip')); // made once, then the same buffer
    expect(kept.bytes).toBeGreaterThan(before);
    expect(kept.etagOf('br')).not.toBe(kept.etagOf('gzip'));
  });

  it('name the inline scripts the render marked by hash, and no other script', async () => {
    const n = ` nonce="${NONCE_PLACEHOLDER}"`;
    const html =
      `<script${n}>alert(1)</script><script type="application/ld+json">{"@type":"Product"}</script>` +
      `<script${n} src="/assets/a.js"></script><script${n} type="module" async="">window.__ctx = {"a":1};</script>` +
      `<script${n}>alert(1)</script><script>window.injected = true</script>` +
      '<script nonce="guessed">window.injected = true</script>' +
      // Not the render's own tags: another element's name, and a tag in capitals.
      `<scripts${n}>alert(2)</scripts><SCRIPT${n}>alert(3)</SCRIPT>` +
      // A script whose text names a script tag ends at its own end tag only.
      `<script${n}>alert(1)</script>`;
    expect(inlineScriptHashes(Buffer.from(html), NONCE_PLACEHOLDER)).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
      "'sha256-CACaKUMP3bUaeK7JgU+grVR6sA9VUsIgZNwdQnbXMCA='",
    ]);
    const kept = await stored(`<script${n}>alert(1)</script><script>window.injected = true</script>`);
    expect(kept.headers).toContainEqual([
      'content-security-policy',
      "script-src 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=' 'strict-dynamic'",
    ]);
  });

  it('hash a script by its UTF-8 bytes and keep every other byte of the page as rendered', async () => {
    const n = ` nonce="${NONCE_PLACEHOLDER}"`;
    const html = `<p>पीतल ring</p><script${n}>window.t = "बहुरंगी";</script><p>रोज़ गोल्ड</p>`;
    const kept = await stored(html);
    expect(kept.headers).toContainEqual([
      'content-security-policy',
      "script-src 'sha256-ggYOOvpv9LFAgKLt4cI6ipVOOy50pDRIWYQyYQHm550=' 'strict-dynamic'",
    ]);
    expect(zlib.gunzipSync(kept.body('gzip')).toString('utf8')).toBe(
      '<p>पीतल ring</p><script>window.t = "बहुरंगी";</script><p>रोज़ गोल्ड</p>',
    );
  });

  it('cut the nonces out of the rendered bytes in place, wherever they stand', () => {
    const cut = Buffer.from(' n="x"');
    for (const [html, expected] of [
      ['<p>a</p>', '<p>a</p>'],
      ['<script n="x">1</script><i n="x"></i>', '<script>1</script><i></i>'],
      [' n="x"<b> n="x" n="x"</b> n="x"', '<b></b>'],
      [' n="x"', ''],
      ['पीतल n="x" रोज़', 'पीतल रोज़'],
    ]) {
      const bytes = Buffer.from(html!);
      const result = withoutAllInPlace(bytes, cut);
      expect(result.toString()).toBe(expected);
      expect(result.buffer).toBe(bytes.buffer); // no copy of the page
      expect(result.byteOffset).toBe(bytes.byteOffset);
    }
  });

  it('have one strong validator per encoding, any of which answers If-None-Match', async () => {
    const kept = await stored(page);
    expect(kept.etagOf('identity')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(kept.etagOf('gzip')).toBe(kept.etagOf('identity').replace(/"$/, '-gz"'));
    expect(kept.etagOf('br')).toBe(kept.etagOf('identity').replace(/"$/, '-br"'));
    for (const tag of [kept.etagOf('br'), `"x", ${kept.etagOf('gzip')}`, `W/${kept.etagOf('identity')}`, '*'])
      expect(kept.matches(tag)).toBe(true);
    expect(kept.matches('"something-else"')).toBe(false);
    expect(kept.matches(undefined)).toBe(false);
    expect((await stored('<p>other</p>')).etagOf('identity')).not.toBe(kept.etagOf('identity'));
  });

  it('are compressed off the event loop: other work runs while a page is being stored', async () => {
    const page = `<main>${Array.from({ length: 20_000 }, (_, i) => `<p>design ${i * 7919}</p>`).join('')}</main>`;
    let otherWorkRan = false;
    setImmediate(() => (otherWorkRan = true));
    const kept = await stored(page);
    expect(otherWorkRan).toBe(true);
    expect(zlib.gunzipSync(kept.body('gzip')).toString()).toBe(page);
  });

  it('are only 200 HTML pages that set no cookie and are not private', async () => {
    expect((await rendered('<p>gone</p>', 404)).isShareable).toBe(false);
    expect((await rendered('', 301, { location: '/' })).isShareable).toBe(false);
    expect((await rendered('{}', 200, { 'content-type': 'application/json' })).isShareable).toBe(false);
    expect((await rendered('<p>hi</p>', 200, { ...HTML, 'set-cookie': 'a=1' })).isShareable).toBe(false);
    expect(
      (await rendered('<p>hi</p>', 200, { ...HTML, 'cache-control': 'private, no-store' })).isShareable,
    ).toBe(false);
    expect((await rendered('<p>hi</p>')).isShareable).toBe(true);
  });
});

describe('one-off answers (redirects, missing pages, pages that set a cookie)', () => {
  it('put the nonce where every placeholder was, anew for each answer', async () => {
    const page = await rendered(`<script nonce="${NONCE_PLACEHOLDER}">1</script><p>gone</p>`, 404);
    if (page.isShareable) throw new Error('a 404 is never stored');
    const nonce = 'abc+/=ghijklmnopqrstuv==';
    const html = (n: string) => `<script nonce="${n}">1</script><p>gone</p>`;
    expect(page.body(nonce).toString()).toBe(html(nonce));
    expect(page.body(nonce.toUpperCase()).toString()).toBe(html(nonce.toUpperCase()));
  });
});

describe('a stored page answers', () => {
  it('in Brotli, then gzip, then plain, as the client allows', async () => {
    const kept = await stored(`<p>${'ring '.repeat(2000)}</p>`);
    const encodingFor = (acceptEncoding: string | undefined) =>
      kept.answer({ method: 'GET', ...(acceptEncoding === undefined ? {} : { acceptEncoding }) }).headers[
        'content-encoding'
      ];
    expect(encodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(encodingFor('gzip, deflate')).toBe('gzip');
    expect(encodingFor('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(encodingFor('*')).toBe('br');
    expect(encodingFor('identity')).toBeUndefined();
    expect(encodingFor(undefined)).toBeUndefined();
    expect(encodingFor('gzip;q=0, br;q=0')).toBeUndefined();
    const plain = kept.answer({ method: 'GET', acceptEncoding: 'identity' });
    expect(plain.body?.toString()).toBe(`<p>${'ring '.repeat(2000)}</p>`);
    expect(plain.headers.etag).toBe(kept.etagOf('identity'));
  });
});

describe('PageCache', () => {
  const text = (page: CachedRender) => page.body('identity').toString();
  /** A render that gives each call's result in turn. */
  const rendersInTurn = (...turns: Array<() => Promise<CachedRender>>) => {
    const render = vi.fn<() => Promise<CachedRender>>();
    for (const turn of turns) render.mockImplementationOnce(turn);
    return render;
  };

  it('keeps a page fresh for the TTL, then answers it stale while one render renews it', async () => {
    const { cache, advance } = setup();
    let version = 1;
    let finish!: () => void;
    const render = vi.fn(async () => {
      const html = `<p>v${version++}</p>`;
      if (version > 2) await new Promise<void>((resolve) => (finish = resolve));
      return rendered(html);
    });
    expect(text(await cache.getOrRender('a', render))).toBe('<p>v1</p>');
    advance(29_999);
    expect(text(await cache.getOrRender('a', render))).toBe('<p>v1</p>');
    expect(cache.peek('a')).not.toBeNull();
    expect(render).toHaveBeenCalledTimes(1);

    advance(1); // the TTL is up
    // `peek` does not offer a stale page nobody is renewing: getOrRender answers it stale at once
    // and renders it anew, once.
    expect(cache.peek('a')).toBeNull();
    expect(text(await cache.getOrRender('a', render))).toBe('<p>v1</p>');
    expect(text(await cache.getOrRender('a', render))).toBe('<p>v1</p>');
    expect(text(cache.peek('a')!)).toBe('<p>v1</p>'); // while the renewal runs
    expect(render).toHaveBeenCalledTimes(2);
    finish();
    await vi.waitFor(() => expect(text(cache.peek('a')!)).toBe('<p>v2</p>'));
    expect(text(await cache.getOrRender('a', render))).toBe('<p>v2</p>');
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('renders a page asked for again only after two TTLs, and waits for that render', async () => {
    const { cache, advance } = setup();
    let version = 1;
    const render = vi.fn(async () => rendered(`<p>v${version++}</p>`));
    await cache.getOrRender('a', render);
    advance(60_000);
    expect(cache.peek('a')).toBeNull();
    expect(text(await cache.getOrRender('a', render))).toBe('<p>v2</p>');
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('keeps answering a stale page when its renewal fails, and tries again on the next request', async () => {
    const { cache, advance } = setup();
    const render = rendersInTurn(
      () => rendered('<p>v1</p>'),
      () => Promise.reject(new Error('database down')),
      () => rendered('<p>v3</p>'),
    );
    await cache.getOrRender('a', render);
    advance(30_000);
    expect(text(await cache.getOrRender('a', render))).toBe('<p>v1</p>');
    await vi.waitFor(() => expect(cache.peek('a')).toBeNull()); // the failed renewal is over
    expect(text(await cache.getOrRender('a', render))).toBe('<p>v1</p>');
    await vi.waitFor(() => expect(text(cache.peek('a')!)).toBe('<p>v3</p>'));
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('drops a stale page whose renewal is no longer for everyone (a redirect, say)', async () => {
    const { cache, advance } = setup();
    const render = rendersInTurn(
      () => rendered('<p>v1</p>'),
      () => rendered('', 301, { location: '/elsewhere' }),
    );
    await cache.getOrRender('a', render);
    advance(30_000);
    expect(text(await cache.getOrRender('a', render))).toBe('<p>v1</p>');
    await vi.waitFor(() => expect(cache.bytes).toBe(0));
    expect(cache.peek('a')).toBeNull();
  });

  it('does not keep a render that a write overtook', async () => {
    const { cache } = setup();
    let finish!: (page: CachedRender) => void;
    const pending = cache.getOrRender('a', () => new Promise((resolve) => (finish = resolve)));
    cache.clear();
    finish(await rendered('<p>old</p>'));
    await pending;
    const render = vi.fn(async () => rendered('<p>new</p>'));
    const page = await cache.getOrRender('a', render);
    expect(page.isShareable && page.body('identity').toString()).toBe('<p>new</p>');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('stays within its byte budget', async () => {
    const { cache } = setup({ maxBytes: 5_000 });
    const random = () => Buffer.from(crypto.getRandomValues(new Uint8Array(1500))).toString('hex');
    for (const key of ['a', 'b', 'c', 'd']) await cache.getOrRender(key, async () => rendered(random()));
    expect(cache.bytes).toBeLessThanOrEqual(5_000);
    expect(cache.bytes).toBeGreaterThan(0);
  });

  it('counts an encoding a page makes later against its budget, and keeps the page its time', async () => {
    const { cache, advance } = setup({ maxBytes: 7_000 });
    const random = () => Buffer.from(crypto.getRandomValues(new Uint8Array(2000))).toString('hex');
    const browser = 'gzip, deflate, br, zstd';
    const first = await cache.getOrRender('a', async () => rendered(random(), 200, HTML, browser));
    await cache.getOrRender('b', async () => rendered(random(), 200, HTML, browser));
    const inBrotli = cache.bytes;
    // Hex digits of random bytes compress to about half: ~2 KB a copy, ~3 KB a page with its entry.
    expect(inBrotli).toBeGreaterThan(5_000);
    expect(inBrotli).toBeLessThanOrEqual(7_000);
    advance(10_000);
    const page = cache.peek('b')!;
    const before = page.bytes;
    page.answer({ method: 'GET', acceptEncoding: 'gzip' }); // a client without Brotli: gzip made
    expect(page.bytes).toBeGreaterThan(before + 1_500);
    expect(cache.bytes).toBe(page.bytes); // 'a' made room for 'b' in both encodings
    expect(cache.peek('a')).toBeNull();
    expect(first.bytes).toBeLessThan(page.bytes);
    const render = vi.fn(async () => rendered('<p>b</p>'));
    advance(19_999);
    expect(await cache.getOrRender('b', render)).toBe(page);
    advance(1); // the TTL counts from when 'b' was stored, not from when it grew
    await cache.getOrRender('b', render);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it("reports another instance's catalogue write, found by the version check once per TTL", async () => {
    let version = 'v1';
    const { cache, onStale, readVersion, advance } = setup({ version: async () => version });
    const render = async () => rendered('<p>a</p>');
    await cache.getOrRender('a', render);
    await settle();
    version = 'v2';
    advance(10_000);
    await cache.getOrRender('a', render);
    await settle();
    expect(readVersion).toHaveBeenCalledTimes(1);
    expect(onStale).not.toHaveBeenCalled();
    advance(20_000);
    await cache.getOrRender('a', render);
    await settle();
    expect(readVersion).toHaveBeenCalledTimes(2);
    expect(onStale).toHaveBeenCalledTimes(1);
  });

  it("takes this instance's own write as the new baseline, not as another instance's", async () => {
    let version = 'v1';
    const { cache, onStale, readVersion } = setup({ version: async () => version });
    await cache.getOrRender('a', async () => rendered('<p>a</p>'));
    await settle();
    version = 'v2';
    cache.clear();
    await settle();
    expect(readVersion).toHaveBeenCalledTimes(2);
    expect(onStale).not.toHaveBeenCalled();
  });
});
