/**
 * The jewellery attributes a buyer filters by and the limits on their values, without their
 * validation schemas (`schemas/attributes.ts`): the storefront's shell reads these on every page,
 * and constructing zod schemas there would cost every visitor's phone main-thread time for checks
 * only the admin's forms and the server make.
 */
/** Each kind has an admin-managed list of values. */
export const ATTRIBUTE_KINDS = ['metal', 'finish', 'stone', 'colour'] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];

export const isAttributeKind = (value: unknown): value is AttributeKind =>
  typeof value === 'string' && (ATTRIBUTE_KINDS as readonly string[]).includes(value);

/** A value's address in URLs and forms: lower-case letters, digits and single hyphens. */
export const ATTRIBUTE_SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ATTRIBUTE_SLUG_MAX = 40;
export const ATTRIBUTE_LABEL_MAX = 60;
/** Values one product may carry of one kind, and values one list may hold. */
export const MAX_VALUES_PER_KIND = 20;
export const MAX_LIST_VALUES = 100;

export const WEIGHT_GRAMS_MAX = 99_999.99;
export const MAX_TAGS = 20;
export const TAG_MAX_CHARS = 40;
