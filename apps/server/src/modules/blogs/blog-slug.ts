/** Long enough to stay readable, short enough for a tidy URL. */
export const SLUG_MAX_LENGTH = 80;
/** When a title has no letters or digits in any script (emoji only, punctuation). */
export const FALLBACK_SLUG = 'blog';

// Devanagari, as Hindi readers would spell it in Latin letters. The generic transliteration drops
// the inherent vowel (नमस्ते → "nmste"); this restores it (→ "namaste") and deletes it at word end.
const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'a',
  इ: 'i',
  ई: 'i',
  उ: 'u',
  ऊ: 'u',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऑ: 'o',
  ऍ: 'e',
};
const MATRAS: Record<string, string> = {
  'ा': 'a',
  'ि': 'i',
  'ी': 'i',
  'ु': 'u',
  'ू': 'u',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॉ': 'o',
  'ॅ': 'e',
};
const RAW_CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
  ळ: 'l',
  क़: 'q',
  ख़: 'kh',
  ग़: 'g',
  ज़: 'z',
  ड़: 'r',
  ढ़: 'rh',
  फ़: 'f',
  य़: 'y',
};
// Letters with a nukta have precomposed code points that NFC decomposes: key them decomposed.
// Made on the first Devanagari title, not at start: normalizing loads ICU's normalization data.
let consonants: Record<string, string> | null = null;
const consonantTable = () =>
  (consonants ??= Object.fromEntries(
    Object.entries(RAW_CONSONANTS).map(([k, v]) => [k.normalize('NFC'), v]),
  ));
const SIGNS: Record<string, string> = { 'ं': 'n', 'ँ': 'n', 'ः': 'h', '।': ' ', '॥': ' ', ॐ: 'om' };
const VIRAMA = '्';
const NUKTA = '़';
const DIGIT_ZERO = 0x0966;

function transliterateDevanagari(text: string): string {
  // Precomposed nukta letters and base+nukta pairs must read the same.
  const chars = [...text.normalize('NFC')];
  const CONSONANTS = consonantTable();
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    let ch = chars[i]!;
    if (chars[i + 1] === NUKTA && CONSONANTS[ch + NUKTA]) ch += chars[++i];
    const consonant = CONSONANTS[ch];
    if (consonant !== undefined) {
      out += consonant;
      const next = chars[i + 1];
      const isWordEnd = next === undefined || !/[\u0900-\u097F]/.test(next) || SIGNS[next] === ' ';
      // The inherent "a" is sounded unless a vowel sign or virama follows, or the word ends.
      if (next !== VIRAMA && (next === undefined || MATRAS[next] === undefined) && !isWordEnd) out += 'a';
      continue;
    }
    const code = ch.codePointAt(0)!;
    if (code >= DIGIT_ZERO && code <= DIGIT_ZERO + 9) out += String(code - DIGIT_ZERO);
    else if (ch === VIRAMA || ch === NUKTA) continue;
    else out += VOWELS[ch] ?? MATRAS[ch] ?? SIGNS[ch] ?? ch;
  }
  return out;
}

/**
 * A URL slug from a post title: lower-case ASCII words joined by hyphens, other scripts
 * transliterated, at most SLUG_MAX_LENGTH characters, cut between words, never empty.
 * `transliteration` is loaded on the first slug made, not with the server: its tables hold 3.5 MB
 * of the heap, and only an administrator creating a post needs them.
 */
export async function slugFromTitle(title: string): Promise<string> {
  const { slugify } = await import('transliteration');
  const latin = /[\u0900-\u097F]/.test(title) ? transliterateDevanagari(title) : title;
  const slug = slugify(latin.replace(/['’‘`]/g, ''), { lowercase: true, separator: '-', trim: true })
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  if (!slug) return FALLBACK_SLUG;
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  const cut = slug.slice(0, SLUG_MAX_LENGTH + 1);
  const lastBreak = cut.lastIndexOf('-');
  return (lastBreak > SLUG_MAX_LENGTH / 2 ? cut.slice(0, lastBreak) : cut.slice(0, SLUG_MAX_LENGTH)).replace(
    /-$/,
    '',
  );
}

/** `base`, or `base-N` with the smallest N ≥ 2 that no taken slug uses. */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
