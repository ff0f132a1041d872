import { describe, expect, it } from 'vitest';
import { foldText, isIndexable, LiveSearchIndex, SearchIndex, type IndexRow } from './search-index.ts';

/** A uuid whose order follows `n`, so expectations can name rows by number. */
const idOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

async function* inChunks(rows: IndexRow[], size: number): AsyncGenerator<IndexRow[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

const build = (rows: IndexRow[], chunk = 7) => SearchIndex.build(inChunks(rows, chunk));

/** The contract's order, written plainly: starts-with first, then contains, newest (listed) first. */
function reference(rows: IndexRow[], text: string, limit: number): string[] {
  const t = foldText(text);
  const starts = (r: IndexRow) => foldText(r.name).startsWith(t) || foldText(r.code).startsWith(t);
  const contains = (r: IndexRow) => foldText(r.name).includes(t) || foldText(r.code).includes(t);
  return [...rows.filter(starts), ...rows.filter((r) => contains(r) && !starts(r))]
    .slice(0, limit)
    .map((r) => r.id);
}

const WORDS = ['Kundan', 'Ring', 'Temple', 'Necklace', 'Jhumka', 'अंगूठी', 'चाँदी', 'Polki', 'Boho', 'Mala'];

/** A deterministic catalogue, newest first, spanning many index blocks. */
function generated(n: number): IndexRow[] {
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: n }, (_, i) => {
    const a = WORDS[Math.floor(random() * WORDS.length)]!;
    const b = WORDS[Math.floor(random() * WORDS.length)]!;
    const odd = i % 97 === 0 ? ' 100% Silver_Ring (v2) .* "q" it\'s \\b' : '';
    return { id: idOf(i), name: `${a} ${b} ${i}${odd}`, code: `${a.slice(0, 2).toUpperCase()}-${i}` };
  });
}

describe('SearchIndex', () => {
  it('puts names or codes starting with the text first, then the rest, newest first within each', async () => {
    const rows = [
      { id: idOf(1), name: 'Temple Ring', code: 'TR-1' },
      { id: idOf(2), name: 'Ringlet', code: 'RL-1' },
      { id: idOf(3), name: 'Kundan Ring', code: 'RING-9' },
      { id: idOf(4), name: 'Earring', code: 'ER-1' },
      { id: idOf(5), name: 'Ring Classic', code: 'X-1' },
    ];
    const index = await build(rows);
    expect(index.find('ring', 50)).toEqual([idOf(2), idOf(3), idOf(5), idOf(1), idOf(4)]);
    expect(index.find('ring', 2)).toEqual([idOf(2), idOf(3)]);
    expect(index.find('ring', 4)).toEqual([idOf(2), idOf(3), idOf(5), idOf(1)]);
    expect(index.find('r', 50)).toEqual([idOf(2), idOf(3), idOf(5), idOf(1), idOf(4)]);
    expect(index.find('nothing', 50)).toEqual([]);
  });

  it('finds an old prefix match past any number of newer matches that only contain the text', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      id: idOf(i),
      name: `Kundan Ring ${i}`,
      code: `KR-${i}`,
    }));
    rows.push({ id: idOf(5000), name: 'Ringlet Stud', code: 'ER-RINGLET' });
    const index = await build(rows, 100);
    const found = index.find('ring', 50);
    expect(found[0]).toBe(idOf(5000));
    expect(found.slice(1)).toEqual(rows.slice(0, 49).map((r) => r.id));
  });

  it('takes every character literally, Hindi included', async () => {
    const rows = [
      { id: idOf(1), name: 'Special 100% Silver_Ring (v2) .* "quoted" it\'s \\back', code: 'SP-100%' },
      { id: idOf(2), name: 'चाँदी की अंगूठी', code: 'HI-001' },
      { id: idOf(3), name: 'Plain', code: 'P-1' },
    ];
    const index = await build(rows);
    for (const text of ['%', '100%', '_', '(v2)', '.*', '(', '"quoted"', "it's", '\\back', 'sp-100%']) {
      expect(index.find(foldText(text), 50)).toEqual([idOf(1)]);
    }
    expect(index.find('[a-z]+', 50)).toEqual([]);
    expect(index.find('अंगूठी', 50)).toEqual([idOf(2)]);
    expect(index.find('चाँ', 50)).toEqual([idOf(2)]);
    expect(index.find(foldText('hi'), 50)).toEqual([idOf(2)]);
  });

  it('never matches across the name and the code, or across products', async () => {
    const index = await build([
      { id: idOf(1), name: 'abc', code: 'def' },
      { id: idOf(2), name: 'ghi', code: 'jkl' },
    ]);
    expect(index.find('cd', 50)).toEqual([]);
    expect(index.find('fg', 50)).toEqual([]);
    expect(index.find('c', 50)).toEqual([idOf(1)]);
  });

  it('keeps separators out of stored text', () => {
    expect(foldText('A\u0000B\u0001C')).toBe('a\u0002b\u0002c');
  });

  it('answers as the plain reference does for many terms over a catalogue of many blocks', async () => {
    const rows = generated(3000);
    const index = await build(rows, 256);
    expect(index.size).toBe(3000);
    const terms = [
      'k',
      'r',
      'ग',
      '1',
      '%',
      'ri',
      'ng',
      'in',
      '12',
      'ku',
      'अं',
      '_r',
      'ring',
      'kundan ring',
      'ring 1',
      'mala mala',
      'ku-1',
      'ku-12',
      'ku-123',
      'boho polki 2',
      '100% silver',
      '(v2)',
      "it's \\b",
      'चाँदी',
      'अंगूठी कुं',
      'zzz',
      'ring 2999',
      'temple necklace 0',
      'ne-',
      ' ',
      'a 1',
      'i 9',
    ];
    for (let i = 0; i < 3000; i += 37) terms.push(rows[i]!.name.slice(i % 5, 3 + (i % 11)), rows[i]!.code);
    for (const term of terms) {
      for (const limit of [1, 50])
        expect(index.find(foldText(term), limit), term).toEqual(reference(rows, term, limit));
    }
  });
});

describe('isIndexable', () => {
  it('leaves text with non-ASCII letters that have case to the database', () => {
    expect(isIndexable('Kundan RING 12 %_')).toBe(true);
    expect(isIndexable('चाँदी की अंगूठी')).toBe(true);
    expect(isIndexable('Café')).toBe(false);
    expect(isIndexable('ΣΑΣ')).toBe(false);
    expect(isIndexable('İ')).toBe(false);
  });
});

describe('LiveSearchIndex', () => {
  function setup(options: { rows: IndexRow[]; ttlMs?: number }) {
    let time = 1000;
    let version = 'v1';
    let gate: Promise<void> = Promise.resolve();
    let failing = false;
    let builds = 0;
    const live = new LiveSearchIndex({
      ttlMs: options.ttlMs ?? 30_000,
      now: () => time,
      readVersion: async () => {
        if (failing) throw new Error('database down');
        return version;
      },
      readRows: async function* () {
        builds++;
        await gate;
        if (failing) throw new Error('database down');
        yield options.rows;
      },
    });
    return {
      live,
      builds: () => builds,
      advance: (ms: number) => (time += ms),
      setVersion: (v: string) => (version = v),
      setFailing: (f: boolean) => (failing = f),
      hold() {
        let open!: () => void;
        gate = new Promise((r) => (open = r));
        return open;
      },
    };
  }
  const rows = [{ id: idOf(1), name: 'Kundan Ring', code: 'KR-1' }];

  it('answers null (the SQL path) until the first build is done, then the index', async () => {
    const s = setup({ rows });
    const open = s.hold();
    expect(s.live.current()).toBeNull();
    expect(s.live.current()).toBeNull();
    open();
    await s.live.settled();
    expect(s.live.current()?.find('ring', 50)).toEqual([idOf(1)]);
    expect(s.builds()).toBe(1);
  });

  it('drops the index on a write here and does not install a build that started before it', async () => {
    const s = setup({ rows });
    s.live.current();
    await s.live.settled();
    const open = s.hold();
    s.live.invalidate();
    expect(s.live.current()).toBeNull(); // rebuilding: SQL answers
    s.live.invalidate(); // a second write while that build runs
    open();
    await s.live.settled();
    expect(s.live.current()).toBeNull(); // that build saw the catalogue before the write
    await s.live.settled();
    expect(s.live.current()).not.toBeNull();
    expect(s.builds()).toBe(3);
  });

  it("sees another instance's writes within the cache interval through the version", async () => {
    const s = setup({ rows, ttlMs: 30_000 });
    s.live.current();
    await s.live.settled();
    s.setVersion('v2');
    s.advance(29_000);
    expect(s.live.current()).not.toBeNull(); // not checked yet inside the interval
    s.advance(1_000);
    expect(s.live.current()).not.toBeNull(); // the check runs in the background
    await new Promise((r) => setImmediate(r));
    expect(s.live.current()).toBeNull(); // version changed: rebuilding
    await s.live.settled();
    expect(s.live.current()).not.toBeNull();
    expect(s.builds()).toBe(2);
    // An unchanged version keeps the index without a rebuild.
    s.advance(30_000);
    s.live.current();
    await new Promise((r) => setImmediate(r));
    expect(s.live.current()).not.toBeNull();
    expect(s.builds()).toBe(2);
  });

  it('falls back to SQL when a build fails and retries after the interval', async () => {
    const s = setup({ rows, ttlMs: 30_000 });
    s.setFailing(true);
    expect(s.live.current()).toBeNull();
    await s.live.settled();
    s.setFailing(false);
    expect(s.live.current()).toBeNull();
    await s.live.settled();
    expect(s.builds()).toBe(0); // readVersion failed first; no retry inside the interval
    s.advance(30_000);
    expect(s.live.current()).toBeNull();
    await s.live.settled();
    expect(s.live.current()).not.toBeNull();
  });
});
