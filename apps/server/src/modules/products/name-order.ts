/** Accents a decomposed Latin letter carries (é is e + U+0301); Devanagari vowel signs are letters' own. */
const LATIN_ACCENTS = /[\u0300-\u036f]/g;
/** Candrabindu (ँ), which the collator counts as anusvara (ं) at this strength. */
const CANDRABINDU = /\u0901/g;
const NOT_ASCII = /[\u0080-\uffff]/;
/** A run of digits, or one character that is neither a letter (or a letter's mark) nor a digit. */
const PARTS = /(\d+)|([^\p{L}\p{M}\d])/gu;

/**
 * A key whose plain comparison (`<`) puts product names in the A–Z order of the `sort=name`
 * listings: case and Latin accents ignored ("éclat" beside "Eclat"), numbers by their value
 * ("Ring 2" before "Ring 10"), and spaces and punctuation before digits before letters, Latin before
 * Devanagari. That is the order `Intl.Collator('en', { sensitivity: 'base', numeric: true })` gives
 * such names; written out because the collator loads ICU's collation data (~3 MB of the server's
 * resident memory, more for ICU's first use; docs/performance.md), and a key compared as a plain
 * string sorts 100,000 names faster than the collator's `compare`.
 */
export function nameSortKey(name: string): string {
  const folded = NOT_ASCII.test(name)
    ? name.normalize('NFD').replace(LATIN_ACCENTS, '').replace(CANDRABINDU, '\u0902')
    : name;
  return folded.toLowerCase().replace(PARTS, (_, digits: string | undefined, other: string | undefined) => {
    if (other !== undefined) return `\u0001${other}`;
    const value = digits!.replace(/^0+(?=\d)/, '');
    // The length first, so that a longer number (a larger value) sorts after a shorter one.
    return `\u0002${String.fromCharCode(0x100 + value.length)}${value}`;
  });
}
