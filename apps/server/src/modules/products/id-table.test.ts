import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdTable } from './id-table.ts';

describe('IdTable', () => {
  it('numbers ids in their order and gives each id back exactly', () => {
    const ids = [
      '3f89c386-d4a9-49c6-bf71-8a62724a61a0',
      '00000000-0000-4000-8000-000000000001',
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    ];
    const table = new IdTable(ids);
    expect(table.size).toBe(3);
    expect([0, 1, 2].map((n) => table.idOf(n))).toEqual(ids);
    expect(ids.map((id) => table.numberOf(id))).toEqual([0, 1, 2]);
  });

  it('finds an id written in capitals, and nothing for unknown or malformed ids', () => {
    const table = new IdTable(['3f89c386-d4a9-49c6-bf71-8a62724a61a0']);
    expect(table.numberOf('3F89C386-D4A9-49C6-BF71-8A62724A61A0')).toBe(0);
    expect(table.numberOf('3f89c386-d4a9-49c6-bf71-8a62724a61a1')).toBeUndefined();
    for (const bad of ['', 'p1', '3f89c386d4a949c6bf718a62724a61a0', '3f89c386-d4a9-49c6-bf71-8a62724a61a0 '])
      expect(table.numberOf(bad)).toBeUndefined();
  });

  it('refuses to hold something that is not a UUID', () => {
    expect(() => new IdTable(['p1'])).toThrow(/not a UUID: p1/);
  });

  it('answers every id of a large catalogue, random or time-ordered, and misses the rest', () => {
    const random = Array.from({ length: 20_000 }, () => crypto.randomUUID());
    // Time-ordered ids (UUID v7 style): the same leading bytes, differing only in the last ones.
    const ordered = Array.from(
      { length: 20_000 },
      (_, i) => `0190f5a2-7c1e-7000-8000-${i.toString(16).padStart(12, '0')}`,
    );
    for (const ids of [random, ordered]) {
      const table = new IdTable(ids);
      for (let n = 0; n < ids.length; n += 97) expect(table.numberOf(ids[n]!)).toBe(n);
      expect(ids.every((id, n) => table.numberOf(id) === n && table.idOf(n) === id)).toBe(true);
      expect(table.numberOf('0190f5a2-7c1e-7000-8000-ffffffffffff')).toBeUndefined();
      expect(table.numberOf(crypto.randomUUID())).toBeUndefined();
    }
  });

  it('keeps the first number of a repeated id', () => {
    const id = '3f89c386-d4a9-49c6-bf71-8a62724a61a0';
    const table = new IdTable([id, '00000000-0000-4000-8000-000000000001', id]);
    expect(table.numberOf(id)).toBe(0);
    expect(table.idOf(2)).toBe(id);
  });
});
