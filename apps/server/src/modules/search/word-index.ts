import { bytesToUuid, CODE_START, foldText, NAME_START, uuidToBytes } from '../products/index.ts';
import {
  hasLetter,
  isWordCharAt,
  isWordCharBefore,
  SIMILARITY_THRESHOLD,
  singularOf,
  trigramsOf,
  wordsOf,
} from './trigram.ts';

/**
 * One product as the word index reads it; rows arrive newest first. `description`, `tags` and the
 * ids of its attribute values (`valueIds`, see `AttributeLabels`) are its further words.
 */
export type WordRow = {
  id: string;
  name: string;
  code: string;
  category: string;
  subcategory: string;
  description?: string;
  tags?: readonly string[];
  /** The texts of the product's searched fields (`search: 'words'` in `product-fields.ts`). */
  fieldTexts?: readonly string[];
  valueIds?: readonly string[];
};

/** The English and Hindi labels of each attribute value (metal, finish, stone, colour) by its id. */
export type AttributeLabels = ReadonlyMap<string, { labelEn: string; labelHi: string }>;

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
  /**
   * Record numbers found through the words: first those whose name, category or subcategory
   * match every query word (directly, through a synonym, a plural or a close spelling), then those
   * that need an attribute label, a tag or a description word for some query word.
   */
  extra: number[];
  corrected: string | null;
  synonyms: Array<{ term: string; meaning: string }>;
};

/**
 * Every word's list of records, packed: the word's number gives where its list starts and ends in
 * one Int32Array, so 100,000 products' lists are three objects, not one array per word.
 */
class Postings {
  readonly #words = new Map<string, number>();
  readonly #starts: Int32Array;
  readonly #lists: Int32Array;

  constructor(lists: Map<string, number[]>) {
    this.#starts = new Int32Array(lists.size + 1);
    let total = 0;
    for (const list of lists.values()) total += list.length;
    this.#lists = new Int32Array(total);
    let n = 0;
    let at = 0;
    for (const [word, list] of lists) {
      this.#words.set(word, n);
      this.#starts[n] = at;
      this.#lists.set(list, at);
      at += list.length;
      n++;
    }
    this.#starts[n] = at;
  }

  /** The records holding `word`, ascending; undefined for a word no record holds. */
  get(word: string): Int32Array | undefined {
    const n = this.#words.get(word);
    return n === undefined ? undefined : this.#lists.subarray(this.#starts[n], this.#starts[n + 1]);
  }
}

/** Adds record `r` to the list of `word`; records come in ascending order, each word once per record. */
function addWord(lists: Map<string, number[]>, word: string, r: number): void {
  const list = lists.get(word);
  if (!list) lists.set(word, [r]);
  else if (list[list.length - 1] !== r) list.push(r);
}

/** What can stand for one query word: lists of the name words, and lists of the further words. */
type WordLists = { own: Int32Array[]; further: Int32Array[] };

/**
 * The search results page's index of one catalogue snapshot. Records are numbered newest first,
 * so ascending record numbers are the catalogue's order. Every word of a name (singular form) and
 * each product's category (singular) and subcategory are "name words" with a list of the records
 * that hold them. The words of its attribute values' English and Hindi labels ("925 Sterling
 * Silver", "चाँदी की परत"), its tags and its description are "further words", in lists of their
 * own: a query word may match either, and products matched through name words alone rank first.
 * Numbers count as words in labels and tags (925), not in descriptions (a generated catalogue's
 * "design number 1041" would make one list per product). Name words, label words and tags with a
 * letter also sit in a trigram table for close spellings (a description's prose does not).
 *
 * Layout, so that 100,000 products are a few large objects instead of hundreds of thousands of
 * small ones (every one of them costs memory and garbage-collection time for as long as the index
 * lives): the ids as 16 bytes each, names and codes only inside one text, and every word's record
 * list inside one Int32Array (`Postings`).
 */
export class WordIndex {
  /** Each record's id as 16 bytes. */
  readonly #ids: Uint8Array;
  /** Every record as `\u0000name\u0001code`, in record order: one `indexOf` finds the next match. */
  readonly #text: string;
  /** Where each record starts in #text, and one more entry for the end. */
  readonly #starts: Int32Array;
  /** Name, category and subcategory words. */
  readonly #own: Postings;
  /** Attribute label, tag and description words. */
  readonly #further: Postings;
  readonly #wordsByGram: Map<string, string[]>;
  readonly #gramCount: Map<string, number>;

  private constructor(rows: WordRow[], labels: AttributeLabels) {
    this.#ids = new Uint8Array(rows.length * 16);
    const own = new Map<string, number[]>();
    const further = new Map<string, number[]>();
    // The words of a catalogue repeat: each distinct one's singular is found once.
    const singulars = new Map<string, string>();
    const singular = (word: string) => {
      let found = singulars.get(word);
      if (found === undefined) singulars.set(word, (found = singularOf(word)));
      return found;
    };
    const labelWords = new Map<string, string[]>();
    for (const [id, label] of labels) {
      labelWords.set(id, [...new Set(wordsOf(foldText(`${label.labelEn} ${label.labelHi}`)).map(singular))]);
    }
    /** Label and tag words some product holds: with the name words, what close spellings may become. */
    const tagged = new Set<string>();
    const usedLabels = new Set<string>();
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
      // Numbers in names are found in the text when a query asks for one (#recordsWithNumber).
      for (const word of wordsOf(name)) if (hasLetter(word)) addWord(own, singular(word), r);
      addWord(own, singular(row.category.toLowerCase()), r);
      addWord(own, row.subcategory.toLowerCase(), r);

      for (const id of row.valueIds ?? []) {
        const words = labelWords.get(id);
        if (!words) continue;
        usedLabels.add(id);
        for (const word of words) addWord(further, word, r);
      }
      for (const tag of row.tags ?? []) {
        for (const word of wordsOf(foldText(tag))) {
          addWord(further, singular(word), r);
          tagged.add(singular(word));
        }
      }
      // A searched field's words count like a tag's (a collection's name is a word buyers type).
      for (const text of row.fieldTexts ?? []) {
        for (const word of wordsOf(foldText(text))) {
          addWord(further, singular(word), r);
          tagged.add(singular(word));
        }
      }
      for (const word of wordsOf(foldText(row.description ?? ''))) {
        if (hasLetter(word)) addWord(further, singular(word), r);
      }
    });
    this.#starts[rows.length] = offset;
    this.#text = parts.join('');
    for (const id of usedLabels) for (const word of labelWords.get(id)!) tagged.add(word);
    const vocabulary = new Set(own.keys());
    for (const word of tagged) if (hasLetter(word)) vocabulary.add(word);
    this.#own = new Postings(own);
    this.#further = new Postings(further);
    this.#wordsByGram = new Map();
    this.#gramCount = new Map();
    for (const word of vocabulary) {
      const grams = trigramsOf(word);
      this.#gramCount.set(word, grams.length);
      for (const gram of grams) {
        const list = this.#wordsByGram.get(gram);
        if (list) list.push(word);
        else this.#wordsByGram.set(gram, [word]);
      }
    }
  }

  /** Builds from chunks of rows, newest first, and the labels their `valueIds` name. */
  static async build(
    chunks: AsyncIterable<WordRow[]>,
    labels: AttributeLabels = new Map(),
  ): Promise<WordIndex> {
    const rows: WordRow[] = [];
    for await (const chunk of chunks) for (const row of chunk) rows.push(row);
    return new WordIndex(rows, labels);
  }

  get size(): number {
    return this.#starts.length - 1;
  }

  idOf(record: number): string {
    return bytesToUuid(this.#ids, record * 16);
  }

  /** The records whose name words hold `word`, ascending; undefined for a word no record holds. */
  #recordsOf(word: string): Int32Array | undefined {
    return hasLetter(word) ? this.#own.get(word) : this.#recordsWithNumber(word);
  }

  /** The records holding `word` as a name word or a further word, ascending. */
  #anyRecordsOf(word: string): Int32Array | undefined {
    const own = this.#recordsOf(word);
    const further = this.#further.get(word);
    return own && further ? union(own, further) : (own ?? further);
  }

  /**
   * Every product the query finds, in rank order: the code equal to the text, then names or codes
   * starting with it, then those containing it (each newest first, as the header search answers),
   * then products whose words match every query word through the word itself (singular or
   * plural), a synonym, a category, or a close spelling (newest first): those matched by name
   * words first, then those that needed an attribute label, a tag or a description.
   */
  rank(text: string, synonyms: SynonymMap, options: { literal?: boolean } = {}): Ranked {
    const folded = foldText(text.trim());
    // Without the literal pass, `extra` may hold literal matches too.
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
   * Numbers of names are not listed as words: names that each carry their own design number ("Ring 1041")
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

  /**
   * For each query word, the lists that can stand for it (any of them will do): the name words'
   * lists, and the further words' lists.
   */
  #plan(text: string, synonyms: SynonymMap) {
    const none = { words: [] as WordLists[], corrected: null, synonyms: [] };
    const words: WordLists[] = [];
    const shownWords: string[] = [];
    const used: Array<{ term: string; meaning: string }> = [];
    let isCorrected = false;
    const queryWords = [...new Set(wordsOf(text))].slice(0, MAX_QUERY_WORDS);
    if (!queryWords.length) return none;
    // Numbers alone ("925", "2024") match names and codes in the literal pass; here only attribute
    // labels and tags ("925 Sterling Silver"), which come after those.
    const isNumbersOnly = !queryWords.some(hasLetter);
    const phrase = queryWords.join(' ');
    const phraseMeaning = queryWords.length > 1 ? synonyms.get(phrase) : undefined;
    // A term of several words ("nose pin") stands for its meaning when it is the whole query.
    if (phraseMeaning !== undefined) {
      used.push({ term: phrase, meaning: phraseMeaning });
      const own = [
        this.#everyWord(queryWords.map(singularOf), false),
        this.#everyWord(wordsOf(phraseMeaning).map(singularOf), false),
      ].filter((list) => list !== null);
      const further = [this.#everyWord(wordsOf(phraseMeaning).map(singularOf), true)].filter(
        (list) => list !== null,
      );
      return own.length || further.length
        ? { words: [{ own, further }], corrected: null, synonyms: used }
        : none;
    }
    for (const word of queryWords) {
      const singular = singularOf(word);
      const lists: WordLists = { own: [], further: [] };
      const own = isNumbersOnly ? undefined : this.#recordsOf(singular);
      if (own) lists.own.push(own);
      const further = this.#further.get(singular);
      if (further) lists.further.push(further);
      const meaning = synonyms.get(word) ?? synonyms.get(singular);
      if (meaning !== undefined) {
        used.push({ term: word, meaning });
        const meaningWords = wordsOf(meaning).map(singularOf);
        const meaningList = this.#everyWord(meaningWords, false);
        if (meaningList) lists.own.push(meaningList);
        const meaningAnywhere = this.#everyWord(meaningWords, true);
        if (meaningAnywhere) lists.further.push(meaningAnywhere);
      }
      let shown = word;
      if (!lists.own.length && !lists.further.length) {
        const close = this.#closeWords(singular);
        for (const candidate of close) {
          const ownList = this.#own.get(candidate);
          if (ownList) lists.own.push(ownList);
          const furtherList = this.#further.get(candidate);
          if (furtherList) lists.further.push(furtherList);
        }
        if (close.length) {
          shown = close[0]!;
          isCorrected = true;
        }
      }
      if (!lists.own.length && !lists.further.length) return none;
      shownWords.push(shown);
      words.push(lists);
    }
    return { words, corrected: isCorrected ? shownWords.join(' ') : null, synonyms: used };
  }

  /**
   * Records holding every one of `words` (null when one of them is in no record): as name words,
   * or with `anywhere` as name words or further words.
   */
  #everyWord(words: string[], anywhere: boolean): Int32Array | null {
    let result: Int32Array | null = null;
    for (const word of words) {
      const list = anywhere ? this.#anyRecordsOf(word) : this.#recordsOf(word);
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

  /**
   * Records in some list of every query word, minus `exclude`: first those that name words alone
   * match, then those that needed a further word; ascending (so newest first) within each.
   */
  #matchingEvery(words: WordLists[], exclude: ReadonlySet<number>): number[] {
    // One bit per query word (at most MAX_QUERY_WORDS, 8): by name words, and by any word.
    const byName = new Uint8Array(this.size);
    const byAny = new Uint8Array(this.size);
    const all = (1 << words.length) - 1;
    words.forEach((lists, i) => {
      const bit = 1 << i;
      for (const list of lists.own) for (const r of list) byName[r]! |= bit;
      for (const list of lists.further) for (const r of list) byAny[r]! |= bit;
    });
    const first: number[] = [];
    const then: number[] = [];
    for (let r = 0; r < byName.length; r++) {
      if (exclude.has(r)) continue;
      if (byName[r] === all) first.push(r);
      else if ((byName[r]! | byAny[r]!) === all) then.push(r);
    }
    return first.concat(then);
  }
}

/** The records of either sorted list, ascending, once each. */
function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out[n++] = a[i++]!;
    else if (i >= a.length || b[j]! < a[i]!) out[n++] = b[j++]!;
    else {
      out[n++] = a[i++]!;
      j++;
    }
  }
  return out.subarray(0, n);
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
