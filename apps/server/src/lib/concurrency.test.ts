import { describe, expect, it, vi } from 'vitest';
import { createLimiter, mapWithLimit } from './concurrency.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapWithLimit', () => {
  it('answers the results in the items order with at most `limit` calls in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapWithLimit([5, 1, 4, 2, 3], 2, async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      for (let i = 0; i < n; i++) await tick();
      inFlight--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });

  it('lets every started call finish before passing on the first failure', async () => {
    const finished: number[] = [];
    const run = mapWithLimit([1, 2, 3], 3, async (n) => {
      if (n === 1) throw new Error('first broke');
      for (let i = 0; i < 3; i++) await tick();
      finished.push(n);
      return n;
    });
    await expect(run).rejects.toThrow('first broke');
    expect(finished.sort()).toEqual([2, 3]);
  });

  it('answers an empty list without calling anything', async () => {
    let calls = 0;
    expect(await mapWithLimit([], 4, async () => ++calls)).toEqual([]);
    expect(calls).toBe(0);
  });
});

describe('createLimiter', () => {
  it('runs at most `concurrency` tasks and refuses beyond the queue with the busy message', async () => {
    const run = createLimiter(1, 1, 'Busy, try again');
    let release!: () => void;
    const first = run(() => new Promise<string>((resolve) => (release = () => resolve('a'))));
    const second = run(async () => 'b');
    await expect(run(async () => 'c')).rejects.toMatchObject({ message: 'Busy, try again' });
    release();
    expect(await first).toBe('a');
    expect(await second).toBe('b');
  });

  it('gives a place back after releaseAfterMs to a task that never ends, and still answers the task', async () => {
    vi.useFakeTimers();
    try {
      const run = createLimiter(1, 10, 'Busy', { releaseAfterMs: 10_000 });
      let finishSlow!: (value: string) => void;
      const slow = run(() => new Promise<string>((resolve) => (finishSlow = resolve)));
      let isNextDone = false;
      const next = run(async () => 'next').then((value) => {
        isNextDone = true;
        return value;
      });
      await vi.advanceTimersByTimeAsync(9_999);
      expect(isNextDone).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await next).toBe('next');
      finishSlow('slow');
      expect(await slow).toBe('slow');
      // The slow task's place was given back once, not twice: one task at a time still.
      let release!: () => void;
      const held = run(() => new Promise<void>((resolve) => (release = resolve)));
      let isAfterDone = false;
      const after = run(async () => (isAfterDone = true));
      await vi.advanceTimersByTimeAsync(1);
      expect(isAfterDone).toBe(false);
      release();
      await held;
      await after;
      expect(isAfterDone).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
