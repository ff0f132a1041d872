/**
 * Word-level spelling tolerance as PostgreSQL's pg_trgm defines it: a word is a run of letters
 * (with their combining marks, so a Devanagari word stays whole) and digits; its trigrams are the
 * three-character pieces of the word padded with two spaces in front and one behind; the
 * similarity of two words is the number of trigrams they share divided by the number of distinct
 * trigrams of both.
 */

/** What a word is made of: letters, combining marks and digits. */
const WORD_CHARS = '\\p{L}\\p{M}\\p{N}';
const WORD_RE = new RegExp(`[${WORD_CHARS}]+`, 'gu');
const WORD_CHAR_RE = new RegExp(`^[${WORD_CHARS}]$`, 'u');
const HAS_LETTER_RE = /\p{L}/u;

/** The words of already lower-cased text, in order. */
export function wordsOf(folded: string): string[] {
  return folded.match(WORD_RE) ?? [];
}

/** Whether the character starting at `at` belongs to a word as wordsOf reads words. */
export function isWordCharAt(text: string, at: number): boolean {
  if (at >= text.length) return false;
  const code = text.charCodeAt(at);
  // ASCII without a regular expression: the number scan of the word index asks this per occurrence.
  if (code < 0x80) {
    const lower = code | 32;
    return (code >= 48 && code <= 57) || (lower >= 97 && lower <= 122);
  }
  return WORD_CHAR_RE.test(String.fromCodePoint(text.codePointAt(at)!));
}

/** Whether the character just before `at` belongs to a word. */
export function isWordCharBefore(text: string, at: number): boolean {
  if (at <= 0) return false;
  const code = text.charCodeAt(at - 1);
  // The second half of a surrogate pair: the character starts one unit earlier.
  if (code >= 0xdc00 && code <= 0xdfff && at >= 2) return isWordCharAt(text, at - 2);
  return isWordCharAt(text, at - 1);
}

export const hasLetter = (word: string) => HAS_LETTER_RE.test(word);

/** The distinct trigrams of one word (characters, not UTF-16 units). */
export function trigramsOf(word: string): string[] {
  const chars = Array.from(`  ${word} `);
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return [...grams];
}

/** pg_trgm's `similarity()` of two words. */
export function similarity(a: string, b: string): number {
  const left = new Set(trigramsOf(a));
  const right = trigramsOf(b);
  let shared = 0;
  for (const gram of right) if (left.has(gram)) shared++;
  return shared / (left.size + right.length - shared);
}

/** pg_trgm's default `similarity_threshold`: two words at least this similar are a close spelling. */
export const SIMILARITY_THRESHOLD = 0.3;

/**
 * The singular of an English plural, so "earrings" and "earring" (or "boxes" and "box") are one
 * word to the search. Words of four letters or fewer, words in "ss" and words with anything but
 * ASCII letters are left as they are.
 */
export function singularOf(word: string): string {
  if (word.length <= 4 || !/^[a-z]+$/.test(word) || word.endsWith('ss')) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}
