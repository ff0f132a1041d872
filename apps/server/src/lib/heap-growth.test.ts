import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { collectAfterBuild } from './heap-growth.ts';

/**
 * Keeps ~20 MB of objects live while allocating garbage and replacing part of the live set, as a
 * server under load does, in a fresh process; answers the largest V8 heap seen (MB).
 */
function peakHeapMb(percent: number): number {
  const script = `
    import { limitHeapGrowth } from './src/lib/heap-growth.ts';
    limitHeapGrowth(${percent});
    const live = Array.from({ length: 150_000 }, (_, i) => ({ a: 'x' + i, b: [i, i + 1] }));
    let peak = 0;
    for (let round = 0; round < 80; round++) {
      const garbage = Array.from({ length: 50_000 }, (_, i) => ({ s: 'y' + i + round, n: new Array(10).fill(i) }));
      if (round % 10 === 0) for (let i = 0; i < 20_000; i++) live[(round * 7919 + i) % live.length] = { a: 'z' + i, b: [round] };
      peak = Math.max(peak, process.memoryUsage().heapTotal, garbage.length);
    }
    console.log(Math.round(peak / 2 ** 20));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: new URL('../..', import.meta.url).pathname,
    encoding: 'utf8',
  });
  return Number(out.trim());
}

describe('limitHeapGrowth', () => {
  it('keeps the heap near what is live instead of up to 4× it', () => {
    const unlimited = peakHeapMb(0);
    const limited = peakHeapMb(25);
    expect(limited).toBeLessThan(unlimited * 0.75);
  }, 180_000);
});

describe('collectAfterBuild', () => {
  it('runs one collection a second after builds that finish together, and none without gc', async () => {
    vi.useFakeTimers();
    try {
      const collect = vi.fn();
      collectAfterBuild(collect);
      collectAfterBuild(collect);
      vi.advanceTimersByTime(999);
      expect(collect).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(collect).toHaveBeenCalledTimes(1);
      collectAfterBuild(collect);
      vi.advanceTimersByTime(1000);
      expect(collect).toHaveBeenCalledTimes(2);
      collectAfterBuild(undefined);
      vi.advanceTimersByTime(5000);
      expect(collect).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
