import { z } from 'zod';
import { countryFromCodeOrName, normaliseCountry } from '../domain/countries.ts';
import { MAX_ORDER_LINES, MAX_QUANTITY, MIN_QUANTITY } from '../domain/limits.ts';
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from '../domain/quotation.ts';
import { EMAIL_MAX, isEmail, isWebsite, WEBSITE_MAX } from '../domain/signup.ts';
import { oneLine } from './common.ts';

/** Bounds that keep a stored field a field (not spec rules). */
export const ENQUIRY_FIELD_MAX = {
  name: 200,
  email: EMAIL_MAX,
  contactNumber: 50,
  companyName: 200,
  companyWebsite: WEBSITE_MAX,
  message: 5000,
} as const;

/** A required text field: trimmed, present and not blank, with a message naming the field. */
export const requiredText = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input == null ? `${field} is required` : `${field} must be text`) })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** An optional text field: absent, null and blank all become ''. */
export const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

/** A required one-line field: a name, a company, a contact number. */
export const requiredLine = (field: string, max: number) => oneLine(requiredText(field, max), field);

/** An optional one-line field. */
export const optionalLine = (field: string, max: number) => oneLine(optionalText(field, max), field);

export const emailField = (field = 'email') =>
  requiredLine(field, ENQUIRY_FIELD_MAX.email).refine(isEmail, `${field} must be a valid e-mail address`);

/** One of the offered countries, stored as ISO alpha-2 (`UK` → `GB`). */
/** A required country read by `parse` (a code, or also a name), stored as its code. */
const countryOf = (maxLength: number, parse: (value: string) => string | null) =>
  requiredText('country', maxLength).transform((value, ctx) => {
    const iso = parse(value);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: 'country must be one of the offered countries' });
      return z.NEVER;
    }
    return iso;
  });

export const countryField = countryOf(10, normaliseCountry);

/** The contact form's country: a code, or a country's name from the offered list. */
export const countryCodeOrNameField = countryOf(60, countryFromCodeOrName);

/** Optional; when given, a website (no other scheme than http/https). */
export const websiteField = optionalLine('companyWebsite', ENQUIRY_FIELD_MAX.companyWebsite).refine(
  (v) => v === '' || isWebsite(v),
  'companyWebsite must be a website address such as https://www.example.com',
);

/**
 * A requested line. Only the product and the quantity count: the name, code and image are
 * taken from the product on the server, so what the client says about them is ignored.
 */
export const orderLineInputSchema = z.object({
  productId: requiredText('productId', 100),
  quantity: z
    .number({ error: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(MIN_QUANTITY, `quantity must be at least ${MIN_QUANTITY}`)
    .max(MAX_QUANTITY, `quantity must be at most ${MAX_QUANTITY}`),
});

/** `POST /api/orders/submit-order`. */
export const submitOrderBodySchema = z.object({
  firstName: requiredLine('firstName', ENQUIRY_FIELD_MAX.name),
  email: emailField(),
  contactNumber: requiredLine('contactNumber', ENQUIRY_FIELD_MAX.contactNumber),
  country: countryField,
  companyName: optionalLine('companyName', ENQUIRY_FIELD_MAX.companyName),
  companyWebsite: websiteField,
  message: optionalText('message', ENQUIRY_FIELD_MAX.message),
  orderDetails: z
    .array(orderLineInputSchema, {
      error: (issue) => (issue.input == null ? 'orderDetails is required' : 'orderDetails must be a list'),
    })
    .min(1, 'orderDetails must list at least one product')
    .max(MAX_ORDER_LINES, `orderDetails must have at most ${MAX_ORDER_LINES} lines`),
});
export type SubmitOrderBody = z.infer<typeof submitOrderBodySchema>;
export type SubmitOrderInput = z.input<typeof submitOrderBodySchema>;

/** The optional `Idempotency-Key` header: printable, bounded. */
export const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,200}$/;

export const submitOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  orderId: z.number().int(),
  /** A signed, expiring path of the quotation workbook (`/api/orders/download/...`). */
  downloadLink: z.string(),
});
export type SubmitOrderResponse = z.infer<typeof submitOrderResponseSchema>;

export const orderLineSchema = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  imageUrl: z.string().nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A price request as the admin list shows it. */
export const orderSchema = z.object({
  _id: z.string(),
  orderId: z.number().int(),
  userId: z.string().nullable(),
  firstName: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  companyName: z.string(),
  companyWebsite: z.string(),
  country: z.string(),
  message: z.string(),
  status: z.string(),
  /** A `new` request waiting for its first quote for more than 48 hours. */
  overdue: z.boolean(),
  orderDetails: z.array(orderLineSchema),
  /** `/uploads/Quotation_{orderId}.xlsx?sig=...&exp=...`; swap `/uploads` for `/api/orders/download`. */
  excelFilePath: z.string(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** `GET /api/orders/orders`; the paging fields appear when `page`, `limit` or `search` was given. */
export const orderListSchema = z.object({
  success: z.literal(true),
  orders: z.array(orderSchema),
  currentPage: z.number().int().optional(),
  totalPages: z.number().int().optional(),
  totalItems: z.number().int().optional(),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const orderListQuerySchema = z.object({
  page: z.string().optional(),
  limit: z.string().optional(),
  search: z.string().max(100, 'search must be at most 100 characters').optional(),
  /** Comma-separated states, as readers see them (`new,quoted`). */
  status: z
    .string()
    .max(200, 'status is too long')
    .optional()
    .transform((value, ctx) => {
      const list = (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = list.filter((s) => !isOrderStatus(s));
      if (unknown.length) {
        ctx.addIssue({ code: 'custom', message: `status must be among ${ORDER_STATUSES.join(', ')}` });
        return z.NEVER;
      }
      return [...new Set(list)] as OrderStatus[];
    }),
  sort: z.enum(['newest', 'oldest'], { error: 'sort must be newest or oldest' }).optional(),
});

export const quotationDownloadQuerySchema = z.object({
  sig: z.string().max(200).optional(),
  exp: z.string().max(20).optional(),
});
