import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToList,
  clampQuantity,
  clearList,
  linesBelowMinimum,
  minimumOrderOf,
  normaliseList,
  parseStoredList,
  quantityInList,
  readCartQuantity,
  readTypedQuantity,
  removeLine,
  setLineQuantity,
  startingQuantity,
  toEnquiryLine,
  type EnquiryLine,
} from './enquiry-list.ts';
import { MAX_QUANTITY } from './limits.ts';

const ring = {
  _id: 'p-ring',
  name: 'Silver Ring',
  code: 'RG-1',
  price: 12.5,
  imageUrl: '/media/m1',
  imageurl: '/media/m1',
  cloudinaryId: 'm1',
  category: 'Rings',
};
const pendant = {
  _id: 'p-pendant',
  name: 'Moon Pendant',
  code: '',
  price: 0,
  imageUrl: null,
  imageurl: null,
  cloudinaryId: null,
};

describe('a design’s minimum order', () => {
  const bangle = { ...ring, _id: 'p-bangle', name: 'Meena Bangle', minOrderQuantity: 12 };

  it('counts from 2 to the maximum; 1, none or nonsense asks for nothing', () => {
    expect(minimumOrderOf(12)).toBe(12);
    expect(minimumOrderOf(MAX_QUANTITY)).toBe(MAX_QUANTITY);
    for (const none of [1, 0, -6, 2.5, MAX_QUANTITY + 1, '12', null, undefined])
      expect(minimumOrderOf(none)).toBeNull();
  });

  it('is where a design starts in the list, and the line keeps it', () => {
    expect(startingQuantity(bangle)).toBe(12);
    expect(startingQuantity(ring)).toBe(1);
    expect(addToList([], bangle)).toEqual([
      expect.objectContaining({ _id: 'p-bangle', quantity: 12, minOrderQuantity: 12 }),
    ]);
    expect(addToList([], ring)[0]).not.toHaveProperty('minOrderQuantity');
    // A quantity given is taken as it is, below the minimum too.
    expect(addToList([], bangle, 4)).toEqual([
      expect.objectContaining({ quantity: 4, minOrderQuantity: 12 }),
    ]);
    // Stored lists keep it through a reload.
    expect(parseStoredList(JSON.stringify(addToList([], bangle, 4)))).toEqual(addToList([], bangle, 4));
  });

  it('finds the lines below it, in list order', () => {
    const list = [
      toEnquiryLine(bangle, 11)!,
      toEnquiryLine(ring, 1)!,
      toEnquiryLine({ ...pendant, minOrderQuantity: 6 }, 6)!,
      toEnquiryLine({ ...bangle, _id: 'p-kada', minOrderQuantity: 24 }, 2)!,
    ];
    expect(linesBelowMinimum(list).map((l) => [l._id, l.quantity, l.minOrderQuantity])).toEqual([
      ['p-bangle', 11, 12],
      ['p-kada', 2, 24],
    ]);
    expect(linesBelowMinimum([toEnquiryLine(bangle, 12)!])).toEqual([]);
  });
});

describe('clampQuantity', () => {
  it.each([
    [1, 1],
    [7, 7],
    [0, 1],
    [-3, 1],
    [2.9, 2],
    ['4', 4],
    ['', 1],
    ['abc', 1],
    [null, 1],
    [undefined, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, MAX_QUANTITY],
    [MAX_QUANTITY + 5, MAX_QUANTITY],
  ])('%j → %j', (input, expected) => {
    expect(clampQuantity(input)).toBe(expected);
  });
});

describe('toEnquiryLine', () => {
  it('keeps its fields and only those', () => {
    expect(toEnquiryLine(ring)).toEqual({
      _id: 'p-ring',
      name: 'Silver Ring',
      code: 'RG-1',
      price: 12.5,
      quantity: 1,
      imageUrl: '/media/m1',
      imageurl: '/media/m1',
      cloudinaryId: 'm1',
    });
  });

  it('takes the id from productId or id when _id is missing, and either image field', () => {
    expect(toEnquiryLine({ productId: 'a', imageurl: 'https://x/y.jpg' })).toMatchObject({
      _id: 'a',
      imageUrl: 'https://x/y.jpg',
      imageurl: 'https://x/y.jpg',
    });
    expect(toEnquiryLine({ id: 'b' })?._id).toBe('b');
  });

  it('refuses an item without an id', () => {
    expect(toEnquiryLine({ name: 'nameless' })).toBeNull();
    expect(toEnquiryLine({ _id: '   ' })).toBeNull();
  });
});

describe('addToList', () => {
  it('appends a new product with quantity 1 by default', () => {
    const list = addToList([], ring);
    expect(list).toHaveLength(1);
    expect(quantityInList(list, 'p-ring')).toBe(1);
  });

  it('raises the quantity of a product already in the list instead of adding a line', () => {
    let list = addToList([], ring);
    list = addToList(list, pendant);
    list = addToList(list, ring, 3);
    expect(list.map((l) => l._id)).toEqual(['p-ring', 'p-pendant']);
    expect(quantityInList(list, 'p-ring')).toBe(4);
  });

  it('never lets an added quantity go below 1', () => {
    expect(quantityInList(addToList([], ring, 0), 'p-ring')).toBe(1);
    expect(quantityInList(addToList([], ring, -9), 'p-ring')).toBe(1);
  });

  it('does not change the list it was given', () => {
    const list: EnquiryLine[] = addToList([], ring);
    const frozen = Object.freeze(list.map((l) => Object.freeze({ ...l })));
    const next = addToList(frozen, ring);
    expect(quantityInList(frozen, 'p-ring')).toBe(1);
    expect(quantityInList(next, 'p-ring')).toBe(2);
  });
});

describe('setLineQuantity', () => {
  const list = addToList(addToList([], ring), pendant);

  it('sets an integer quantity', () => {
    expect(quantityInList(setLineQuantity(list, 'p-pendant', 12), 'p-pendant')).toBe(12);
  });

  it('raises values below 1 to 1', () => {
    const five = setLineQuantity(list, 'p-ring', 5);
    expect(quantityInList(setLineQuantity(five, 'p-ring', 0), 'p-ring')).toBe(1);
    expect(quantityInList(setLineQuantity(five, 'p-ring', -2), 'p-ring')).toBe(1);
  });

  it('leaves the other lines and unknown products alone', () => {
    const next = setLineQuantity(list, 'unknown', 3);
    expect(next).toEqual(list);
    expect(quantityInList(setLineQuantity(list, 'p-ring', 3), 'p-pendant')).toBe(1);
  });
});

describe('removeLine and clearList', () => {
  it('removes only the named product; removing twice is harmless', () => {
    const list = addToList(addToList([], ring), pendant);
    const once = removeLine(list, 'p-ring');
    expect(once.map((l) => l._id)).toEqual(['p-pendant']);
    expect(removeLine(once, 'p-ring')).toEqual(once);
    expect(quantityInList(once, 'p-ring')).toBe(0);
  });

  it('clears to an empty list', () => {
    expect(clearList()).toEqual([]);
    expect(JSON.stringify(clearList())).toBe('[]');
  });
});

describe('normaliseList', () => {
  it('repairs stored lines: quantity at least 1, price a number, ids from older names', () => {
    const list = normaliseList([
      { productId: 'a', name: 'A', price: '19.90', quantity: 0 },
      { _id: 'b', name: 'B', price: 'n/a', quantity: '3' },
      { id: 'c', quantity: 2.7 },
    ]);
    expect(list).toEqual([
      expect.objectContaining({ _id: 'a', price: 19.9, quantity: 1 }),
      expect.objectContaining({ _id: 'b', price: 0, quantity: 3 }),
      expect.objectContaining({ _id: 'c', price: 0, quantity: 2, name: '' }),
    ]);
  });

  it('drops entries without an id and merges duplicates', () => {
    const list = normaliseList([
      null,
      5,
      'x',
      { name: 'no id' },
      { _id: 'a', quantity: 2 },
      { _id: 'a', quantity: 3 },
    ]);
    expect(list).toEqual([expect.objectContaining({ _id: 'a', quantity: 5 })]);
  });

  it('answers an empty list for anything that is not an array', () => {
    expect(normaliseList({ _id: 'a' })).toEqual([]);
    expect(normaliseList(undefined)).toEqual([]);
  });

  it('reads stored JSON text, treating damage as an empty list', () => {
    expect(parseStoredList('[{"_id":"a","quantity":2}]')).toEqual([
      expect.objectContaining({ _id: 'a', quantity: 2 }),
    ]);
    expect(parseStoredList('[')).toEqual([]);
    expect(parseStoredList(null)).toEqual([]);
    expect(parseStoredList('[]')).toEqual([]);
  });

  it('always yields distinct ids and integer quantities within the limits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ _id: fc.constantFrom('a', 'b', 'c'), quantity: fc.anything() })),
        (raw) => {
          const list = normaliseList(raw);
          const ids = list.map((l) => l._id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const line of list) {
            expect(Number.isInteger(line.quantity)).toBe(true);
            expect(line.quantity).toBeGreaterThanOrEqual(1);
            expect(line.quantity).toBeLessThanOrEqual(MAX_QUANTITY);
          }
        },
      ),
    );
  });
});

describe('readCartQuantity', () => {
  it.each([
    ['3', 3, null],
    [' 12 ', 12, null],
    ['0', 1, 'minimum'],
    ['-4', 1, 'minimum'],
    ['0.5', 1, 'minimum'],
    ['2.7', 2, null],
    ['', 1, null],
    ['abc', 1, null],
    ['1e3', 1, null],
    ['10000', 10000, null],
    ['10001', 10000, 'maximum'],
    ['250000', 10000, 'maximum'],
  ])('%j → %j (limit: %j)', (text, quantity, limit) => {
    expect(readCartQuantity(text)).toEqual({ quantity, limit });
  });
});

describe('readTypedQuantity', () => {
  it.each([
    ['7', 'raise-to-minimum', 7, null],
    ['0', 'raise-to-minimum', 1, 'minimum'],
    ['0', 'ignore-below-minimum', null, null],
    ['-3', 'cart-fallback', 1, 'minimum'],
    ['10000', 'ignore-below-minimum', 10000, null],
    ['10001', 'raise-to-minimum', 10000, 'maximum'],
    ['99999', 'ignore-below-minimum', 10000, 'maximum'],
    ['123456', 'cart-fallback', 10000, 'maximum'],
    ['', 'raise-to-minimum', null, null],
    ['1.5', 'cart-fallback', null, null],
  ] as const)('%j with %s → %j (limit: %j)', (text, rule, quantity, limit) => {
    expect(readTypedQuantity(text, rule)).toEqual({ quantity, limit });
  });
});
