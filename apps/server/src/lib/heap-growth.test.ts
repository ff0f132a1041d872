import { describe, expect, it, vi } from 'vitest';
import { runFresh } from '../../test/fresh-process.ts';
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
  return Number(runFresh(script));
}

/**
 * In a fresh process with `gc`: allocates ~300 MB of small objects, keeps every third (so every
 * page of the heap still holds something live, as after an index build) and collects as `how`
 * says; answers V8's committed heap afterwards (MB). `compact-first` compacts once on a small heap
 * before the build, then collects plainly.
 */
function heapAfterCollectionMb(how: 'plain' | 'compacting' | 'compact-first'): number {
  const script = `
    import { collectCompacting } from './src/lib/heap-growth.ts';
    if (${JSON.stringify(how)} === 'compact-first') collectCompacting(gc);
    let all = [];
    const kept = [];
    for (let i = 0; i < 2_000_000; i++) {
      const o = { a: i, b: 'x' + i, c: [i] };
      all.push(o);
      if (i % 3 === 0) kept.push(o);
    }
    all = null;
    if (${JSON.stringify(how)} === 'compacting') collectCompacting(gc);
    else gc();
    console.log(Math.round(process.memoryUsage().heapTotal / 2 ** 20), kept.length);
  `;
  return Number(runFresh(script, ['--expose-gc']).split(' ')[0]);
}

describe('limitHeapGrowth', () => {
  it('keeps the heap near what is live instead of up to 4× it', () => {
    const unlimited = peakHeapMb(0);
    const limited = peakHeapMb(25);
    expect(limited).toBeLessThan(unlimited * 0.75);
  }, 180_000);
});

/**
 * In a fresh process: runs 3,000 small functions 200 times each (as a render runs a page's
 * components), with or without the baseline compiler; answers the code space in use (KB).
 */
function codeSpaceKb(baseline: boolean): number {
  const script = `
    import v8 from 'node:v8';
    import { setBaselineCompiler } from './src/lib/heap-growth.ts';
    setBaselineCompiler(${baseline});
    const fns = Array.from({ length: 3000 }, (_, i) =>
      new Function('a', 'b', 'let s = ' + i + '; for (let k = 0; k < 20; k++) s += (a * k + b) % ' + (i + 7) + '; return s;'));
    let sum = 0;
    for (let round = 0; round < 200; round++) for (const f of fns) sum += f(round, 3);
    const code = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'code_space');
    console.log(Math.round(code.space_used_size / 1024), sum > 0);
  `;
  return Number(runFresh(script).split(' ')[0]);
}

describe('setBaselineCompiler', () => {
  it('off, functions run a few hundred times stay bytecode instead of becoming machine code', () => {
    const withBaseline = codeSpaceKb(true);
    const without = codeSpaceKb(false);
    // Measured here: 1,438 KB with it, 240 KB without.
    expect(without).toBeLessThan(withBaseline * 0.5);
  }, 60_000);
});

describe('collectCompacting', () => {
  it('gives back the pages a plain collection keeps, for that collection only', () => {
    const plain = heapAfterCollectionMb('plain');
    const compacted = heapAfterCollectionMb('compacting');
    // Measured here: plain 195-209 MB, compacted 127-128 MB.
    expect(compacted).toBeLessThan(plain * 0.75);
    // The flag is off again afterwards: a later plain collection keeps its pages.
    expect(heapAfterCollectionMb('compact-first')).toBeGreaterThan(compacted * 1.3);
  }, 60_000);
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
