import { z } from 'zod';
import {
  CATEGORIES,
  parseCategory,
  parseSubcategory,
  SUBCATEGORIES,
  type Category,
  type Subcategory,
} from '../domain/categories.ts';
import { productImageSchema } from './product-gallery.ts';
import { productAttributesSchema } from './attributes.ts';

/** Product JSON as the API answers it, with the previous site's field names. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  subcategory: z.enum(SUBCATEGORIES),
  code: z.string(),
  /** null to anonymous visitors and buyers unless prices are public; admins always get the number. */
  price: z.number().nullable(),
  imageUrl: z.string().nullable(),
  imageurl: z.string().nullable(),
  cloudinaryId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The gallery, first picture = `imageUrl`: in the answers about one product (not in listings). */
  images: z.array(productImageSchema).optional(),
  /** Listings only: the gallery's second picture (a card shows it on hover or focus), or null. */
  secondImageUrl: z.string().nullable().optional(),
  /** Metal, finish, stone and colour values; weight of one piece; minimum order; free tags. */
  attributes: productAttributesSchema.optional(),
  weightGrams: z.number().nullable().optional(),
  minOrderQuantity: z.number().int().nullable().optional(),
  tags: z.array(z.string()).optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productPageSchema = z.object({
  products: z.array(productSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** The messages' wording, shared by the admin form and the API. */
export const PRODUCT_MESSAGES = {
  allFieldsRequired: 'All fields are required',
  imageRequired: 'Please select a product image',
  imageTooLarge: 'Image size must be less than 5MB',
  notFound: 'Product not found',
  added: 'Product added',
  updated: 'Product updated',
  deleted: 'Product deleted',
} as const;

/** Not spec limits: bounds that keep a field what it is (a card title, a SKU, a detail text). */
export const PRODUCT_FIELD_MAX = { name: 200, code: 64, description: 5000 } as const;
export const PRODUCT_PRICE_MAX = 100_000_000;

/** The fields a person fills in; all five are required (the image is handled apart). */
export const PRODUCT_REQUIRED_FIELDS = ['name', 'description', 'category', 'subcategory', 'code'] as const;

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

/** One rule per field, so a form, the API and the spreadsheet import report the same words. */
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
};

export const productFieldsSchema = z.object({
  name: productFieldSchemas.name,
  description: productFieldSchemas.description,
  category: productFieldSchemas.category,
  subcategory: productFieldSchemas.subcategory,
  code: productFieldSchemas.code,
  price: productFieldSchemas.price.optional(),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

export type FieldIssue = { path: string; message: string };
export type ProductFieldsResult =
  { ok: true; value: ProductFields } | { ok: false; message: string; issues: FieldIssue[] };

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Checks the add and edit forms in a fixed order: any required field missing is the one message
 * 'All fields are required'; then each field's own rule, the first problem as the message.
 */
export function checkProductFields(input: Record<string, unknown>): ProductFieldsResult {
  const missing = PRODUCT_REQUIRED_FIELDS.filter((f) => isBlank(input[f]));
  if (missing.length) {
    return {
      ok: false,
      message: PRODUCT_MESSAGES.allFieldsRequired,
      issues: missing.map((f) => ({ path: f, message: `${f} is required` })),
    };
  }
  const parsed = productFieldsSchema.safeParse({
    ...input,
    price: isBlank(input.price) ? undefined : input.price,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return { ok: false, message: issues[0]?.message ?? 'Invalid product', issues };
}

export const productSavedSchema = z.object({ message: z.string(), product: productSchema });
export type ProductSaved = z.infer<typeof productSavedSchema>;

/**
 * `GET /api/products/product?search=`: blank answers `[]`; the length limit (MAX_SEARCH_LENGTH,
 * counted in characters after trimming) is checked by the service, which answers 400.
 */
export const productSearchQuerySchema = z.object({
  search: z.string({ error: 'search must be text' }).optional(),
});
