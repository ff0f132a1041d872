import type { z } from 'zod';
import { costingSchema, type CostingInput, type CostingValue } from './pricing.ts';

/**
 * A design's costing in the catalogue workbook (docs/pricing.md, "Costing in the workbook"): one
 * column per part, in the units the trade reads (grams, rupees, per cent), the lists (stones,
 * extras, price breaks) each in one readable cell. The cells are read into the costing the
 * `PUT /api/products/admin/{id}/costing` takes and checked by its schema (`costingSchema`), so the
 * workbook and the API refuse the same costings with the same words.
 */

/** The costing's columns: header, the spellings the import also reads, place among the columns. */
export const COSTING_COLUMNS = [
  { column: 'pricing_mode', aliases: ['pricingmode', 'costingmode'] },
  { column: 'costing_metal', aliases: ['costingmetal', 'pricingmetal'] },
  { column: 'fineness', aliases: ['fineness', 'purity'] },
  { column: 'net_weight_g', aliases: ['netweightg', 'netweight', 'netweightgrams', 'netwt'] },
  { column: 'wastage_pct', aliases: ['wastagepct', 'wastage', 'wastagepercent'] },
  { column: 'making_basis', aliases: ['makingbasis'] },
  { column: 'making_value', aliases: ['makingvalue', 'making', 'makingcharge', 'makingcharges'] },
  { column: 'making_threshold_g', aliases: ['makingthresholdg', 'makingthreshold'] },
  { column: 'making_below_threshold', aliases: ['makingbelowthreshold', 'makingperpiecebelow'] },
  { column: 'stone_costs', aliases: ['stonecosts', 'stonecost', 'stonecharges'] },
  { column: 'setting_per_stone', aliases: ['settingperstone', 'setting'] },
  { column: 'plating_per_piece', aliases: ['platingperpiece', 'platingcharge'] },
  { column: 'extras', aliases: ['extras', 'extrasperpiece'] },
  { column: 'hsn', aliases: ['hsn', 'hsncode'] },
  { column: 'gst_pct', aliases: ['gstpct', 'gst', 'gstrate', 'gstpercent'] },
  { column: 'moq', aliases: ['moq', 'costingmoq'] },
  { column: 'case_pack', aliases: ['casepack', 'packsize', 'pack'] },
  { column: 'price_breaks', aliases: ['pricebreaks', 'quantitybreaks'] },
] as const;
export type CostingColumn = (typeof COSTING_COLUMNS)[number]['column'];
export const COSTING_COLUMN_NAMES: readonly CostingColumn[] = COSTING_COLUMNS.map((c) => c.column);

/** `pricing_mode` of this word removes a design's costing (every other costing cell blank). */
export const COSTING_CLEAR = 'none';

/** The costing's field (its API key) each column carries; lists and making by their first key. */
const COLUMN_OF_FIELD: Record<string, CostingColumn> = {
  pricingMode: 'pricing_mode',
  metal: 'costing_metal',
  fineness: 'fineness',
  netWeightMg: 'net_weight_g',
  wastagePct: 'wastage_pct',
  stones: 'stone_costs',
  settingPerStone: 'setting_per_stone',
  platingPerPiece: 'plating_per_piece',
  extrasPerPiece: 'extras',
  hsn: 'hsn',
  gstPct: 'gst_pct',
  moq: 'moq',
  casePack: 'case_pack',
  priceBreaks: 'price_breaks',
};
const COLUMN_OF_MAKING: Record<string, CostingColumn> = {
  basis: 'making_basis',
  value: 'making_value',
  thresholdMg: 'making_threshold_g',
  perPieceBelowThreshold: 'making_below_threshold',
};

export type CostingCells = Partial<Record<CostingColumn, string>>;
export type CellProblem = { column: CostingColumn; message: string };

/** What a row's costing cells say: nothing (keep), clear the costing, or this checked costing. */
export type CostingCellsRead =
  | { kind: 'keep' }
  | { kind: 'clear' }
  | { kind: 'set'; costing: CostingValue }
  | { kind: 'problems'; problems: CellProblem[] };

const NUMBER = /^-?\d+(?:\.(\d+))?$/;
const word = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Text of a decimal in units of 10^-decimals, exactly (no floating point): "12.5", 2 → 1250. */
function scaled(text: string, decimals: number): number | 'unreadable' | 'decimals' {
  const t = text.trim();
  const match = NUMBER.exec(t);
  if (!match) return 'unreadable';
  if ((match[1]?.length ?? 0) > decimals) return 'decimals';
  const negative = t.startsWith('-');
  const [whole, fraction = ''] = t.replace('-', '').split('.');
  const value = Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  return negative ? -value : value;
}

/** Renders an integer in units of 10^-decimals: 1250, 2 → "12.50". */
function unscaled(value: number, decimals: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const unit = 10 ** decimals;
  return `${sign}${Math.trunc(abs / unit)}.${String(abs % unit).padStart(decimals, '0')}`;
}

const rupees = (paise: number) => unscaled(paise, 2);

type Reader = { problems: CellProblem[] };

/** A cell as a number for the schema to check (a trailing unit such as "g" or "%" is allowed). */
function number(r: Reader, column: CostingColumn, text: string, unit = ''): number | undefined {
  const t = unit ? text.replace(new RegExp(`\\s*${unit}$`, 'i'), '') : text;
  if (!NUMBER.test(t.trim())) {
    r.problems.push({ column, message: `${column} must be a number (got "${text.slice(0, 40)}")` });
    return undefined;
  }
  return Number(t.trim());
}

/** An amount or weight to a whole number of the smaller unit: rupees → paise, grams → mg, ct → 1/1000 ct. */
function exact(
  r: Reader,
  column: CostingColumn,
  text: string,
  decimals: number,
  what: string,
): number | undefined {
  const n = scaled(text.replace(/^₹\s*|\s*(g|ct|rs)$/gi, ''), decimals);
  if (typeof n === 'number') return n;
  r.problems.push({
    column,
    message:
      n === 'decimals'
        ? `${column} must be ${what} with at most ${decimals} decimals (got "${text.slice(0, 40)}")`
        : `${column} must be a number (got "${text.slice(0, 40)}")`,
  });
  return undefined;
}

const entries = (text: string) =>
  text
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

// `CZ 12 @ 5.00/pc`, `ruby 0.250ct @ 4000/ct`, `pearl 2 @ 150/pc buyer handling 10%`.
const STONE =
  /^([^@]+?)(?:\s+(\d+))?(?:\s+(\d+(?:\.\d+)?)\s*ct)?\s*@\s*(\S+?)\s*\/\s*(pc|piece|ct|carat)(\s+buyer)?(?:\s+handling\s+(\S+?)\s*%)?$/i;
const EXTRA = /^([a-z_ ]+?)\s+(\S+)$/i;
const BREAK = /^(\S+?)\s*\+\s*@\s*(\S+)$/;

/**
 * A list cell's entries (`;` or a line between them), each matched by `pattern` and built by
 * `build`; an entry that does not match is a problem naming its place and the `like` example.
 */
function readList(
  r: Reader,
  text: string,
  column: CostingColumn,
  entry: { name: string; pattern: RegExp; like: string },
  build: (parts: Array<string | undefined>) => unknown,
): unknown[] {
  return entries(text).flatMap((item, i) => {
    const m = entry.pattern.exec(item);
    if (m) return [build(m.slice(1))];
    r.problems.push({
      column,
      message: `${entry.name} ${i + 1} "${item.slice(0, 60)}" is not like ${entry.like}`,
    });
    return [];
  });
}

const readStones = (r: Reader, text: string) =>
  readList(
    r,
    text,
    'stone_costs',
    { name: 'stone', pattern: STONE, like: '"CZ 12 @ 5.00/pc" or "ruby 0.250ct @ 4000/ct"' },
    ([kind, count, carats, rate, basis, buyer, handling]) => {
      const stone: Record<string, unknown> = {
        kind: kind!.trim(),
        rate: exact(r, 'stone_costs', rate!, 2, 'rupees'),
        basis: /^c/i.test(basis!) ? 'per_carat' : 'per_piece',
      };
      if (count) stone.count = Number(count);
      if (carats) stone.caratsMilli = exact(r, 'stone_costs', carats, 3, 'carats');
      if (buyer) stone.suppliedByBuyer = true;
      if (handling) stone.handlingPct = number(r, 'stone_costs', handling);
      return stone;
    },
  );

const readExtras = (r: Reader, text: string) =>
  readList(
    r,
    text,
    'extras',
    { name: 'extra', pattern: EXTRA, like: '"hallmarking 35.00"' },
    ([kind, amount]) => ({ kind: word(kind!), amount: exact(r, 'extras', amount!, 2, 'rupees') }),
  );

const readBreaks = (r: Reader, text: string) =>
  readList(
    r,
    text,
    'price_breaks',
    { name: 'price break', pattern: BREAK, like: '"288+ @ 76.00"' },
    ([minQty, price]) => ({
      minQty: number(r, 'price_breaks', minQty!),
      unitPrice: exact(r, 'price_breaks', price!, 2, 'rupees'),
    }),
  );

/** The column a schema issue names: its field's, a list's or making's part. */
function columnOf(path: readonly PropertyKey[]): CostingColumn {
  const [head, next] = path;
  if (head === 'making') return COLUMN_OF_MAKING[String(next)] ?? 'making_basis';
  return COLUMN_OF_FIELD[String(head)] ?? 'pricing_mode';
}

/** A schema issue in the workbook's words: a list's entry by its place (stone 2: …). */
function problemOf(issue: z.core.$ZodIssue): CellProblem {
  const column = columnOf(issue.path);
  const [head, index] = issue.path;
  const place =
    typeof index === 'number'
      ? `${head === 'stones' ? 'stone' : head === 'extrasPerPiece' ? 'extra' : 'price break'} ${index + 1}: `
      : '';
  return { column, message: `${place}${issue.message}` };
}

/**
 * Reads a row's costing cells (text, blank for absent). All blank: keep the design's costing;
 * `pricing_mode` "none" alone: remove it; otherwise the cells are the design's whole costing,
 * checked by the costing's own schema, each problem named by its column.
 */
export function readCostingCells(cells: CostingCells): CostingCellsRead {
  const given = COSTING_COLUMN_NAMES.filter((c) => cells[c]?.trim());
  if (!given.length) return { kind: 'keep' };
  const text = (c: CostingColumn) => cells[c]?.trim() ?? '';
  if (word(text('pricing_mode')) === COSTING_CLEAR) {
    const others = given.filter((c) => c !== 'pricing_mode');
    return others.length
      ? {
          kind: 'problems',
          problems: others.map((column) => ({
            column,
            message: `${column} must be blank when pricing_mode is ${COSTING_CLEAR} (the costing is removed)`,
          })),
        }
      : { kind: 'clear' };
  }
  const r: Reader = { problems: [] };
  const has = (c: CostingColumn) => text(c) !== '';
  const basis = word(text('making_basis'));
  const making: Record<string, unknown> = {};
  if (has('making_basis')) making.basis = basis;
  if (has('making_value'))
    making.value =
      basis === 'pct_of_metal'
        ? number(r, 'making_value', text('making_value'), '%')
        : exact(r, 'making_value', text('making_value'), 2, 'rupees');
  if (has('making_threshold_g'))
    making.thresholdMg = exact(r, 'making_threshold_g', text('making_threshold_g'), 3, 'grams');
  if (has('making_below_threshold'))
    making.perPieceBelowThreshold = exact(
      r,
      'making_below_threshold',
      text('making_below_threshold'),
      2,
      'rupees',
    );
  const input: Record<string, unknown> = { making };
  if (has('pricing_mode')) input.pricingMode = word(text('pricing_mode'));
  if (has('costing_metal')) input.metal = word(text('costing_metal'));
  if (has('fineness')) input.fineness = number(r, 'fineness', text('fineness'));
  if (has('net_weight_g')) input.netWeightMg = exact(r, 'net_weight_g', text('net_weight_g'), 3, 'grams');
  if (has('wastage_pct')) input.wastagePct = number(r, 'wastage_pct', text('wastage_pct'), '%');
  if (has('stone_costs')) input.stones = readStones(r, text('stone_costs'));
  if (has('setting_per_stone'))
    input.settingPerStone = exact(r, 'setting_per_stone', text('setting_per_stone'), 2, 'rupees');
  if (has('plating_per_piece'))
    input.platingPerPiece = exact(r, 'plating_per_piece', text('plating_per_piece'), 2, 'rupees');
  if (has('extras')) input.extrasPerPiece = readExtras(r, text('extras'));
  if (has('hsn')) input.hsn = text('hsn');
  if (has('gst_pct')) input.gstPct = number(r, 'gst_pct', text('gst_pct'), '%');
  if (has('moq')) input.moq = number(r, 'moq', text('moq'));
  if (has('case_pack')) input.casePack = number(r, 'case_pack', text('case_pack'));
  if (has('price_breaks')) input.priceBreaks = readBreaks(r, text('price_breaks'));
  if (r.problems.length) return { kind: 'problems', problems: r.problems };
  const checked = costingSchema.safeParse(input as CostingInput);
  if (!checked.success) return { kind: 'problems', problems: checked.error.issues.map(problemOf) };
  return { kind: 'set', costing: checked.data };
}

/**
 * A costing as the export writes it (numbers as numbers, lists as text); null: no costing, every
 * cell blank. Read back by `readCostingCells` it is the same costing.
 */
export function costingCells(costing: CostingValue | null): Record<CostingColumn, string | number | null> {
  const cells = Object.fromEntries(COSTING_COLUMN_NAMES.map((c) => [c, null])) as Record<
    CostingColumn,
    string | number | null
  >;
  if (!costing) return cells;
  const money = (paise: number | undefined) => (paise == null ? null : paise / 100);
  const grams = (mg: number | undefined) => (mg == null ? null : mg / 1000);
  const m = costing.making;
  Object.assign(cells, {
    pricing_mode: costing.pricingMode,
    costing_metal: costing.metal ?? null,
    fineness: costing.fineness ?? null,
    net_weight_g: grams(costing.netWeightMg),
    wastage_pct: costing.wastagePct ?? null,
    making_basis: m.basis,
    making_value: m.basis === 'pct_of_metal' ? m.value : money(m.value),
    making_threshold_g: grams(m.thresholdMg),
    making_below_threshold: money(m.perPieceBelowThreshold),
    stone_costs:
      costing.stones
        .map((s) =>
          [
            s.kind,
            s.count != null ? ` ${s.count}` : '',
            s.caratsMilli != null ? ` ${unscaled(s.caratsMilli, 3)}ct` : '',
            ` @ ${rupees(s.rate)}/${s.basis === 'per_carat' ? 'ct' : 'pc'}`,
            s.suppliedByBuyer ? ' buyer' : '',
            s.handlingPct != null ? ` handling ${s.handlingPct}%` : '',
          ].join(''),
        )
        .join('; ') || null,
    setting_per_stone: money(costing.settingPerStone),
    plating_per_piece: money(costing.platingPerPiece),
    extras: costing.extrasPerPiece.map((e) => `${e.kind} ${rupees(e.amount)}`).join('; ') || null,
    hsn: costing.hsn ?? null,
    gst_pct: costing.gstPct ?? null,
    moq: costing.moq ?? null,
    case_pack: costing.casePack ?? null,
    price_breaks: costing.priceBreaks.map((b) => `${b.minQty}+ @ ${rupees(b.unitPrice)}`).join('; ') || null,
  });
  return cells;
}

/** Whether two costings are the same in the workbook (what an export → import compares). */
export const sameCosting = (a: CostingValue | null, b: CostingValue | null) =>
  JSON.stringify(costingCells(a)) === JSON.stringify(costingCells(b));
