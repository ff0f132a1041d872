import { describe, expect, it } from 'vitest';
import { createListTotals } from './list-totals.ts';

/** A count whose answers are given by the test, one per call. */
function counter() {
  const pending: ((n: number) => void)[] = [];
  return {
    calls: () => pending.length,
    count: () => new Promise<number>((resolve) => pending.push(resolve)),
    answer: (call: number, n: number) => pending[call]!(n),
  };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('admin list totals', () => {
  it('counts once for 5 s, then answers the held total while counting again in the background', async () => {
    let clock = 1_000;
    const totals = createListTotals({ ttlMs: 10_000, now: () => clock });
    const c = counter();
    const first = totals.of('new', c.count);
    c.answer(0, 40);
    expect(await first).toBe(40);
    clock += 4_999;
    expect(await totals.of('new', c.count)).toBe(40);
    expect(c.calls()).toBe(1);
    clock += 1;
    expect(await totals.of('new', c.count)).toBe(40);
    expect(await totals.of('new', c.count)).toBe(40);
    expect(c.calls()).toBe(2);
    c.answer(1, 41);
    await settle();
    expect(await totals.of('new', c.count)).toBe(41);
    expect(c.calls()).toBe(2);
  });

  it('a write empties the totals, and a recount begun before it is never kept', async () => {
    let clock = 1_000;
    const totals = createListTotals({ ttlMs: 10_000, now: () => clock });
    const c = counter();
    const first = totals.of('new', c.count);
    c.answer(0, 40);
    await first;
    clock += 6_000;
    await totals.of('new', c.count);
    expect(c.calls()).toBe(2);
    totals.clear();
    c.answer(1, 41);
    await settle();
    const after = totals.of('new', c.count);
    expect(c.calls()).toBe(3);
    c.answer(2, 42);
    expect(await after).toBe(42);
  });

  it('a total past its lifetime is counted again before it is answered', async () => {
    let clock = 1_000;
    const totals = createListTotals({ ttlMs: 10_000, now: () => clock });
    const c = counter();
    const first = totals.of('new', c.count);
    c.answer(0, 40);
    await first;
    clock += 10_000;
    const later = totals.of('new', c.count);
    expect(c.calls()).toBe(2);
    c.answer(1, 43);
    expect(await later).toBe(43);
  });
});
