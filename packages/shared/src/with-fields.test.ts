import { describe, expect, it } from 'vitest';
import { withFields } from './with-fields.ts';

describe('withFields', () => {
  it('adds fields after the base’s own, in the order a spread gives, without touching the base', () => {
    const base = { _id: 'a', name: 'Ring', price: null as number | null };
    const made = withFields(base, { images: ['x'] });
    expect(made).toEqual({ _id: 'a', name: 'Ring', price: null, images: ['x'] });
    expect(Object.keys(made)).toEqual(['_id', 'name', 'price', 'images']);
    expect(JSON.stringify(made)).toBe('{"_id":"a","name":"Ring","price":null,"images":["x"]}');
    expect(base).toEqual({ _id: 'a', name: 'Ring', price: null });
    expect(made).not.toBe(base);
  });

  it('replaces a field the base has in its place, as a spread does', () => {
    const made = withFields({ a: 1, b: 2, c: 3 }, { b: 'two' });
    expect(JSON.stringify(made)).toBe('{"a":1,"b":"two","c":3}');
  });
});
