import { describe, expect, it } from 'vitest';
import {
  addToList,
  clampQuantity,
  normaliseList,
  parseStoredList,
  readCartQuantity,
  setLineQuantity,
  toEnquiryLine,
} from './enquiry-list.ts';

/*
 * The edges of the enquiry-list rules, one rule a case: how text, numbers and older field names are
 * read, and that an unchanged line stays the same object (the list's subscribers compare them).
 */

const line = (id: string, quantity: number) => toEnquiryLine({ _id: id, name: id }, quantity)!;

describe('reading quantities', () => {
  it('reads numeric text, with spaces, as its number; empty text is 1', () => {
    expect(clampQuantity(' 12 ')).toBe(12);
    expect(clampQuantity('7')).toBe(7);
    expect(clampQuantity('')).toBe(1);
    expect(clampQuantity('   ')).toBe(1);
    expect(clampQuantity('abc')).toBe(1);
    expect(clampQuantity(null)).toBe(1);
    expect(clampQuantity({ valueOf: () => 5 })).toBe(1);
  });

  it('reads a typed quantity: decimals are cut, 1 and 10,000 are inside the limits', () => {
    expect(readCartQuantity('1')).toEqual({ quantity: 1, limit: null });
    expect(readCartQuantity('2.75')).toEqual({ quantity: 2, limit: null });
    expect(readCartQuantity('0.5')).toEqual({ quantity: 1, limit: 'minimum' });
    expect(readCartQuantity('+3')).toEqual({ quantity: 3, limit: null });
    expect(readCartQuantity('3.')).toEqual({ quantity: 1, limit: null });
    expect(readCartQuantity('10000')).toEqual({ quantity: 10000, limit: null });
    expect(readCartQuantity('10000.5')).toEqual({ quantity: 10000, limit: 'maximum' });
    expect(readCartQuantity('25000')).toEqual({ quantity: 10000, limit: 'maximum' });
  });
});

describe('reading lines', () => {
  it('takes a numeric id as text, and skips an empty or infinite one for the next name', () => {
    expect(toEnquiryLine({ _id: 42 })!._id).toBe('42');
    expect(toEnquiryLine({ _id: ' ', productId: ' p-1 ' })!._id).toBe('p-1');
    expect(toEnquiryLine({ _id: Infinity, id: 'p-2' })!._id).toBe('p-2');
    expect(toEnquiryLine({ _id: NaN })).toBeNull();
    expect(toEnquiryLine({ _id: ['x'] })).toBeNull();
  });

  it('keeps only text as text and URL, and only finite numbers as a price', () => {
    const read = toEnquiryLine({
      _id: 'p',
      name: 5,
      code: null,
      imageUrl: '',
      imageurl: '/media/b',
      cloudinaryId: 7,
      price: '12.5',
    })!;
    expect(read).toMatchObject({
      name: '',
      code: '',
      imageUrl: '/media/b',
      imageurl: '/media/b',
      cloudinaryId: null,
    });
    expect(read.price).toBe(12.5);
    expect(toEnquiryLine({ _id: 'p', price: 'x' })!.price).toBe(0);
    expect(toEnquiryLine({ _id: 'p', price: Infinity })!.price).toBe(0);
    expect(toEnquiryLine({ _id: 'p', price: true })!.price).toBe(0);
    expect(toEnquiryLine({ _id: 'p', imageUrl: 3 })!.imageUrl).toBeNull();
    expect(toEnquiryLine({ _id: 'p', cloudinaryId: '' })!.cloudinaryId).toBeNull();
  });

  it('skips stored entries that are not objects, and reads no text as an empty list', () => {
    expect(normaliseList([null, 'p-1', 3, { _id: 'p-2' }]).map((l) => l._id)).toEqual(['p-2']);
    expect(parseStoredList('')).toEqual([]);
    expect(parseStoredList(null)).toEqual([]);
    expect(parseStoredList('[{"_id":"p","quantity":2}]')).toMatchObject([{ _id: 'p', quantity: 2 }]);
  });
});

describe('changing the list', () => {
  it('adds to the matching line only and leaves the others as they were', () => {
    const other = line('b', 4);
    const next = addToList([line('a', 1), other], { _id: 'a' }, 2);
    expect(next.map((l) => [l._id, l.quantity])).toEqual([
      ['a', 3],
      ['b', 4],
    ]);
    expect(next[1]).toBe(other);
  });

  it('ignores a product without an id, keeping a copy of the list', () => {
    const list = [line('a', 1)];
    const next = addToList(list, { name: 'no id' });
    expect(next).toEqual(list);
    expect(next).not.toBe(list);
  });

  it('sets the quantity of the named line only, and keeps a line whose quantity does not change', () => {
    const a = line('a', 3);
    const b = line('b', 5);
    const next = setLineQuantity([a, b], 'a', 3);
    expect(next[0]).toBe(a);
    expect(next[1]).toBe(b);
    const changed = setLineQuantity([a, b], 'a', 4);
    expect(changed.map((l) => l.quantity)).toEqual([4, 5]);
    expect(changed[1]).toBe(b);
  });
});
