import { z } from 'zod';
import { MAX_QUANTITY, MIN_QUANTITY } from '../domain/limits.ts';
import { formatCount } from '../format-number.ts';
import {
  ATTRIBUTE_KINDS,
  ATTRIBUTE_SLUG_RE,
  ATTRIBUTE_SLUG_MAX,
  ATTRIBUTE_LABEL_MAX,
  MAX_VALUES_PER_KIND,
  MAX_LIST_VALUES,
  WEIGHT_GRAMS_MAX,
  MAX_TAGS,
  TAG_MAX_CHARS,
  type AttributeKind,
} from '../domain/attribute-kinds.ts';

export * from '../domain/attribute-kinds.ts';

/** Letters and digits of any script (with their combining marks), spaces and hyphens. */
const TAG_RE = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} -]*$/u;

/** One value of a product's attribute, as product JSON carries it. */
export const attributeLabelSchema = z.object({ slug: z.string(), label: z.string(), labelHi: z.string() });
export type AttributeLabel = z.infer<typeof attributeLabelSchema>;

export const productAttributesSchema = z.object({
  metal: z.array(attributeLabelSchema),
  finish: z.array(attributeLabelSchema),
  stone: z.array(attributeLabelSchema),
  colour: z.array(attributeLabelSchema),
});
export type ProductAttributes = z.infer<typeof productAttributesSchema>;

export const emptyAttributes = (): ProductAttributes => ({ metal: [], finish: [], stone: [], colour: [] });

/** One value of an admin-managed list. */
export const attributeValueSchema = z.object({
  id: z.string(),
  kind: z.enum(ATTRIBUTE_KINDS),
  slug: z.string(),
  labelEn: z.string(),
  labelHi: z.string(),
  position: z.number().int(),
  /** Products carrying the value (admin answers only). */
  productCount: z.number().int().optional(),
});
export type AttributeValue = z.infer<typeof attributeValueSchema>;

export const attributeListsSchema = z.object({
  metal: z.array(attributeValueSchema),
  finish: z.array(attributeValueSchema),
  stone: z.array(attributeValueSchema),
  colour: z.array(attributeValueSchema),
});
export type AttributeLists = z.infer<typeof attributeListsSchema>;

const charCount = (s: string) => [...s].length;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const hasControl = (s: string) => /[\u0000-\u001f\u007f]/.test(s);

const label = (field: string, isRequired: boolean) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .refine((s) => !isRequired || s.length > 0, `${field} is required`)
    .refine(
      (s) => charCount(s) <= ATTRIBUTE_LABEL_MAX,
      `${field} must be at most ${ATTRIBUTE_LABEL_MAX} characters`,
    )
    .refine((s) => !hasControl(s), `${field} must not contain control characters`);

/** A slug made from an English label: `925 Sterling Silver` → `925-sterling-silver`. */
export function slugOfLabel(labelEn: string): string {
  return labelEn
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ATTRIBUTE_SLUG_MAX)
    .replace(/-+$/, '');
}

/** Adding a value: the English label is required; the slug is made from it unless given. */
export const attributeValueInputSchema = z.object({
  labelEn: label('labelEn', true),
  labelHi: label('labelHi', false).optional().default(''),
  slug: z
    .string({ error: 'slug must be text' })
    .trim()
    .refine(
      (s) => s === '' || (s.length <= ATTRIBUTE_SLUG_MAX && ATTRIBUTE_SLUG_RE.test(s)),
      `slug must be lower-case letters, digits and hyphens, at most ${ATTRIBUTE_SLUG_MAX} characters`,
    )
    .optional(),
});
export type AttributeValueInput = z.infer<typeof attributeValueInputSchema>;

/** Renaming a value: both labels (the slug, its address, stays). */
export const attributeRenameSchema = z.object({
  labelEn: label('labelEn', true),
  labelHi: label('labelHi', false),
});
export type AttributeRename = z.infer<typeof attributeRenameSchema>;

/** Reordering a list: every value's id, in the new order. */
export const attributeOrderSchema = z.object({
  ids: z.array(z.string(), { error: 'ids must be a list of value ids' }).max(MAX_LIST_VALUES),
});

export const attributeSavedSchema = z.object({ message: z.string(), value: attributeValueSchema });

export const ATTRIBUTE_MESSAGES = {
  added: 'Value added',
  renamed: 'Value renamed',
  reordered: 'List reordered',
  removed: 'Value removed',
  notFound: 'Value not found',
  slugTaken: (kind: string, slug: string) => `${kind} already has a value ${slug}`,
  inUse: (n: number) =>
    `This value is used by ${n} product${n === 1 ? '' : 's'}; remove it from ${n === 1 ? 'that product' : 'those products'} first`,
  listFull: `A list holds at most ${MAX_LIST_VALUES} values`,
} as const;

/** A product's attribute values as read from a form (text) or JSON. */
export type ProductExtras = {
  /** Per kind the slugs given; a kind absent from the input is left as it is. */
  attributes: Partial<Record<AttributeKind, string[]>>;
};

export type ExtrasIssue = { path: string; message: string };

const isGiven = (v: unknown) => v !== undefined && v !== null;
const blank = (v: unknown) => typeof v === 'string' && v.trim() === '';

/** A comma-separated text or a list of texts, as a list of trimmed non-empty items. */
function listOf(value: unknown): string[] | null {
  if (Array.isArray(value))
    return value.every((v) => typeof v === 'string') ? value.map((v) => v.trim()) : null;
  if (typeof value === 'string') return value.split(',').map((v) => v.trim());
  return null;
}

/** Parses a weight: a number above 0 and at most 99999.99 with at most two decimals; blank clears it. */
export function readWeight(
  value: unknown,
): { ok: true; value: number | null } | { ok: false; message: string } {
  if (blank(value)) return { ok: true, value: null };
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const message = `weightGrams must be a number of grams above 0 and at most ${WEIGHT_GRAMS_MAX}, with at most two decimals`;
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(text)) return { ok: false, message };
  const n = Number(text);
  return n > 0 && n <= WEIGHT_GRAMS_MAX ? { ok: true, value: n } : { ok: false, message };
}

/** Parses a minimum order quantity: a whole number within the enquiry list's quantity bounds; blank clears it. */
export function readMinOrder(
  value: unknown,
): { ok: true; value: number | null } | { ok: false; message: string } {
  if (blank(value)) return { ok: true, value: null };
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const n = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (Number.isInteger(n) && n >= MIN_QUANTITY && n <= MAX_QUANTITY) return { ok: true, value: n };
  return {
    ok: false,
    message: `minOrderQuantity must be a whole number from ${MIN_QUANTITY} to ${formatCount(MAX_QUANTITY)}`,
  };
}

/** Tags: trimmed, lower-case, inner spaces collapsed, duplicates and empties dropped. */
export function readTags(value: unknown): { ok: true; value: string[] } | { ok: false; message: string } {
  const items = listOf(value);
  if (!items) return { ok: false, message: 'tags must be a list of words' };
  const tags = [
    ...new Set(items.map((t) => t.normalize('NFC').toLowerCase().replace(/\s+/g, ' ')).filter(Boolean)),
  ];
  const bad = tags.find((t) => charCount(t) > TAG_MAX_CHARS || !TAG_RE.test(t));
  if (bad !== undefined) {
    return {
      ok: false,
      message: `tag "${bad}" must be at most ${TAG_MAX_CHARS} letters, digits, spaces or hyphens`,
    };
  }
  if (tags.length > MAX_TAGS) return { ok: false, message: `tags must be at most ${MAX_TAGS}` };
  return { ok: true, value: tags };
}

/**
 * Reads the attribute fields of the add and edit forms (or a JSON body). Each kind is a comma-
 * separated list of slugs; whether each slug exists is the server's check against its lists. The
 * weight, minimum order and tags are product fields (`product-fields.ts`), checked with the rest.
 */
export function checkProductExtras(
  input: Record<string, unknown>,
): { ok: true; value: ProductExtras } | { ok: false; message: string; issues: ExtrasIssue[] } {
  const issues: ExtrasIssue[] = [];
  const value: ProductExtras = { attributes: {} };
  for (const kind of ATTRIBUTE_KINDS) {
    if (!isGiven(input[kind])) continue;
    const items = listOf(input[kind]);
    const slugs = items ? [...new Set(items.filter(Boolean).map((s) => s.toLowerCase()))] : null;
    const bad = slugs?.find((s) => s.length > ATTRIBUTE_SLUG_MAX || !ATTRIBUTE_SLUG_RE.test(s));
    if (!slugs) issues.push({ path: kind, message: `${kind} must be a list of values` });
    else if (bad !== undefined) issues.push({ path: kind, message: `${kind} has an unknown value: ${bad}` });
    else if (slugs.length > MAX_VALUES_PER_KIND)
      issues.push({ path: kind, message: `${kind} may have at most ${MAX_VALUES_PER_KIND} values` });
    else value.attributes[kind] = slugs;
  }
  return issues.length ? { ok: false, message: issues[0]!.message, issues } : { ok: true, value };
}
