import { bytesToUuid, CODE_START, foldText, NAME_START, uuidToBytes } from '../products/search-index.ts';
import {
  hasLetter,
  isWordCharAt,
  isWordCharBefore,
  SIMILARITY_THRESHOLD,
  singularOf,
  trigramsOf,
  wordsOf,
} from './trigram.ts';

/** One product as the word index reads it; rows arrive newest first. */
export type WordRow = { id: string; name: string; code: string; category: string; subcategory: string };

/** Synonym terms (lower-case, any script) and the catalogue words each stands for. */
export type SynonymMap = ReadonlyMap<string, string>;

/** Query words beyond this many are ignored by the forgiving pass (the literal pass still sees all). */
const MAX_QUERY_WORDS = 8;
/** Close spellings kept per query word, the most similar first. */
const MAX_CLOSE_WORDS = 5;
/**
 * A close spelling is kept only when it is nearly as similar as the closest one: "earing" is 0.67
 * similar to "earring" and 0.33 to "ring", and finding every ring would bury the earrings.
 */
const CLOSE_WORD_MARGIN = 0.2;

export type Ranked = {
  /** Record numbers whose name or code holds the text: exact code, then prefix, then substring. */
  literal: number[];
  /** Record numbers found through synonyms, category words, plurals or close spellings. */
  extra: number[];
  corrected: string | null;
  synonyms: Array<{ term: string; meaning: string }>;
};

/**
 * The search results page's index of one catalogue snapshot. Records are numbered newest first,
 * so ascending record numbers are the catalogue's order. Every word of a name (singular form) and
 * each product's category (singular) and subcategory are "words" with a list of the records that
 * hold them; words with a letter also sit in a trigram table for close spellings.
 *
 * Layout, so that 100,000 products are a few large objects instead of hundreds of thousands of
 * small ones (every one of them costs memory and garbage-collection time for as long as the index
 * lives): the ids as 16 bytes each, names and codes only inside one text, and every word's record
 * list inside one Int32Array (the word's number gives where its list starts and ends).
 */
export class WordIndex {
  /** Each record's id as 16 bytes. */
  readonly #ids: Uint8Array;
  /** Every record as `\u0000name\u0001code`, in record order: one `indexOf` finds the next match. */
  readonly #text: string;
  /** Where each record starts in #text, and one more entry for the end. */
  readonly #starts: Int32Array;
  /** Each word's number: its records are #postings[#postingStarts[n] .. #postingStarts[n + 1]). */
  readonly #words: Map<string, number>;
  readonly #postingStarts: Int32Array;
  readonly #postings: Int32Array;
  readonly #wordsByGram: Map<string, string[]>;
  readonly #gramCount: Map<string, number>;

  private constructor(rows: WordRow[]) {
    this.#ids = new Uint8Array(rows.length * 16);
    const lists = new Map<string, number[]>();
    const parts: string[] = [];
    this.#starts = new Int32Array(rows.length + 1);
    let offset = 0;
    rows.forEach((row, r) => {
      uuidToBytes(row.id, this.#ids, r * 16);
      const name = foldText(row.name);
      const record = `${NAME_START}${name}${CODE_START}${foldText(row.code)}`;
      this.#starts[r] = offset;
      offset += record.length;
      parts.push(record);
      const words = new Set(wordsOf(name).map(singularOf));
      words.add(singularOf(row.category.toLowerCase()));
      words.add(row.subcategory.toLowerCase());
      for (const word of words) {
        // Numbers are found in the text when a query asks for one (#recordsWithNumber).
        if (!hasLetter(word)) continue;
        const list = lists.get(word);
        if (list) list.push(r);
        else lists.set(word, [r]);
      }
    });
    this.#starts[rows.length] = offset;
    this.#text = parts.join('');
    this.#words = new Map();
    this.#postingStarts = new Int32Array(lists.size + 1);
    let postingCount = 0;
    for (const list of lists.values()) postingCount += list.length;
    this.#postings = new Int32Array(postingCount);
    this.#wordsByGram = new Map();
    this.#gramCount = new Map();
    let n = 0;
    let at = 0;
    for (const [word, list] of lists) {
      this.#words.set(word, n);
      this.#postingStarts[n] = at;
      this.#postings.set(list, at);
      at += list.length;
      n++;
      const grams = trigramsOf(word);
      this.#gramCount.set(word, grams.length);
      for (const gram of grams) {
        const words = this.#wordsByGram.get(gram);
        if (words) words.push(word);
        else this.#wordsByGram.set(gram, [word]);
      }
    }
    this.#postingStarts[n] = at;
  }

  /** Builds from chunks of rows, newest first. */
  static async build(chunks: AsyncIterable<WordRow[]>): Promise<WordIndex> {
    const rows: WordRow[] = [];
    for await (const chunk of chunks) for (const row of chunk) rows.push(row);
    return new WordIndex(rows);
  }

  get size(): number {
    return this.#starts.length - 1;
  }

  idOf(record: number): string {
    return bytesToUuid(this.#ids, record * 16);
  }

  /** The records holding `word`, ascending; undefined for a word no record holds. */
  #recordsOf(word: string): Int32Array | undefined {
    if (!hasLetter(word)) return this.#recordsWithNumber(word);
    const n = this.#words.get(word);
    return n === undefined
      ? undefined
      : this.#postings.subarray(this.#postingStarts[n], this.#postingStarts[n + 1]);
  }

  /**
   * Every product the query finds, in rank order: the code equal to the text, then names or codes
   * starting with it, then those containing it (each newest first, as the header search answers),
   * then products whose words match every query word through the word itself (singular or
   * plural), a synonym, a category, or a close spelling (newest first).
   */
  rank(text: string, synonyms: SynonymMap, options: { literal?: boolean } = {}): Ranked {
    const folded = foldText(text.trim());
    // Without the literal pass (the header search has its own), `extra` may hold literal matches too.
    const literal = options.literal === false ? [] : this.#literal(folded);
    const plan = this.#plan(folded, synonyms);
    const extra = plan.words.length ? this.#matchingEvery(plan.words, new Set(literal)) : [];
    return {
      literal,
      extra,
      corrected: extra.length ? plan.corrected : null,
      synonyms: extra.length ? plan.synonyms : [],
    };
  }

  /**
   * The records whose name holds `word`, a word without letters (a number), as a whole word: the
   * occurrences in the text whose neighbours are not word characters, in a name rather than a code.
   * Numbers are not listed in #words: names that each carry their own design number ("Ring 1041")
   * made one word and one list per product, about 6 MB of heap at 100,000 products, for the few
   * queries that pair a number with a word. One pass of `indexOf` over the text answers them.
   */
  #recordsWithNumber(word: string): Int32Array | undefined {
    const text = this.#text;
    const starts = this.#starts;
    const found: number[] = [];
    let r = 0;
    for (let at = text.indexOf(word); at >= 0;) {
      // Most occurrences sit inside a longer number (a code's digits): refused before any lookup.
      if (isWordCharBefore(text, at) || isWordCharAt(text, at + word.length)) {
        at = text.indexOf(word, at + 1);
        continue;
      }
      while (starts[r + 1]! <= at) r++;
      // A whole word in the name (before the code's separator) counts; one in the code does not.
      if (at < text.indexOf(CODE_START, starts[r]!)) found.push(r);
      at = text.indexOf(word, starts[r + 1]!);
    }
    return found.length ? Int32Array.from(found) : undefined;
  }

  /**
   * The literal matches. The text holds no separator (folded text cannot), so each `indexOf` hit
   * lies inside one record's name or code; the search then jumps to the next record. The cost is
   * one pass of `indexOf` over the text plus the matches, not a test per product.
   */
  #literal(text: string): number[] {
    if (!text) return [];
    const exact: number[] = [];
    const starting: number[] = [];
    const containing: number[] = [];
    const starts = this.#starts;
    const last = this.size - 1;
    let r = 0;
    for (let at = this.#text.indexOf(text); at >= 0;) {
      // The record holding `at`: the last whose start is at or before it (binary search).
      let lo = r;
      let hi = last;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      r = lo;
      const codeAt = this.#text.indexOf(CODE_START, starts[r]!) + 1;
      const isInCode = this.#text.startsWith(text, codeAt);
      if (isInCode && codeAt + text.length === starts[r + 1]) exact.push(r);
      else if (isInCode || this.#text.startsWith(text, starts[r]! + 1)) starting.push(r);
      else containing.push(r);
      if (r === last) break;
      at = this.#text.indexOf(text, starts[r + 1]!);
    }
    return [...exact, ...starting, ...containing];
  }

  /** For each query word, the word lists that can stand for it (any of them will do). */
  #plan(text: string, synonyms: SynonymMap) {
    const words: Int32Array[][] = [];
    const shownWords: string[] = [];
    const used: Array<{ term: string; meaning: string }> = [];
    let isCorrected = false;
    const queryWords = [...new Set(wordsOf(text))].slice(0, MAX_QUERY_WORDS);
    // Numbers alone ("100", "2024") are for the literal pass: every product holding the number
    // somewhere would only bury the one whose name or code holds the text.
    if (!queryWords.some(hasLetter)) return { words: [], corrected: null, synonyms: [] };
    const phrase = queryWords.join(' ');
    const phraseMeaning = queryWords.length > 1 ? synonyms.get(phrase) : undefined;
    // A term of several words ("nose pin") stands for its meaning when it is the whole query.
    if (phraseMeaning !== undefined) {
      used.push({ term: phrase, meaning: phraseMeaning });
      const lists = [
        this.#everyWord(queryWords.map(singularOf)),
        this.#everyWord(wordsOf(phraseMeaning).map(singularOf)),
      ].filter((list) => list !== null);
      return { words: lists.length ? [lists] : [], corrected: null, synonyms: used };
    }
    for (const word of queryWords) {
      const singular = singularOf(word);
      const lists: Int32Array[] = [];
      const own = this.#recordsOf(singular);
      if (own) lists.push(own);
      const meaning = synonyms.get(word) ?? synonyms.get(singular);
      if (meaning !== undefined) {
        used.push({ term: word, meaning });
        const meaningList = this.#everyWord(wordsOf(meaning).map(singularOf));
        if (meaningList) lists.push(meaningList);
      }
      let shown = word;
      if (!lists.length) {
        const close = this.#closeWords(singular);
        for (const candidate of close) lists.push(this.#recordsOf(candidate)!);
        if (close.length) {
          shown = close[0]!;
          isCorrected = true;
        }
      }
      if (!lists.length) return { words: [], corrected: null, synonyms: [] };
      shownWords.push(shown);
      words.push(lists);
    }
    return { words, corrected: isCorrected ? shownWords.join(' ') : null, synonyms: used };
  }

  /** Records holding every one of `words` (null when one of them is in no record). */
  #everyWord(words: string[]): Int32Array | null {
    let result: Int32Array | null = null;
    for (const word of words) {
      const list = this.#recordsOf(word);
      if (!list) return null;
      result = result ? intersect(result, list) : list;
    }
    return result;
  }

  /** Index words at least SIMILARITY_THRESHOLD similar to `word` and near the closest, most similar first. */
  #closeWords(word: string): string[] {
    if ([...word].length < 3 || !hasLetter(word)) return [];
    const grams = trigramsOf(word);
    const shared = new Map<string, number>();
    for (const gram of grams) {
      for (const candidate of this.#wordsByGram.get(gram) ?? []) {
        shared.set(candidate, (shared.get(candidate) ?? 0) + 1);
      }
    }
    const scored: Array<{ word: string; score: number }> = [];
    for (const [candidate, count] of shared) {
      const score = count / (grams.length + this.#gramCount.get(candidate)! - count);
      if (score >= SIMILARITY_THRESHOLD) scored.push({ word: candidate, score });
    }
    scored.sort((a, b) => b.score - a.score || (a.word < b.word ? -1 : 1));
    const floor = (scored[0]?.score ?? 0) - CLOSE_WORD_MARGIN;
    return scored
      .filter((s) => s.score >= floor)
      .slice(0, MAX_CLOSE_WORDS)
      .map((s) => s.word);
  }

  /** Records (ascending, so newest first) in some list of every query word, minus `exclude`. */
  #matchingEvery(words: Int32Array[][], exclude: ReadonlySet<number>): number[] {
    const marks = new Uint8Array(this.size);
    const all = (1 << words.length) - 1;
    words.forEach((lists, i) => {
      for (const list of lists) for (const r of list) marks[r]! |= 1 << i;
    });
    const out: number[] = [];
    for (let r = 0; r < marks.length; r++) if (marks[r] === all && !exclude.has(r)) out.push(r);
    return out;
  }
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      out.push(a[i]!);
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return Int32Array.from(out);
}
