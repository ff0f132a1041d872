import { describe, expect, it, vi } from 'vitest';
import { NONCE_PLACEHOLDER, PageCache, RenderedPage } from './page-cache.ts';

const HTML = { 'content-type': 'text/html; charset=utf-8' };

function rendered(html: string, status = 200, headers: Record<string, string> = HTML) {
  return RenderedPage.of(status, new Headers(headers), Buffer.from(html));
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

describe('RenderedPage', () => {
  it('puts the nonce where every placeholder was, in a page kept deflated', () => {
    const page = rendered(`<script nonce="${NONCE_PLACEHOLDER}">1</script><p>${'x'.repeat(5000)}</p>`);
    expect(page.isShareable).toBe(true);
    expect(page.bytes).toBeLessThan(2000);
    const nonce = 'abc+/=ghijklmnopqrstuv==';
    const html = (n: string) => `<script nonce="${n}">1</script><p>${'x'.repeat(5000)}</p>`;
    expect(page.body(nonce).toString()).toBe(html(nonce));
    expect(page.body(nonce.toUpperCase()).toString()).toBe(html(nonce.toUpperCase()));
  });

  it('shares only 200 HTML pages that set no cookie and are not private', () => {
    expect(rendered('<p>gone</p>', 404).isShareable).toBe(false);
    expect(rendered('', 301, { location: '/' }).isShareable).toBe(false);
    expect(rendered('{}', 200, { 'content-type': 'application/json' }).isShareable).toBe(false);
    expect(rendered('<p>hi</p>', 200, { ...HTML, 'set-cookie': 'a=1' }).isShareable).toBe(false);
    expect(rendered('<p>hi</p>', 200, { ...HTML, 'cache-control': 'private, no-store' }).isShareable).toBe(
      false,
    );
  });
});

describe('PageCache', () => {
  it('keeps a page for the TTL only', async () => {
    const { cache, advance } = setup();
    const render = vi.fn(async () => rendered('<p>a</p>'));
    await cache.getOrRender('a', render);
    advance(29_000);
    await cache.getOrRender('a', render);
    expect(render).toHaveBeenCalledTimes(1);
    advance(1_000);
    await cache.getOrRender('a', render);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('does not keep a render that a write overtook', async () => {
    const { cache } = setup();
    let finish!: (page: RenderedPage) => void;
    const pending = cache.getOrRender('a', () => new Promise((resolve) => (finish = resolve)));
    cache.clear();
    finish(rendered('<p>old</p>'));
    await pending;
    const render = vi.fn(async () => rendered('<p>new</p>'));
    expect((await cache.getOrRender('a', render)).body(NONCE_PLACEHOLDER).toString()).toBe('<p>new</p>');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('stays within its byte budget', async () => {
    const { cache } = setup({ maxBytes: 5_000 });
    const random = () => Buffer.from(crypto.getRandomValues(new Uint8Array(1500))).toString('hex');
    for (const key of ['a', 'b', 'c', 'd']) await cache.getOrRender(key, async () => rendered(random()));
    expect(cache.bytes).toBeLessThanOrEqual(5_000);
    expect(cache.bytes).toBeGreaterThan(0);
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
