import { z } from 'zod';
import {
  checkFieldValues,
  PRODUCT_FIELD_MAX,
  PRODUCT_FIELD_NAMES,
  PRODUCT_FIELDS,
  PRODUCT_PRICE_MAX,
  productAnswerShape,
  productFieldSchemas,
  type FieldIssue,
  type ProductFieldName,
  type ProductInput,
} from './product-fields.ts';
import { productImageSchema } from './product-gallery.ts';
import { productAttributesSchema } from './attributes.ts';

/**
 * Product JSON as the API answers it, with the previous site's field names: the fields of
 * `product-fields.ts` (the first ones where the previous site had them, the rest after the
 * attributes) and the keys only the API has.
 */
export const productSchema = z.object({
  _id: z.string(),
  ...productAnswerShape('head'),
  imageUrl: z.string().nullable(),
  imageurl: z.string().nullable(),
  cloudinaryId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The gallery, first picture = `imageUrl`: in the answers about one product (not in listings). */
  images: z.array(productImageSchema).optional(),
  /** Listings only: the gallery's second picture (a card shows it on hover or focus), or null. */
  secondImageUrl: z.string().nullable().optional(),
  /** Metal, finish, stone and colour values (the other details are fields of the list). */
  attributes: productAttributesSchema.optional(),
  ...productAnswerShape('tail'),
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

export { PRODUCT_FIELD_MAX, PRODUCT_PRICE_MAX, productFieldSchemas };

/** The fields a person must fill in (the image is handled apart). */
export const PRODUCT_REQUIRED_FIELDS = PRODUCT_FIELD_NAMES.filter(
  (f) => PRODUCT_FIELDS[f].isRequired,
) as Array<
  {
    [K in ProductFieldName]: (typeof PRODUCT_FIELDS)[K]['isRequired'] extends true ? K : never;
  }[ProductFieldName]
>;

export type ProductFields = ProductInput;

export type { FieldIssue };
export type ProductFieldsResult =
  { ok: true; value: ProductFields } | { ok: false; message: string; issues: FieldIssue[] };

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Checks the add and edit forms (or a JSON body) in a fixed order: any required field missing is
 * the one message 'All fields are required'; then each field given by its rule, the first problem
 * as the message. An optional field absent (or blank, for one whose blank keeps) is left out: an
 * edit keeps what the product has, an add gets the column's default.
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
  const given = PRODUCT_FIELD_NAMES.filter((f) => {
    const value = input[f];
    if (value === undefined || value === null) return false;
    return PRODUCT_FIELDS[f].blank === 'clear' || !isBlank(value);
  });
  const { value, issues } = checkFieldValues(input, given);
  // A field whose blank keeps, left blank: said as undefined (an update does not set it).
  for (const f of PRODUCT_FIELD_NAMES) {
    if (!given.includes(f) && PRODUCT_FIELDS[f].blank === 'keep') value[f] = undefined;
  }
  if (!issues.length) return { ok: true, value: value as ProductInput };
  return { ok: false, message: issues[0]!.message, issues };
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
