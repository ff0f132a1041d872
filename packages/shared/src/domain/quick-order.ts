/**
 * The quick-order reader: turns an order as the trade writes it (typed into WhatsApp, copied out
 * of Excel, taken down on the phone) into lines of a design code and a quantity. Pure: it knows
 * nothing of the catalogue; the server matches the codes it reads (by `codeKey`).
 *
 * The rules (docs/quick-order.md says the same for people):
 * - One line of text (or one spreadsheet row, its cells joined by tabs) is one order line; a line
 *   holding several codes separated by `,` or `;` ("RG-1001 x 2, RG-1002 x 3") is one line per code,
 *   all with the same `row`. `row` counts lines from 1, blank lines included; blank lines and a
 *   heading row ("Code  Qty") are left out of the answer.
 * - WhatsApp's "[3/12/26, 10:15] Name:" or "3/12/26, 10:15 - Name:" and list bullets ("1.", "2)",
 *   "-", "•") before a line are ignored. Devanagari digits ०-९ read as 0-9.
 * - The code is letters (1-6) then, optionally after one space, dash, dot, slash or underscore,
 *   digits (possibly with up to two letters before them and one letter after): `RG-1001`,
 *   `rg1001`, `RG 1001`, `NK-G1001`, `ER-1001A`. A unit, a filler or a colour word is never a
 *   code's letters ("pcs 12", "rose 12").
 * - The quantity is the number written with a unit ("2 dozen", "12pcs", "१२ नग") when there is
 *   one, else the number after a separator (`x`, `×`, `*`, `-`, `–`, `:`, `=`, `qty`, `@`, a comma
 *   or a tab), else the first number left. It may come before the code ("24 x RG-1001").
 *   Number words count with a unit ("two dozen", "दो दर्जन", "a gross", "half dozen").
 * - Units: pcs, pc, piece(s), nos, no, nag (and पीस, नग) = 1 piece; pair(s), set(s) (जोड़ी,
 *   जोड़ा, सेट) = 1 unit each; dozen, dz, dzn, doz (दर्जन, डज़न) = 12; gross, grs (ग्रोस) = 144.
 *   `pieces` is what is sold: quantity × the unit; a fraction is allowed only when the pieces
 *   are whole (1.5 dozen = 18).
 * - A line with a code and no number is 1 piece (`quantityGiven: false`). A line without a code,
 *   or whose pieces are not 1…10,000, is unreadable (and says why).
 * - Finish and colour words anywhere on the line (rose, gold, oxidised, गुलाबी …) are noted.
 * - Duplicates are kept as read, one line each; `totalsByCode` adds their pieces per code (the
 *   enquiry list adds them when they are confirmed).
 */
import { MAX_QUANTITY } from './limits.ts';

/** The limits of one paste: more is refused (413) before anything is read. */
export const QUICK_ORDER_LIMITS = { maxLines: 5000, maxBytes: 200 * 1024 } as const;

export type TradeUnit = 'pcs' | 'pairs' | 'sets' | 'dozen' | 'gross';

/** Pieces in one of each unit: a pair or a set is sold as one unit. */
export const UNIT_PIECES: Readonly<Record<TradeUnit, number>> = {
  pcs: 1,
  pairs: 1,
  sets: 1,
  dozen: 12,
  gross: 144,
};

export type ReadItem = {
  kind: 'item';
  row: number;
  input: string;
  /** The code as written (trimmed), e.g. `RG 1002`. */
  code: string;
  /** What codes are matched by: lower case, letters and digits only (`rg1002`). */
  codeKey: string;
  quantity: number;
  unit: TradeUnit;
  pieces: number;
  /** false when the line named no quantity (read as 1 piece). */
  quantityGiven: boolean;
  /** Finish or colour words on the line, lower case, in order. */
  words: string[];
};

export type UnreadableReason = 'no-code' | 'bad-quantity';

export type ReadUnreadable = {
  kind: 'unreadable';
  row: number;
  input: string;
  reason: UnreadableReason;
  code?: string;
  codeKey?: string;
};

export type ReadLine = ReadItem | ReadUnreadable;

/** A design code as matched: lower case, letters and digits only (`RG - 1001` → `rg1001`). */
export function codeKeyOf(code: string): string {
  return toLatinDigits(code)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const DEVANAGARI_ZERO = 0x0966;
export function toLatinDigits(text: string): string {
  return text.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - DEVANAGARI_ZERO));
}

const UNIT_WORDS: ReadonlyMap<string, TradeUnit> = new Map(
  (
    [
      ['pcs', 'pcs'],
      ['pc', 'pcs'],
      ['pcz', 'pcs'],
      ['pces', 'pcs'],
      ['pce', 'pcs'],
      ['piece', 'pcs'],
      ['pieces', 'pcs'],
      ['peice', 'pcs'],
      ['peices', 'pcs'],
      ['psc', 'pcs'],
      ['nos', 'pcs'],
      ['no', 'pcs'],
      ['nag', 'pcs'],
      ['पीस', 'pcs'],
      ['पिस', 'pcs'],
      ['नग', 'pcs'],
      ['pair', 'pairs'],
      ['pairs', 'pairs'],
      ['pr', 'pairs'],
      ['prs', 'pairs'],
      ['jodi', 'pairs'],
      ['jori', 'pairs'],
      ['joda', 'pairs'],
      ['जोड़ी', 'pairs'],
      ['जोड़ा', 'pairs'],
      ['जोड़े', 'pairs'],
      ['जोडी', 'pairs'],
      ['जोडा', 'pairs'],
      ['जोडे', 'pairs'],
      ['set', 'sets'],
      ['sets', 'sets'],
      ['सेट', 'sets'],
      ['dozen', 'dozen'],
      ['dozens', 'dozen'],
      ['dozan', 'dozen'],
      ['dozn', 'dozen'],
      ['dz', 'dozen'],
      ['dzn', 'dozen'],
      ['doz', 'dozen'],
      ['darjan', 'dozen'],
      ['darjen', 'dozen'],
      ['दर्जन', 'dozen'],
      ['दरजन', 'dozen'],
      ['डज़न', 'dozen'],
      ['डजन', 'dozen'],
      ['gross', 'gross'],
      ['gros', 'gross'],
      ['grs', 'gross'],
      ['ग्रोस', 'gross'],
      ['ग्रॉस', 'gross'],
      ['गुरोस', 'gross'],
    ] as const
  ).map(([word, unit]) => [word.normalize('NFC'), unit]),
);

/** Words that introduce a quantity. */
const MARKERS = new Set(['x', 'qty', 'qt', 'quantity', 'q']);

/** Number words read only beside a unit ("two dozen") or after a marker. */
const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  (
    [
      ['a', 1],
      ['an', 1],
      ['one', 1],
      ['two', 2],
      ['three', 3],
      ['four', 4],
      ['five', 5],
      ['six', 6],
      ['seven', 7],
      ['eight', 8],
      ['nine', 9],
      ['ten', 10],
      ['eleven', 11],
      ['twelve', 12],
      ['twenty', 20],
      ['fifty', 50],
      ['hundred', 100],
      ['half', 0.5],
      ['एक', 1],
      ['दो', 2],
      ['तीन', 3],
      ['चार', 4],
      ['पांच', 5],
      ['पाँच', 5],
      ['छह', 6],
      ['छः', 6],
      ['सात', 7],
      ['आठ', 8],
      ['नौ', 9],
      ['दस', 10],
      ['ग्यारह', 11],
      ['बारह', 12],
      ['पंद्रह', 15],
      ['बीस', 20],
      ['पच्चीस', 25],
      ['तीस', 30],
      ['पचास', 50],
      ['सौ', 100],
      ['आधा', 0.5],
      ['डेढ़', 1.5],
      ['डेढ', 1.5],
      ['ढाई', 2.5],
      ['सवा', 1.25],
      ['dedh', 1.5],
      ['dhai', 2.5],
      ['ek', 1],
      ['do', 2],
      ['teen', 3],
      ['char', 4],
      ['panch', 5],
      ['aadha', 0.5],
    ] as const
  ).map(([word, n]) => [word.normalize('NFC'), n]),
);

/** Finish and colour words noted on a line. */
const FINISH_WORDS = new Set(
  [
    'gold',
    'golden',
    'silver',
    'rose',
    'rosegold',
    'rhodium',
    'oxidised',
    'oxidized',
    'oxidise',
    'antique',
    'black',
    'white',
    'yellow',
    'red',
    'green',
    'blue',
    'pink',
    'maroon',
    'purple',
    'multi',
    'multicolour',
    'matte',
    'matt',
    'glossy',
    'polish',
    'polished',
    'kundan',
    'meena',
    'meenakari',
    'pearl',
    'ruby',
    'emerald',
    'sapphire',
    'turquoise',
    'सोना',
    'सुनहरा',
    'गोल्ड',
    'चांदी',
    'चाँदी',
    'सिल्वर',
    'गुलाबी',
    'रोज़',
    'रोज',
    'काला',
    'सफेद',
    'सफ़ेद',
    'लाल',
    'हरा',
    'नीला',
    'पीला',
    'मैरून',
    'ऑक्सीडाइज़',
    'ऑक्सीडाइज',
    'कुंदन',
    'मीना',
    'मोती',
  ].map((w) => w.normalize('NFC')),
);

/** Letter groups that are never a code's letters. */
const NOT_CODE_LETTERS = new Set([
  ...UNIT_WORDS.keys(),
  ...MARKERS,
  ...FINISH_WORDS,
  ...NUMBER_WORDS.keys(),
  'size',
  'sz',
  'no',
  'item',
  'code',
  'design',
  'model',
  'sku',
  'ref',
  'order',
  'total',
  'rs',
  'inr',
  'usd',
  'page',
  'pg',
  'line',
  'lot',
  'box',
  'and',
  'per',
  'mm',
  'cm',
  'gm',
  'gms',
  'gram',
  'grams',
  'kg',
  'ct',
  'carat',
  'kt',
  'k',
  'am',
  'pm',
]);

const HEADING_WORDS =
  /^(?:s\.?\s?no\.?|sr\.?\s?no\.?|code|design(?:\s*(?:no\.?|code))?|item(?:\s*(?:no\.?|code))?|model(?:\s*no\.?)?|product(?:\s*code)?|sku|qty|quantity|pcs|unit|units|name|description|finish|colour|color|remarks?|कोड|मात्रा|नाम)$/i;

/**
 * A code: letters, an optional joiner, digits (with up to two letters before them, a look-alike
 * O inside them, one letter after). Not inside a word or a number.
 */
const CODE_RE =
  /(?<![\p{L}\p{N}])([A-Za-z]{1,6})((?:\s?[-–_./]\s?|\s)?)([A-Za-z]{0,2}\d[\dOo]*)([A-WYZa-wyz](?![\p{L}\p{N}]))?(?!\p{N}|(?![xX×])\p{L})/gu;

const WHATSAPP_BRACKETED = /^\s*\[[^\]]{4,40}\]\s*[^:\n]{1,40}:\s+/u;
const WHATSAPP_DASHED =
  /^\s*\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4},?\s+\d{1,2}:\d{2}(?:\s*[ap]\.?m\.?)?\s+-\s+[^:\n]{1,40}:\s+/iu;
const BULLET = /^\s*(?:[-*•·●▪►]+|\(?\d{1,3}[.)]|\(\d{1,3}\)|#\d{1,3}|s\.?\s?no\.?\s*\d{1,3}[.):]?)\s+/iu;

type Found = { code: string; codeKey: string; start: number; end: number };

function findCodes(text: string): Found[] {
  const found: Found[] = [];
  for (const m of text.matchAll(CODE_RE)) {
    const [whole, letters] = m;
    if (NOT_CODE_LETTERS.has(letters!.toLowerCase())) continue;
    found.push({
      code: whole.trim(),
      codeKey: codeKeyOf(whole),
      start: m.index,
      end: m.index + whole.length,
    });
  }
  return found;
}

type Token =
  { kind: 'number'; value: number; text: string } | { kind: 'word'; text: string } | { kind: 'mark' };

const TOKEN_RE = /(\d{1,2},\d{3}(?![\d]))|(\d+(?:\.\d+)?)|([\p{L}\p{M}]+)|([x×*:=\-–—,;\t])/gu;

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN_RE)) {
    const [, thousands, number, word, mark] = m;
    if (thousands)
      tokens.push({ kind: 'number', value: Number(thousands.replace(',', '')), text: thousands });
    else if (number) tokens.push({ kind: 'number', value: Number(number), text: number });
    else if (word) {
      const lower = word.normalize('NFC').toLowerCase();
      // "x24", "24x", "12pcs" come apart in the regex already; "x" alone is a marker.
      tokens.push(lower === 'x' ? { kind: 'mark' } : { kind: 'word', text: lower });
    } else if (mark) tokens.push({ kind: 'mark' });
  }
  return tokens;
}

type Quantity = { quantity: number; unit: TradeUnit; given: boolean };

/** Words after which a number is not a quantity ("size 7"), and units of measure after one ("5 mm"). */
const NOT_QUANTITY_BEFORE = new Set(['size', 'sz', 'rs', 'inr', 'usd', 'page', 'pg', 'line', 'sr', 's']);
const NOT_QUANTITY_AFTER = new Set([
  'mm',
  'cm',
  'gm',
  'gms',
  'g',
  'gram',
  'grams',
  'kg',
  'ct',
  'carat',
  'kt',
  'k',
  'inch',
  'in',
  'rs',
]);

const isMarker = (token: Token | undefined) =>
  token?.kind === 'mark' || (token?.kind === 'word' && MARKERS.has(token.text));

/**
 * The quantity in the tokens beside the code: with a unit (strongest), a unit before it, after a
 * marker, else the first plain number. 'none' when nothing is written; null when a unit is
 * written without a number that can go with it.
 */
function quantityOf(tokens: readonly Token[]): Quantity | null | 'none' {
  let best: { strength: number; value: number; unit: TradeUnit } | null = null;
  const offer = (strength: number, value: number, unit: TradeUnit) => {
    if (!best || strength > best.strength) best = { strength, value, unit };
  };
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    const prev = tokens[i - 1];
    if (token.kind === 'word') {
      const unit = UNIT_WORDS.get(token.text);
      // A unit before the number: "dozen 2", "pcs: 12" (unless that number has its own unit).
      if (unit) {
        const at = next?.kind === 'mark' ? i + 2 : i + 1;
        const after = tokens[at];
        const afterNext = tokens[at + 1];
        const ownUnit = afterNext?.kind === 'word' && UNIT_WORDS.has(afterNext.text);
        if (after?.kind === 'number' && !ownUnit) offer(2.5, after.value, unit);
        return;
      }
      const value = NUMBER_WORDS.get(token.text);
      const nextUnit = next?.kind === 'word' ? UNIT_WORDS.get(next.text) : undefined;
      // Number words count only with a unit ("two dozen", "a gross", "half dozen").
      if (value !== undefined && nextUnit && prev?.kind !== 'number') offer(3, value, nextUnit);
      return;
    }
    if (token.kind !== 'number') return;
    if (prev?.kind === 'word' && NOT_QUANTITY_BEFORE.has(prev.text)) return;
    if (next?.kind === 'word' && NOT_QUANTITY_AFTER.has(next.text)) return;
    // The unit may sit one separator away ("2\tdozen" from two spreadsheet cells).
    const unitToken = next?.kind === 'mark' ? tokens[i + 2] : next;
    const unit = unitToken?.kind === 'word' ? UNIT_WORDS.get(unitToken.text) : undefined;
    if (unit) offer(3, token.value, unit);
    else offer(isMarker(prev) ? 2 : 1, token.value, 'pcs');
  });
  const chosen = best as { value: number; unit: TradeUnit } | null;
  if (!chosen) {
    // A unit with no number ("RG-1001 dozen") is a quantity that cannot be read.
    return tokens.some((t) => t.kind === 'word' && UNIT_WORDS.has(t.text) && t.text !== 'no') ? null : 'none';
  }
  return { quantity: chosen.value, unit: chosen.unit, given: true };
}

/** Prices written beside a quantity ("@ 350", "Rs. 350", "₹350") are not quantities. */
const PRICE_RE = /(?:[@₹$]|\b(?:rs|inr|usd)\.?)\s*\d+(?:[.,]\d+)?(?:\s*\/-?)?/giu;

function readPart(text: string, row: number, input: string, code: Found | undefined): ReadLine {
  if (!code) return { kind: 'unreadable', row, input, reason: 'no-code' };
  const rest = `${text.slice(0, code.start)} \u0000 ${text.slice(code.end)}`.replace(PRICE_RE, ' ');
  const tokens = tokensOf(rest);
  const read = quantityOf(tokens);
  const words = tokens.flatMap((t) => (t.kind === 'word' && FINISH_WORDS.has(t.text) ? [t.text] : []));
  if (read === null)
    return { kind: 'unreadable', row, input, reason: 'bad-quantity', code: code.code, codeKey: code.codeKey };
  const quantity = read === 'none' ? { quantity: 1, unit: 'pcs' as const, given: false } : read;
  const pieces = quantity.quantity * UNIT_PIECES[quantity.unit];
  if (!Number.isInteger(pieces) || pieces < 1 || pieces > MAX_QUANTITY) {
    return { kind: 'unreadable', row, input, reason: 'bad-quantity', code: code.code, codeKey: code.codeKey };
  }
  return {
    kind: 'item',
    row,
    input,
    code: code.code,
    codeKey: code.codeKey,
    quantity: quantity.quantity,
    unit: quantity.unit,
    pieces,
    quantityGiven: quantity.given,
    words,
  };
}

/** Whether a line is a spreadsheet's heading row ("Code  Qty", "Design No. | Pcs"). */
function isHeading(text: string): boolean {
  const cells = text
    .split(/[\t|,;]+|\s{2,}/)
    .map((c) => c.trim())
    .filter(Boolean);
  return cells.length > 0 && cells.every((c) => HEADING_WORDS.test(c));
}

/** One line of text: none (blank or a heading), one, or several readings (several codes). */
export function readOrderLine(input: string, row: number): ReadLine[] {
  const shown = input.replace(/\s+$/u, '');
  let text = toLatinDigits(shown.normalize('NFKC'));
  text = text.replace(WHATSAPP_BRACKETED, '').replace(WHATSAPP_DASHED, '');
  text = text.replace(BULLET, '');
  const trimmed = shown.trim();
  if (!trimmed || !/[\p{L}\p{N}]/u.test(text))
    return trimmed ? [{ kind: 'unreadable', row, input: trimmed, reason: 'no-code' }] : [];
  if (isHeading(text)) return [];
  const parts = text.split(/[;,](?!\d{3}(?!\d))/);
  if (parts.length > 1) {
    const codes = parts.map(findCodes);
    if (codes.filter((c) => c.length > 0).length > 1) {
      const readings: ReadLine[] = [];
      let carry = '';
      parts.forEach((part, i) => {
        const found = codes[i]!;
        if (!found.length) {
          // A part with no code belongs to the part before it ("RG-1 x 2, rose").
          carry += `, ${part}`;
          return;
        }
        if (readings.length && carry) {
          const last = readings.pop()!;
          readings.push(rereadWith(last, carry));
        }
        carry = '';
        readings.push(readPart(part, row, trimmed, found[0]));
      });
      if (carry && readings.length) readings.push(rereadWith(readings.pop()!, carry));
      return readings;
    }
  }
  const codes = findCodes(text);
  // Prefer a code written without a space ("RG-1001", "rg1001") over letters then a number.
  const code = codes.find((c) => !/\s/.test(c.code)) ?? codes[0];
  return [readPart(text, row, trimmed, code)];
}

/** A reading with the words of a code-less part after it added (only its finish words count). */
function rereadWith(reading: ReadLine, extra: string): ReadLine {
  if (reading.kind !== 'item') return reading;
  const words = tokensOf(extra).flatMap((t) =>
    t.kind === 'word' && FINISH_WORDS.has(t.text) ? [t.text] : [],
  );
  return { ...reading, words: [...reading.words, ...words] };
}

/** Splits pasted text into lines (`\r\n`, `\n` or `\r`). */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  // A trailing newline does not make a last empty line.
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** Every line of pasted text, read; `row` counts from 1 with blank lines included. */
export function readOrderText(text: string): ReadLine[] {
  return splitLines(text).flatMap((line, i) => readOrderLine(line, i + 1));
}

/** Spreadsheet rows (cells as text), read as lines whose cells are joined by tabs. */
export function readOrderRows(rows: readonly (readonly string[])[]): ReadLine[] {
  return rows.flatMap((cells, i) => readOrderLine(cells.join('\t'), i + 1));
}

/** Pieces per code (by `codeKey`) over the readable lines: duplicates add up, capped at the maximum. */
export function totalsByCode(lines: readonly ReadLine[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) {
    if (line.kind !== 'item') continue;
    totals.set(line.codeKey, Math.min(MAX_QUANTITY, (totals.get(line.codeKey) ?? 0) + line.pieces));
  }
  return totals;
}

/**
 * The quantity a design is sold in: at least its minimum order, and a whole number of packs when
 * it is sold in packs (never past the maximum of a line). Null when `pieces` is already right.
 */
export function adjustForSale(
  pieces: number,
  rules: { minOrderQuantity?: number | null; packSize?: number | null },
): { adjustedTo: number; reason: 'minimum' | 'pack' } | null {
  const minimum = rules.minOrderQuantity && rules.minOrderQuantity > 1 ? rules.minOrderQuantity : 1;
  const pack = rules.packSize && rules.packSize > 1 ? rules.packSize : 1;
  let adjusted = Math.ceil(Math.max(pieces, minimum) / pack) * pack;
  if (adjusted > MAX_QUANTITY) adjusted = Math.floor(MAX_QUANTITY / pack) * pack;
  if (adjusted === pieces) return null;
  return { adjustedTo: adjusted, reason: pieces < minimum ? 'minimum' : 'pack' };
}
