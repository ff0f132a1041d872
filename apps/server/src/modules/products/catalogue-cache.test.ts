import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { decodeBody, JsonAnswer, PackedAnswer } from '../../lib/http-cache.ts';
import { Answer, CatalogueCache, PACKED_ENTRY_OVERHEAD } from './catalogue-cache.ts';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('CatalogueCache', () => {
  afterEach(() => vi.useRealTimers());

  it('shares one load between concurrent callers and serves the result until cleared', async () => {
    const cache = new CatalogueCache({ ttlMs: 1000, sizeOf: () => 1 });
    const load = vi.fn(async () => 'value');
    const [a, b] = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect([a, b]).toEqual(['value', 'value']);
    await cache.getOrLoad('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    cache.clear();
    await cache.getOrLoad('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a value whose load began before a write', async () => {
    const cache = new CatalogueCache({ ttlMs: 1000, sizeOf: () => 1 });
    const slow = deferred<string>();
    const pending = cache.getOrLoad('k', () => slow.promise);
    cache.clear();
    slow.resolve('stale');
    expect(await pending).toBe('stale');
    expect(await cache.getOrLoad('k', async () => 'fresh')).toBe('fresh');
  });

  it('expires after the TTL, and loads every time when the TTL is 0', async () => {
    vi.useFakeTimers();
    const cache = new CatalogueCache({ ttlMs: 1000, sizeOf: () => 1 });
    let n = 0;
    const load = async () => ++n;
    expect(await cache.getOrLoad('k', load)).toBe(1);
    vi.advanceTimersByTime(999);
    expect(await cache.getOrLoad('k', load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.getOrLoad('k', load)).toBe(2);
    const off = new CatalogueCache({ ttlMs: 0, sizeOf: () => 1 });
    expect(off.enabled).toBe(false);
    expect([await off.getOrLoad('k', load), await off.getOrLoad('k', load)]).toEqual([3, 4]);
  });

  it('answers an old refreshable value while one reload runs, but never after a write', async () => {
    vi.useFakeTimers();
    const cache = new CatalogueCache({ ttlMs: 1000, sizeOf: () => 1 });
    expect(await cache.getOrRefresh('index', async () => 'v1')).toBe('v1');
    vi.advanceTimersByTime(1500);
    const reload = deferred<string>();
    const load = vi.fn(() => reload.promise);
    expect(await cache.getOrRefresh('index', load)).toBe('v1');
    expect(await cache.getOrRefresh('index', load)).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);
    reload.resolve('v2');
    await reload.promise;
    await Promise.resolve();
    expect(await cache.getOrRefresh('index', async () => 'unused')).toBe('v2');
    cache.clear();
    expect(await cache.getOrRefresh('index', async () => 'v3')).toBe('v3');
  });

  it('serialises an answer through its schema once, dropping fields the schema does not name', () => {
    const schema = z.object({ a: z.number() });
    const answer = new Answer({ a: 1, secret: 'x' } as { a: number }, schema);
    expect(answer.json).toBe('{"a":1}');
    expect(answer.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(answer.etag).toBe(new Answer({ a: 1 }, schema).etag);
  });

  it('keeps packed answers within their byte budget, counted by their real size, and drops them on a write', async () => {
    const json = (n: number) =>
      JSON.stringify({ n, items: Array.from({ length: 300 }, (_, i) => `item ${n}.${i}`) });
    const packed = (n: number) => PackedAnswer.of(new JsonAnswer(() => json(n)), 'gzip');
    const one = packed(0).bytes + PACKED_ENTRY_OVERHEAD;
    const cache = new CatalogueCache({ ttlMs: 1000, sizeOf: () => 1, packedMaxBytes: one * 3.5 });
    const load = vi.fn(async (n: number) => packed(n));
    for (let n = 0; n < 5; n++) await cache.getOrLoadPacked(`p${n}`, () => load(n));
    expect(cache.packedBytes).toBeLessThanOrEqual(one * 3.5);
    expect(cache.packedBytes).toBeGreaterThan(one * 2.5);
    // The newest three are kept, the oldest two were evicted.
    for (const n of [4, 3, 2]) await cache.getOrLoadPacked(`p${n}`, () => load(n));
    expect(load).toHaveBeenCalledTimes(5);
    await cache.getOrLoadPacked('p0', () => load(0));
    expect(load).toHaveBeenCalledTimes(6);

    cache.clear();
    expect(cache.packedBytes).toBe(0);
    await cache.getOrLoadPacked('p4', () => load(4));
    expect(load).toHaveBeenCalledTimes(7);
  });

  it("keeps one product's reads in their own budget, so a walk through products never pushes a listing out", async () => {
    // Each entry counts 10; listings may hold 16 MB of them, products 30 (three entries).
    const cache = new CatalogueCache({ ttlMs: 1000, sizeOf: () => 10, productMaxBytes: 30 });
    const listing = vi.fn(async () => 'first page');
    const product = vi.fn(async (id: number) => `product ${id}`);
    await cache.getOrLoad('list|rings|1', listing);
    for (let id = 0; id < 50; id++) await cache.getOrLoadProduct(`id|${id}`, () => product(id));

    expect(await cache.getOrLoad('list|rings|1', listing)).toBe('first page');
    expect(listing).toHaveBeenCalledTimes(1);
    // The newest three products are kept; the first was evicted and is read again.
    for (const id of [49, 48, 47])
      expect(await cache.getOrLoadProduct(`id|${id}`, () => product(id))).toBe(`product ${id}`);
    expect(product).toHaveBeenCalledTimes(50);
    await cache.getOrLoadProduct('id|0', () => product(0));
    expect(product).toHaveBeenCalledTimes(51);

    // The same key in the two budgets names two entries; a write empties both.
    expect(await cache.getOrLoad('id|49', async () => 'a listing entry')).toBe('a listing entry');
    cache.clear();
    await cache.getOrLoadProduct('id|49', () => product(49));
    expect(product).toHaveBeenCalledTimes(52);
  });

  it('does not keep a packed answer whose load began before a write', async () => {
    const cache = new CatalogueCache({ ttlMs: 1000, sizeOf: () => 1 });
    const slow = deferred<PackedAnswer>();
    const pending = cache.getOrLoadPacked('k', () => slow.promise);
    cache.clear();
    slow.resolve(PackedAnswer.of(new JsonAnswer(() => '"stale"'), null));
    expect(decodeBody((await pending).body(null))).toBe('"stale"');
    const fresh = await cache.getOrLoadPacked('k', async () =>
      PackedAnswer.of(new JsonAnswer(() => '"fresh"'), null),
    );
    expect(decodeBody(fresh.body(null))).toBe('"fresh"');
  });
});
