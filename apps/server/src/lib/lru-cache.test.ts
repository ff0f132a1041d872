import { describe, expect, it, vi } from 'vitest';
import { LruCache } from './lru-cache.ts';

describe('LruCache', () => {
  it('evicts the least recently used entry past its entry count', () => {
    const cache = new LruCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('keeps the total size within budget and refuses a single entry larger than it', () => {
    const cache = new LruCache<string, string>({ maxEntries: 100, maxSize: 10, sizeOf: (s) => s.length });
    cache.set('a', 'xxxx');
    cache.set('b', 'yyyy');
    cache.set('c', 'zzzz');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(2);
    expect(cache.totalSize).toBe(8);
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('b')).toBe('yyyy');
  });

  it('drops expired entries that are never read again, every time to live, by itself', async () => {
    vi.useFakeTimers();
    try {
      const cache = new LruCache<string, string>({ maxEntries: 10, ttlMs: 1000, sizeOf: (s) => s.length });
      cache.set('burst', 'xxxx');
      vi.advanceTimersByTime(500);
      cache.set('later', 'yy');
      vi.advanceTimersByTime(500);
      // The first sweep (at 1,000 ms) finds 'burst' expired and keeps 'later'.
      expect(cache.size).toBe(1);
      expect(cache.totalSize).toBe(2);
      vi.advanceTimersByTime(1000);
      expect(cache.size).toBe(0);
      expect(cache.totalSize).toBe(0);
      // Nothing held: the sweeping stopped.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('expires entries after their time to live and deletes by key test', () => {
    let now = 1000;
    const cache = new LruCache<string, number>({ maxEntries: 10, ttlMs: 50, now: () => now });
    cache.set('a', 1);
    cache.set('b', 2);
    now += 49;
    expect(cache.get('a')).toBe(1);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    cache.set('x-1', 1);
    cache.set('x-2', 2);
    cache.deleteWhere((k) => k.startsWith('x-'));
    expect(cache.size).toBe(1);
  });

  it('counts a value that grew in place again, evicting for it, without renewing its time', () => {
    let now = 1000;
    const cache = new LruCache<string, { size: number }>({
      maxEntries: 10,
      maxSize: 10,
      sizeOf: (value) => value.size,
      ttlMs: 100,
      now: () => now,
    });
    const older = { size: 3 };
    const grows = { size: 3 };
    cache.set('older', older);
    cache.set('grows', grows);
    expect(cache.totalSize).toBe(6);
    now += 60;
    grows.size = 8;
    cache.remeasure('grows', grows);
    expect(cache.totalSize).toBe(8);
    expect(cache.get('older')).toBeUndefined(); // no room for both any more
    expect(cache.get('grows')).toBe(grows);
    // A value no longer under its key (replaced, or gone) changes nothing.
    cache.remeasure('grows', { size: 1 });
    cache.remeasure('older', older);
    expect(cache.totalSize).toBe(8);
    expect(cache.size).toBe(1);
    now += 39;
    expect(cache.get('grows')).toBe(grows);
    now += 1; // 100 ms after it was first set, not after it was measured again
    expect(cache.get('grows')).toBeUndefined();
  });
});
