import { describe, expect, it } from 'vitest';
import { createFiguresCache } from './figures-cache.ts';

/** A computation the test finishes by hand, counting how often it was started. */
function manualCompute() {
  const pending: { key: number; resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  let started = 0;
  return {
    compute: (key: number) =>
      new Promise<string>((resolve, reject) => {
        started += 1;
        pending.push({ key, resolve, reject });
      }),
    finish(value: string) {
      pending.shift()!.resolve(value);
    },
    fail() {
      pending.shift()!.reject(new Error('database down'));
    },
    get started() {
      return started;
    },
    get waiting() {
      return pending.length;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createFiguresCache', () => {
  function setup() {
    let clock = 1_000_000;
    const work = manualCompute();
    const cache = createFiguresCache(work.compute, { freshMs: 10_000, staleMs: 60_000, now: () => clock });
    return { work, cache, advance: (ms: number) => (clock += ms) };
  }

  it('readers arriving together share one computation', async () => {
    const { work, cache } = setup();
    const a = cache.get(12);
    const b = cache.get(12);
    expect(work.started).toBe(1);
    work.finish('v1');
    expect(await a).toBe('v1');
    expect(await b).toBe('v1');
  });

  it('fresh figures are answered as they are; each window has its own', async () => {
    const { work, cache, advance } = setup();
    const first = cache.get(12);
    work.finish('v1');
    await first;
    advance(9_999);
    expect(await cache.get(12)).toBe('v1');
    expect(work.started).toBe(1);
    const other = cache.get(4);
    expect(work.started).toBe(2);
    work.finish('four weeks');
    expect(await other).toBe('four weeks');
  });

  it('figures past their freshness are answered at once while one renewal runs', async () => {
    const { work, cache, advance } = setup();
    const first = cache.get(12);
    work.finish('v1');
    await first;
    advance(10_000);
    expect(await cache.get(12)).toBe('v1');
    expect(await cache.get(12)).toBe('v1');
    expect(work.started).toBe(2);
    work.finish('v2');
    await settle();
    expect(await cache.get(12)).toBe('v2');
    expect(work.started).toBe(2);
  });

  it('a write makes fresh figures due: the next reader starts the renewal, the one after sees it', async () => {
    const { work, cache, advance } = setup();
    const first = cache.get(12);
    work.finish('v1');
    await first;
    advance(1_000);
    cache.invalidate();
    expect(await cache.get(12)).toBe('v1');
    expect(work.started).toBe(2);
    work.finish('v2');
    await settle();
    expect(await cache.get(12)).toBe('v2');
  });

  it('a write during a computation leaves its result due for renewal', async () => {
    const { work, cache } = setup();
    const first = cache.get(12);
    cache.invalidate();
    work.finish('v1');
    expect(await first).toBe('v1');
    expect(await cache.get(12)).toBe('v1');
    expect(work.started).toBe(2);
  });

  it('figures older than the stale limit are not answered: the reader waits for new ones', async () => {
    const { work, cache, advance } = setup();
    const first = cache.get(12);
    work.finish('v1');
    await first;
    advance(60_000);
    const next = cache.get(12);
    let answered: string | null = null;
    void next.then((v) => (answered = v));
    await settle();
    expect(answered).toBeNull();
    work.finish('v2');
    expect(await next).toBe('v2');
  });

  it('a failed computation is not kept: the waiting reader gets the error, the next one tries again', async () => {
    const { work, cache } = setup();
    const first = cache.get(12);
    work.fail();
    await expect(first).rejects.toThrow('database down');
    const second = cache.get(12);
    expect(work.started).toBe(2);
    work.finish('v1');
    expect(await second).toBe('v1');
    expect(work.waiting).toBe(0);
  });
});
