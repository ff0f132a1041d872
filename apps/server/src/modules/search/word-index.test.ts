import { describe, expect, it } from 'vitest';
import { similarity, singularOf, trigramsOf, wordsOf } from './trigram.ts';
import { WordIndex, type WordRow } from './word-index.ts';

async function* once(rows: WordRow[]): AsyncGenerator<WordRow[]> {
  yield rows;
}

/** Rows are named n1, p1, r200, …; the index keeps ids as uuids, so each name (six characters at most) is spelled in one. */
const uuidOf = (label: string) =>
  `00000000-0000-4000-8000-${Buffer.from(label, 'latin1').toString('hex').padStart(12, '0')}`;
const labelOf = (id: string) => Buffer.from(id.slice(-12), 'hex').toString('latin1').replace(/^\0+/, '');

const row = (
  label: string,
  name: string,
  code: string,
  category = 'Rings',
  subcategory = 'withgemstone',
) => ({
  id: uuidOf(label),
  name,
  code,
  category,
  subcategory,
});

const SYNONYMS = new Map([
  ['jhumka', 'earring'],
  ['haar', 'necklace'],
  ['kada', 'bangle'],
  ['payal', 'anklet'],
  ['झुमका', 'earring'],
  ['nose pin', 'nose stud'],
]);

/** Newest first: n1 is the newest. */
const ROWS: WordRow[] = [
  row('n1', 'Gold Plated Earrings', 'ER-7', 'Earrings'),
  row('n2', 'Kundan Necklace Set', 'NK-2', 'Necklaces'),
  row('n3', 'Silver Bracelet', 'BR-1', 'Bracelets', 'withoutgemstone'),
  row('n4', 'Temple Jhumka', 'JH-1', 'Earrings'),
  row('n5', 'Oxidised Anklet Pair', 'AN-1', 'Bracelets'),
  row('n6', 'Brass Bangle', 'BG-1', 'Bracelets'),
  row('n7', 'Stud', 'ST-1', 'Earrings'),
  row('n8', 'Ring ER', 'ER', 'Rings'),
  row('n9', 'Ember ring', 'RG-9', 'Rings'),
  row('n10', 'Gold Nose Stud', 'NS-1', 'Rings'),
  row('n11', 'चाँदी झुमका', 'HI-1', 'Earrings'),
];

const ids = (index: WordIndex, records: number[]) => records.map((r) => labelOf(index.idOf(r)));

describe('pg_trgm words and similarity', () => {
  it('splits words as pg_trgm does and pads each with two spaces before, one after', () => {
    expect(wordsOf('gold-plated ear_rings (v2) झुमका')).toEqual([
      'gold',
      'plated',
      'ear',
      'rings',
      'v2',
      'झुमका',
    ]);
    expect(trigramsOf('cat').sort()).toEqual(['  c', ' ca', 'at ', 'cat'].sort());
  });

  it('scores shared trigrams over all distinct trigrams', () => {
    // neckalce and necklace share "  n", " ne", "nec", "eck", "ce " of 13 distinct trigrams.
    expect(similarity('neckalce', 'necklace')).toBeCloseTo(5 / 13, 10);
    expect(similarity('earing', 'earring')).toBeCloseTo(6 / 9, 10);
    expect(similarity('braclet', 'bracelet')).toBeCloseTo(6 / 11, 10);
    expect(similarity('ring', 'ring')).toBe(1);
    expect(similarity('gold', 'ring')).toBe(0);
  });

  it('takes plurals to their singular', () => {
    expect(singularOf('earrings')).toBe('earring');
    expect(singularOf('necklaces')).toBe('necklace');
    expect(singularOf('boxes')).toBe('box');
    expect(singularOf('accessories')).toBe('accessory');
    expect(singularOf('glass')).toBe('glass');
    expect(singularOf('rings')).toBe('ring');
    expect(singularOf('ring')).toBe('ring');
    expect(singularOf('झुमके')).toBe('झुमके');
  });
});

describe('WordIndex.rank', () => {
  it('ranks the exact code, then prefixes, then substrings, then the forgiving matches, newest first within each', async () => {
    const index = await WordIndex.build(once(ROWS));
    const ranked = index.rank('er', SYNONYMS);
    // Exact code ER (n8); names or codes starting with "er" (ER-7); containing "er" (silver, ember, …).
    expect(ids(index, ranked.literal)).toEqual(['n8', 'n1', 'n3', 'n9']);
    expect(ranked.extra).toEqual([]);
  });

  it('finds misspellings through close words, after nothing literal', async () => {
    const index = await WordIndex.build(once(ROWS));
    const necklace = index.rank('neckalce', SYNONYMS);
    expect(necklace.literal).toEqual([]);
    expect(ids(index, necklace.extra)).toEqual(['n2']);
    expect(necklace.corrected).toBe('necklace');
    const earring = index.rank('earing', SYNONYMS);
    expect(ids(index, earring.extra)).toEqual(['n1', 'n4', 'n7', 'n11']);
    expect(earring.corrected).toBe('earring');
    const bracelet = index.rank('braclet', SYNONYMS);
    expect(ids(index, bracelet.extra)).toEqual(['n3', 'n5', 'n6']);
    expect(bracelet.corrected).toBe('bracelet');
    expect(index.rank('xqzv', SYNONYMS)).toEqual({ literal: [], extra: [], corrected: null, synonyms: [] });
  });

  it('reads synonyms, categories and plurals, and needs every word', async () => {
    const index = await WordIndex.build(once(ROWS));
    const jhumka = index.rank('jhumka', SYNONYMS);
    expect(ids(index, jhumka.literal)).toEqual(['n4']);
    // Earrings by name or category; the Hindi name is in the Earrings category.
    expect(ids(index, jhumka.extra)).toEqual(['n1', 'n7', 'n11']);
    expect(jhumka.synonyms).toEqual([{ term: 'jhumka', meaning: 'earring' }]);
    expect(jhumka.corrected).toBeNull();
    expect(ids(index, index.rank('gold jhumka', SYNONYMS).extra)).toEqual(['n1']);
    expect(ids(index, index.rank('haar', SYNONYMS).extra)).toEqual(['n2']);
    expect(ids(index, index.rank('payal', SYNONYMS).extra)).toEqual(['n5']);
    expect(ids(index, index.rank('kada', SYNONYMS).extra)).toEqual(['n6']);
    expect(ids(index, index.rank('KADA', SYNONYMS).extra)).toEqual(['n6']);
    const hindi = index.rank('झुमका', SYNONYMS);
    expect(ids(index, hindi.literal)).toEqual(['n11']);
    expect(ids(index, hindi.extra)).toEqual(['n1', 'n4', 'n7']);
    // "earrings" literally, then the category's other members; "necklaces" finds the singular.
    expect(ids(index, index.rank('earrings', SYNONYMS).literal)).toEqual(['n1']);
    expect(ids(index, index.rank('earrings', SYNONYMS).extra)).toEqual(['n4', 'n7', 'n11']);
    expect(ids(index, index.rank('necklaces', SYNONYMS).extra)).toEqual(['n2']);
    expect(ids(index, index.rank('nose pin', SYNONYMS).extra)).toEqual(['n10']);
    expect(ids(index, index.rank('withoutgemstone', SYNONYMS).extra)).toEqual(['n3']);
  });

  it('takes the text literally and never fails on odd characters', async () => {
    const index = await WordIndex.build(once([...ROWS, row('p1', '100% Silver_Ring (v2) .*', 'SP-%')]));
    expect(ids(index, index.rank('%', SYNONYMS).literal)).toEqual(['p1']);
    expect(ids(index, index.rank('_', SYNONYMS).literal)).toEqual(['p1']);
    expect(ids(index, index.rank('.*', SYNONYMS).literal)).toEqual(['p1']);
    for (const text of ['\\', '[a-z]+', '(', '^$', '?', '   ', '\u0905\u0902']) {
      expect(() => index.rank(text, SYNONYMS), text).not.toThrow();
    }
    expect(index.rank('[a-z]+', SYNONYMS).literal).toEqual([]);
  });
});

describe('WordIndex literal pass', () => {
  it('answers as a plain reference does: exact code, then prefixes, then substrings, newest first', async () => {
    const words = ['Kundan', 'Ring', 'Temple', 'Necklace', 'Jhumka', 'अंगूठी', 'Polki', 'Ringlet'];
    let seed = 5;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const rows = Array.from({ length: 2000 }, (_, i) =>
      row(
        `r${i}`,
        `${words[Math.floor(random() * words.length)]} ${words[Math.floor(random() * words.length)]} ${i}`,
        i % 50 === 0 ? 'RI' : `RI-${i}`,
      ),
    );
    const index = await WordIndex.build(once(rows));
    const reference = (text: string) => {
      const t = text.toLowerCase();
      const name = (r: WordRow) => r.name.toLowerCase();
      const code = (r: WordRow) => r.code.toLowerCase();
      const exact = rows.filter((r) => code(r) === t);
      const starting = rows.filter((r) => code(r) !== t && (name(r).startsWith(t) || code(r).startsWith(t)));
      const containing = rows.filter(
        (r) =>
          code(r) !== t &&
          !name(r).startsWith(t) &&
          !code(r).startsWith(t) &&
          (name(r).includes(t) || code(r).includes(t)),
      );
      return [...exact, ...starting, ...containing].map((r) => labelOf(r.id));
    };
    for (const text of [
      'ri',
      'RI',
      'ring',
      'ri-1',
      'ri-19',
      '1',
      '99',
      'kundan ring',
      'अंगूठी',
      'g 1',
      'zzz',
      'i-',
    ]) {
      expect(ids(index, index.rank(text, new Map()).literal), text).toEqual(reference(text));
    }
  });
});

describe('WordIndex numbers in names', () => {
  const extraOf = (index: WordIndex, text: string) =>
    ids(index, index.rank(text, new Map(), { literal: false }).extra);

  it('finds a number only as a whole word of a name', async () => {
    const index = await WordIndex.build(
      once([
        row('m1', 'Kundan Ring 12', 'KR-99'),
        row('m2', 'Kundan Ring 123', 'KR-12'),
        row('m3', 'Ring 12 Kundan', 'KR-1'),
        row('m4', 'Kundan 12-Ring', 'KR-2'),
        // "x12" holds a letter: it is not the number 12.
        row('m5', 'Kundan Ring x12', 'KR-3'),
        row('m6', 'अंगूठी १२', 'HI-12'),
        // A letter outside the Basic Multilingual Plane (two UTF-16 units) just before the digits.
        row('m7', 'Ring \u{1d400}12', 'KR-4'),
        row('m8', 'Ring 12', 'KR-5'),
      ]),
    );
    expect(extraOf(index, 'kundan 12')).toEqual(['m1', 'm3', 'm4']);
    expect(extraOf(index, '12 ring')).toEqual(['m1', 'm3', 'm4', 'm8']);
    expect(extraOf(index, 'ring 123')).toEqual(['m2']);
    // 1 and 99 are only in codes.
    expect(extraOf(index, 'ring 1')).toEqual([]);
    expect(extraOf(index, 'ring 99')).toEqual([]);
    expect(extraOf(index, 'अंगूठी १२')).toEqual(['m6']);
  });

  it('answers as the words of each name do, over many numbered names', async () => {
    const words = ['Kundan', 'Ring', 'Temple', 'Jhumka', 'अंगूठी'];
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pick = () => words[Math.floor(random() * words.length)]!;
    const rows = Array.from({ length: 1500 }, (_, i) =>
      row(`q${i}`, `${pick()} ${Math.floor(random() * 40)} ${pick()}-${i % 7}`, `Q-${i}`),
    );
    const index = await WordIndex.build(once(rows));
    const wordsOfRow = (r: WordRow) =>
      new Set([
        ...wordsOf(r.name.toLowerCase()).map(singularOf),
        singularOf(r.category.toLowerCase()),
        r.subcategory,
      ]);
    for (const text of [
      'kundan 7',
      '3 ring',
      'temple 0',
      'jhumka 39',
      'अंगूठी 12',
      'ring 6 kundan',
      'ring 40',
    ]) {
      const query = wordsOf(text).map(singularOf);
      const expected = rows.filter((r) => query.every((w) => wordsOfRow(r).has(w))).map((r) => labelOf(r.id));
      expect(extraOf(index, text), text).toEqual(expected);
    }
  });
});

describe('WordIndex further words: attribute labels, tags and descriptions', () => {
  const LABELS = new Map([
    ['v-silver', { labelEn: '925 Sterling Silver', labelHi: '925 स्टर्लिंग चाँदी' }],
    ['v-brass', { labelEn: 'Brass', labelHi: 'पीतल' }],
  ]);
  const rows: WordRow[] = [
    { ...row('f1', 'Lotus Stud', 'LS-1', 'Earrings'), valueIds: ['v-silver'] },
    { ...row('f2', 'Moon Hoop', 'MH-1', 'Earrings'), description: 'Hoops with a filigree edge, 2 pairs' },
    {
      ...row('f3', 'Leaf Locket', 'LL-1', 'Pendants'),
      tags: ['navratri', 'set of 3'],
      valueIds: ['v-brass'],
    },
    row('f4', 'Filigree Drop', 'FD-1', 'Earrings'),
    { ...row('f5', 'Plain Band', 'PB-1', 'Rings'), valueIds: ['v-gone'] },
  ];
  const extraOf = (index: WordIndex, text: string) => ids(index, index.rank(text, SYNONYMS).extra);

  it('matches each query word by a name word or a further word, name words first', async () => {
    const index = await WordIndex.build(once(rows), LABELS);
    expect(extraOf(index, 'sterling')).toEqual(['f1']);
    expect(extraOf(index, 'पीतल')).toEqual(['f3']);
    expect(extraOf(index, 'navratri')).toEqual(['f3']);
    expect(extraOf(index, 'filigree')).toEqual(['f2']);
    expect(ids(index, index.rank('filigree', SYNONYMS).literal)).toEqual(['f4']);
    // Both words in the name or category first (f4), then the one that needs its description (f2).
    expect(extraOf(index, 'filigree earrings')).toEqual(['f4', 'f2']);
    expect(extraOf(index, 'silver earring')).toEqual(['f1']);
    // An unknown value id (f5's) adds no word.
    expect(extraOf(index, 'silver')).toEqual(['f1']);
  });

  it('finds a product by the words of its searched fields (its collection), close spellings too', async () => {
    const index = await WordIndex.build(
      once([
        ...rows,
        { ...row('f6', 'Peacock Choker', 'PC-1', 'Necklaces'), fieldTexts: ['Rajwada Bridal'] },
        { ...row('f7', 'Rajwada Ring', 'RR-1', 'Rings'), fieldTexts: [''] },
      ]),
      LABELS,
    );
    // The name's match first, then the one whose collection has the word.
    expect(extraOf(index, 'rajwada')).toEqual(['f6']);
    expect(ids(index, index.rank('rajwada', SYNONYMS).literal)).toEqual(['f7']);
    expect(extraOf(index, 'bridal choker')).toEqual(['f6']);
    expect(extraOf(index, 'rajwda necklace')).toEqual(['f6']);
  });

  it('counts numbers of labels and tags, not of descriptions, and alone only as those', async () => {
    const index = await WordIndex.build(once(rows), LABELS);
    expect(extraOf(index, '925')).toEqual(['f1']);
    expect(extraOf(index, '3')).toEqual(['f3']);
    expect(extraOf(index, '2')).toEqual([]);
    expect(extraOf(index, 'hoop 2')).toEqual([]);
  });

  it('corrects a misspelt label or tag word, not a description word', async () => {
    const index = await WordIndex.build(once(rows), LABELS);
    const sterling = index.rank('sterlng', SYNONYMS);
    expect(ids(index, sterling.extra)).toEqual(['f1']);
    expect(sterling.corrected).toBe('sterling');
    expect(index.rank('navratry', SYNONYMS).corrected).toBe('navratri');
    expect(index.rank('filgree', SYNONYMS).corrected).toBe('filigree');
    expect(index.rank('edgee', SYNONYMS).extra).toEqual([]);
  });
});
