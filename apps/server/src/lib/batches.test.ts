import { describe, expect, it } from 'vitest';
import { inBatches } from './batches.ts';

describe('inBatches', () => {
  it('queries consecutive slices of at most the size, one after another, and keeps the order', async () => {
    const seen: number[][] = [];
    let running = 0;
    const result = await inBatches([1, 2, 3, 4, 5, 6, 7], 3, async (batch) => {
      running++;
      expect(running).toBe(1);
      seen.push(batch);
      await new Promise((r) => setTimeout(r, 1));
      running--;
      return batch.map((n) => n * 10);
    });
    expect(seen).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(result).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('runs no query for no items, and refuses a size below one', async () => {
    let calls = 0;
    expect(await inBatches([], 10, async () => [calls++])).toEqual([]);
    expect(calls).toBe(0);
    await expect(inBatches([1], 0, async () => [])).rejects.toThrow(/batch size/);
  });
});
