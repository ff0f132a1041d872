import { z } from 'zod';
import {
  CATEGORIES,
  parseCategory,
  parseSubcategory,
  SUBCATEGORIES,
  type Category,
  type Subcategory,
} from '../domain/categories.ts';
import { MAX_TAGS } from '../domain/attribute-kinds.ts';
import { readMinOrder, readTags, readWeight } from './attributes.ts';

/**
 * The one list of a product's own fields (the columns of `products` a person fills in). Each field
 * is declared here once: its rule, whether forms require it, its key in the API's product, its
 * workbook column, its labels, who may see it. The shared product schemas, the add and edit form,
 * the server's answer and writes, and the catalogue workbook's import and export are built from
 * this list; the server's typecheck ties it to the table (`product-fields.check.ts`). The
 * product's gallery and attribute values live in tables of their own and are not fields here.
 * docs/adding-a-product-field.md walks through adding one.
 */

/** Not spec limits: bounds that keep a field what it is (a card title, a SKU, a detail text). */
export const PRODUCT_FIELD_MAX = { name: 200, code: 64, description: 5000, collection: 80 } as const;
export const PRODUCT_PRICE_MAX = 100_000_000;

const charCount = (s: string) => [...s].length;
// Control characters have no place in a name or a code; a description may have line breaks and tabs.
const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;
const LINE_CONTROL = (s: string) => [...s].some(isControl);
const TEXT_CONTROL = (s: string) =>
  [...s].some((c) => isControl(c) && c !== '\n' && c !== '\r' && c !== '\t');

const text = (field: string, max: number, hasControl: (s: string) => boolean) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} is required`)
    .refine((s) => charCount(s) <= max, `${field} must be at most ${max} characters`)
    .refine((s) => !hasControl(s), `${field} must not contain control characters`);

/** An optional line of text for a new field: blank is the empty text (it clears the field). */
export const optionalLine = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .refine((s) => charCount(s) <= max, `${field} must be at most ${max} characters`)
    .refine((s) => !LINE_CONTROL(s), `${field} must not contain control characters`);

/** A reader of `attributes.ts` (text or number in, a value or a message out) as a rule. */
const fromReader = <T>(read: (value: unknown) => { ok: true; value: T } | { ok: false; message: string }) =>
  z.unknown().transform((value, ctx): T => {
    const result = read(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

/** One rule per field, so a form, the API and the spreadsheet imports report the same words. */
export const productFieldSchemas = {
  name: text('name', PRODUCT_FIELD_MAX.name, LINE_CONTROL),
  code: text('code', PRODUCT_FIELD_MAX.code, LINE_CONTROL),
  description: text('description', PRODUCT_FIELD_MAX.description, TEXT_CONTROL),
  category: z.string({ error: 'category is required' }).transform((value, ctx): Category => {
    const category = parseCategory(value);
    if (category) return category;
    ctx.addIssue({ code: 'custom', message: `category must be one of ${CATEGORIES.join(', ')}` });
    return z.NEVER;
  }),
  subcategory: z.string({ error: 'subcategory is required' }).transform((value, ctx): Subcategory => {
    const subcategory = parseSubcategory(value);
    if (subcategory) return subcategory;
    ctx.addIssue({ code: 'custom', message: `subcategory must be one of ${SUBCATEGORIES.join(', ')}` });
    return z.NEVER;
  }),
  price: z.union([z.number(), z.string()]).transform((value, ctx): number => {
    const n = typeof value === 'number' ? value : value.trim() === '' ? 0 : Number(value.trim());
    if (Number.isFinite(n) && n >= 0 && n <= PRODUCT_PRICE_MAX) return Math.round(n * 100) / 100;
    ctx.addIssue({ code: 'custom', message: `price must be a number from 0 to ${PRODUCT_PRICE_MAX}` });
    return z.NEVER;
  }),
  weightGrams: fromReader(readWeight),
  minOrderQuantity: fromReader(readMinOrder),
  tags: fromReader(readTags),
  collection: optionalLine('collection', PRODUCT_FIELD_MAX.collection),
};

/**
 * What a value is. It decides the form's input (`line` a text box, `text` a text area, `choice` a
 * list, `decimal`/`count` a number box, `words` a comma-separated box), how the product page shows
 * it, how a workbook cell reads and writes it, and how the import compares it with the stored one.
 */
export type ProductFieldKind = 'line' | 'text' | 'choice' | 'money' | 'decimal' | 'count' | 'words';

export type ProductFieldDef<T> = {
  kind: ProductFieldKind;
  /** From a form's text, a JSON value or a workbook cell's text to the value. */
  rule: z.ZodType<T, unknown>;
  /** The add and edit forms require it: a blank one is 'All fields are required'. */
  isRequired: boolean;
  /** A blank optional form field: `clear` reads the blank (emptying the field), `keep` leaves it out. */
  blank: 'clear' | 'keep';
  /** The value in the API's product. */
  answer: z.ZodType;
  /**
   * Where the API's product has the key: `head` among the previous site's first keys, `tail` after
   * the attribute values (the answer's keys keep their order, so a new field goes last in `tail`).
   */
  place: 'head' | 'tail';
  /** `admins`: answered to administrators only, never to buyers. */
  audience: 'buyers' | 'admins';
  /**
   * Its label on the admin form (`namespace:key`). `form` says who lays it out: `own` the form's
   * hand-made part (the required fields), `listed` the details block, which draws it by its kind.
   */
  admin: {
    label: string;
    hint?: { key: string; values?: Record<string, number> };
    form: 'own' | 'listed';
    maxLength?: number;
  };
  /** On the product page's specification, when set: its term and, for a number, the value's text. */
  page?: { spec: string; term: string; value?: string };
  /**
   * `words`: the results page's search finds the product by the words of this text field (further
   * words, like tags: after the products whose name matches, with close spellings).
   */
  search?: 'words';
  /** Its column of the catalogue workbook, or null when the workbook does not carry it. */
  workbook: {
    /** The header the export writes; the import reads it and these spellings (no case, no punctuation). */
    column: string;
    aliases: readonly string[];
    /** Where the column stands among the workbook's columns (`CATALOGUE_COLUMNS`). */
    at: number;
    /** A row must give it (even when the product exists). */
    isRequired: boolean;
    /** The cell's text as the rule reads it (a weight may end in g). */
    fromCell?: (text: string) => string;
    toCell: (value: T) => string | number | null;
  } | null;
};

/** Keeps each field's value type (from its rule) for the rest of its declaration. */
const field = <T, const D extends Omit<ProductFieldDef<T>, 'rule'>>(
  rule: z.ZodType<T, unknown>,
  def: D & Omit<ProductFieldDef<T>, 'rule'>,
) => ({ rule, ...def });

/**
 * The fields, in the order of the API's answer within their `place`. Adding one: its column in
 * `apps/server/src/db/schema/products.ts`, an entry here, its labels in the i18n files, a
 * migration (`npm run db:generate`); see docs/adding-a-product-field.md.
 */
export const PRODUCT_FIELDS = {
  name: field(productFieldSchemas.name, {
    kind: 'line',
    isRequired: true,
    blank: 'keep',
    answer: z.string(),
    place: 'head',
    audience: 'buyers',
    admin: { label: 'admin:product.name', form: 'own', maxLength: PRODUCT_FIELD_MAX.name },
    workbook: {
      column: 'name',
      aliases: ['name', 'productname', 'itemname', 'title', 'item'],
      at: 20,
      isRequired: true,
      toCell: (v) => v,
    },
  }),
  description: field(productFieldSchemas.description, {
    kind: 'text',
    isRequired: true,
    blank: 'keep',
    answer: z.string(),
    place: 'head',
    audience: 'buyers',
    admin: { label: 'admin:product.description', form: 'own', maxLength: PRODUCT_FIELD_MAX.description },
    workbook: {
      column: 'description',
      aliases: ['description', 'productdescription', 'desc', 'details'],
      at: 30,
      isRequired: false,
      toCell: (v) => v,
    },
  }),
  category: field(productFieldSchemas.category, {
    kind: 'choice',
    isRequired: true,
    blank: 'keep',
    answer: z.enum(CATEGORIES),
    place: 'head',
    audience: 'buyers',
    admin: { label: 'admin:product.category', form: 'own' },
    workbook: {
      column: 'category',
      aliases: ['category', 'productcategory', 'categoryname'],
      at: 40,
      isRequired: true,
      toCell: (v) => v,
    },
  }),
  subcategory: field(productFieldSchemas.subcategory, {
    kind: 'choice',
    isRequired: true,
    blank: 'keep',
    answer: z.enum(SUBCATEGORIES),
    place: 'head',
    audience: 'buyers',
    admin: { label: 'admin:product.subcategory', form: 'own' },
    workbook: {
      column: 'subcategory',
      aliases: ['subcategory', 'subcategoryname', 'subcat'],
      at: 50,
      isRequired: true,
      toCell: (v) => v,
    },
  }),
  code: field(productFieldSchemas.code, {
    kind: 'line',
    isRequired: true,
    blank: 'keep',
    answer: z.string(),
    place: 'head',
    audience: 'buyers',
    admin: { label: 'admin:product.code', form: 'own', maxLength: PRODUCT_FIELD_MAX.code },
    workbook: {
      column: 'code',
      aliases: ['code', 'productcode', 'designcode', 'sku', 'itemcode', 'modelno', 'modelnumber', 'designno'],
      at: 10,
      isRequired: true,
      toCell: (v) => v,
    },
  }),
  price: field(productFieldSchemas.price, {
    kind: 'money',
    isRequired: false,
    blank: 'keep',
    /** null to anonymous visitors and buyers unless prices are public; admins always get the number. */
    answer: z.number().nullable(),
    place: 'head',
    audience: 'buyers',
    admin: { label: 'admin:product.price', form: 'own' },
    workbook: { column: 'price', aliases: ['price', 'rate'], at: 60, isRequired: false, toCell: (v) => v },
  }),
  weightGrams: field(productFieldSchemas.weightGrams, {
    kind: 'decimal',
    isRequired: false,
    blank: 'clear',
    answer: z.number().nullable().optional(),
    place: 'tail',
    audience: 'buyers',
    admin: { label: 'filters-admin:form.weight', form: 'listed' },
    page: { spec: 'weight', term: 'filters:spec.weight', value: 'filters:spec.weightValue' },
    workbook: {
      column: 'weight_grams',
      aliases: ['weightgrams', 'weight', 'weightg', 'grams'],
      at: 110,
      isRequired: false,
      fromCell: (text) => text.replace(/\s*g$/i, ''),
      toCell: (v) => v,
    },
  }),
  minOrderQuantity: field(productFieldSchemas.minOrderQuantity, {
    kind: 'count',
    isRequired: false,
    blank: 'clear',
    answer: z.number().int().nullable().optional(),
    place: 'tail',
    audience: 'buyers',
    admin: { label: 'filters-admin:form.minOrder', form: 'listed' },
    page: { spec: 'moq', term: 'filters:spec.minOrder', value: 'filters:spec.minOrderValue' },
    workbook: {
      column: 'min_order_quantity',
      aliases: ['minorderquantity', 'moq', 'minimumorderquantity', 'minorder'],
      at: 120,
      isRequired: false,
      toCell: (v) => v,
    },
  }),
  tags: field(productFieldSchemas.tags, {
    kind: 'words',
    isRequired: false,
    blank: 'clear',
    answer: z.array(z.string()).optional(),
    place: 'tail',
    audience: 'buyers',
    admin: {
      label: 'filters-admin:form.tags',
      hint: { key: 'filters-admin:form.tagsHint', values: { max: MAX_TAGS } },
      form: 'listed',
    },
    page: { spec: 'tags', term: 'filters:spec.tags' },
    workbook: {
      column: 'tags',
      aliases: ['tags', 'tag', 'keywords'],
      at: 130,
      isRequired: false,
      toCell: (v) => v.join(', '),
    },
  }),
  collection: field(productFieldSchemas.collection, {
    kind: 'line',
    isRequired: false,
    blank: 'clear',
    answer: z.string().optional(),
    place: 'tail',
    audience: 'buyers',
    admin: {
      label: 'filters-admin:form.collection',
      hint: { key: 'filters-admin:form.collectionHint' },
      form: 'listed',
      maxLength: PRODUCT_FIELD_MAX.collection,
    },
    page: { spec: 'collection', term: 'filters:spec.collection' },
    search: 'words',
    workbook: {
      column: 'collection',
      aliases: ['collection', 'collections', 'collectionname', 'range'],
      at: 140,
      isRequired: false,
      toCell: (v) => v,
    },
  }),
} as const;

export type ProductFieldName = keyof typeof PRODUCT_FIELDS;
export const PRODUCT_FIELD_NAMES = Object.keys(PRODUCT_FIELDS) as ProductFieldName[];

type Fields = typeof PRODUCT_FIELDS;
/** Each field's checked value. */
export type ProductFieldValues = { [K in ProductFieldName]: z.output<Fields[K]['rule']> };
type RequiredName = {
  [K in ProductFieldName]: Fields[K]['isRequired'] extends true ? K : never;
}[ProductFieldName];
/** A checked form or workbook row: the required fields, and the others it gave. */
export type ProductInput = Pick<ProductFieldValues, RequiredName> &
  Partial<Omit<ProductFieldValues, RequiredName>>;

type NamesAt<P> = { [K in ProductFieldName]: Fields[K]['place'] extends P ? K : never }[ProductFieldName];
/** The API product's keys of the fields at `place`, each with its answer's type, in the list's order. */
export function productAnswerShape<P extends 'head' | 'tail'>(
  place: P,
): { [K in NamesAt<P>]: Fields[K]['answer'] } {
  return Object.fromEntries(
    PRODUCT_FIELD_NAMES.filter((name) => PRODUCT_FIELDS[name].place === place).map((name) => [
      name,
      PRODUCT_FIELDS[name].answer,
    ]),
  ) as { [K in NamesAt<P>]: Fields[K]['answer'] };
}

/** A field's definition without its value's type, for code that walks the list. */
export const productField = (name: ProductFieldName) =>
  PRODUCT_FIELDS[name] as unknown as ProductFieldDef<unknown>;

/** The text fields whose words the results page's search finds. */
/**
 * The fields the product page's specification shows, in the list's order, with their kind and page
 * entry: the page's loader hands them over, so the page itself never loads this module's schemas.
 */
export const PAGE_FIELDS = PRODUCT_FIELD_NAMES.flatMap((name) => {
  const { kind, page } = productField(name);
  return page ? [{ name, kind, page }] : [];
});

export const SEARCHED_FIELD_NAMES = PRODUCT_FIELD_NAMES.filter((n) => productField(n).search === 'words');

/** The fields answered to buyers (and everyone else who is not an administrator). */
export const BUYER_FIELD_NAMES = PRODUCT_FIELD_NAMES.filter((n) => productField(n).audience === 'buyers');

export type FieldIssue = { path: string; message: string };

/**
 * Checks the fields `names` of `input` by their rules: the values, and every problem named by its
 * field (a field's first problem only), in the list's order.
 */
export function checkFieldValues(
  input: Record<string, unknown>,
  names: readonly ProductFieldName[],
): { value: Partial<ProductFieldValues>; issues: FieldIssue[] } {
  const value: Record<string, unknown> = {};
  const issues: FieldIssue[] = [];
  for (const name of PRODUCT_FIELD_NAMES) {
    if (!names.includes(name)) continue;
    const parsed = productField(name).rule.safeParse(input[name]);
    if (parsed.success) value[name] = parsed.data;
    else issues.push({ path: name, message: parsed.error.issues[0]?.message ?? `${name} is invalid` });
  }
  return { value: value as Partial<ProductFieldValues>, issues };
}
