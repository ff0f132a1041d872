// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { remembered } from './remembered';

describe('remembered', () => {
  it('makes a value once per key and answers it again', () => {
    const map = new Map<string, string | null>();
    const make = vi.fn((): string | null => null);
    expect(remembered(map, 'a', 10, make)).toBeNull();
    expect(remembered(map, 'a', 10, make)).toBeNull();
    expect(make).toHaveBeenCalledTimes(1);
    expect(remembered(map, 'b', 10, () => 'B')).toBe('B');
    expect([...map.keys()]).toEqual(['a', 'b']);
  });

  it('starts again when full, so it never holds more than its limit', () => {
    const map = new Map<number, number>();
    for (let i = 0; i < 25; i += 1) remembered(map, i, 10, () => i * 2);
    expect(map.size).toBeLessThanOrEqual(10);
    expect(map.get(24)).toBe(48);
    expect(remembered(map, 3, 10, () => -1)).toBe(-1); // forgotten, made again
  });
});
