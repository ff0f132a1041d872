import { describe, expect, it } from 'vitest';
import { nameSortKey } from './name-order.ts';

const sorted = (names: string[]) =>
  names
    .map((name, i) => ({ name, i, key: nameSortKey(name) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i))
    .map((entry) => entry.name);

describe('nameSortKey', () => {
  it('orders names A–Z whatever their case, keeping equal names in their given order', () => {
    expect(sorted(['jhumka', 'Anklet', 'bangle', 'Jhumka', 'anklet'])).toEqual([
      'Anklet',
      'anklet',
      'bangle',
      'jhumka',
      'Jhumka',
    ]);
  });

  it('orders numbers by their value, leading zeros aside', () => {
    expect(sorted(['Ring 10', 'Ring 2', 'Ring 1', 'Ring 02b', 'Ring 100', 'Ring'])).toEqual([
      'Ring',
      'Ring 1',
      'Ring 2',
      'Ring 02b',
      'Ring 10',
      'Ring 100',
    ]);
    expect(sorted(['Set 12345678901234567890', 'Set 9'])).toEqual(['Set 9', 'Set 12345678901234567890']);
  });

  it('ignores Latin accents, and puts spaces and punctuation before digits before letters', () => {
    expect(sorted(['Eclat ring', 'éclat earring', 'Écl ring'])).toEqual([
      'Écl ring',
      'éclat earring',
      'Eclat ring',
    ]);
    expect(sorted(['Kada', 'Kada-2', '925 Kada', 'Kada 2', 'Kada2'])).toEqual([
      '925 Kada',
      'Kada',
      'Kada 2',
      'Kada-2',
      'Kada2',
    ]);
  });

  it('keeps Devanagari vowel signs, and puts Devanagari names after Latin ones', () => {
    expect(sorted(['कुंदन हार', 'Zircon ring', 'कंगन', 'कान की बाली'])).toEqual([
      'Zircon ring',
      'कंगन',
      'कान की बाली',
      'कुंदन हार',
    ]);
    // Vowel signs after the consonants, as the collator puts them; candrabindu reads as anusvara.
    expect(sorted(['कान', 'का', 'कन', 'अँगूठी', 'आभूषण', 'अंगूठी', 'चूड़ी', 'चूड़ियाँ'])).toEqual([
      'अँगूठी',
      'अंगूठी',
      'आभूषण',
      'कन',
      'का',
      'कान',
      'चूड़ियाँ',
      'चूड़ी',
    ]);
    expect(nameSortKey('कान')).not.toBe(nameSortKey('कन'));
  });
});
