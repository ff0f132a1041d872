import { MAX_QUANTITY, MIN_QUANTITY } from './limits.ts';

/**
 * One line of the visitor's enquiry list as the browser keeps it: stored as a JSON array under
 * local storage `cart`.
 */
export type EnquiryLine = {
  _id: string;
  name: string;
  code: string;
  price: number;
  quantity: number;
  imageUrl: string | null;
  imageurl: string | null;
  cloudinaryId: string | null;
  /**
   * The design's minimum order in pieces, when it has one above 1 (absent otherwise, and in lists
   * stored before it was kept). A line below it is flagged and cannot be sent in a price request.
   */
  minOrderQuantity?: number;
};

export type EnquiryList = readonly EnquiryLine[];

/** What a product or a stored line must carry to become a line; older data names the id differently. */
export type EnquiryItemInput = {
  _id?: unknown;
  productId?: unknown;
  id?: unknown;
  name?: unknown;
  code?: unknown;
  price?: unknown;
  quantity?: unknown;
  imageUrl?: unknown;
  imageurl?: unknown;
  cloudinaryId?: unknown;
  minOrderQuantity?: unknown;
};

/**
 * Quantities are whole numbers from 1 up to the server's limit: anything below 1 is raised to 1,
 * fractions are cut, and a value that is not a number at all counts as 1.
 */
export function clampQuantity(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || Number.isNaN(n)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(n)));
}

/** A design's minimum order when it means something: a whole number from 2 up to the maximum; else null. */
export function minimumOrderOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > MIN_QUANTITY && value <= MAX_QUANTITY
    ? value
    : null;
}

/** The quantity a design starts at when it is put in the list: its minimum order, or 1. */
export function startingQuantity(product: EnquiryItemInput): number {
  return minimumOrderOf(product.minOrderQuantity) ?? MIN_QUANTITY;
}

/** The lines asking for fewer pieces than their design's minimum order, in list order. */
export function linesBelowMinimum<T extends Pick<EnquiryLine, 'quantity' | 'minOrderQuantity'>>(
  list: readonly T[],
): T[] {
  return list.filter((l) => l.minOrderQuantity !== undefined && l.quantity < l.minOrderQuantity);
}

function idOf(input: EnquiryItemInput): string | null {
  for (const candidate of [input._id, input.productId, input.id]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
    if (typeof candidate === 'number' && Number.isFinite(candidate)) return String(candidate);
  }
  return null;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const urlOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function priceOf(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/** Turns a product (or anything line-shaped) into a line; null when it has no usable id. */
export function toEnquiryLine(
  input: EnquiryItemInput,
  quantity: unknown = input.quantity,
): EnquiryLine | null {
  const _id = idOf(input);
  if (_id === null) return null;
  const image = urlOf(input.imageUrl) ?? urlOf(input.imageurl);
  const minimum = minimumOrderOf(input.minOrderQuantity);
  return {
    _id,
    name: textOf(input.name),
    code: textOf(input.code),
    price: priceOf(input.price),
    quantity: clampQuantity(quantity),
    imageUrl: image,
    imageurl: image,
    cloudinaryId: urlOf(input.cloudinaryId),
    ...(minimum === null ? {} : { minOrderQuantity: minimum }),
  };
}

/**
 * Adding a product already in the list raises its quantity; otherwise a new line is appended.
 * Without a quantity, a design starts at its minimum order.
 */
export function addToList(
  list: EnquiryList,
  product: EnquiryItemInput,
  quantity: unknown = startingQuantity(product),
): EnquiryLine[] {
  const line = toEnquiryLine(product, quantity);
  if (!line) return [...list];
  const existing = list.find((l) => l._id === line._id);
  if (!existing) return [...list, line];
  return list.map((l) =>
    l._id === line._id
      ? {
          ...l,
          quantity: clampQuantity(l.quantity + line.quantity),
          ...(line.minOrderQuantity === undefined ? {} : { minOrderQuantity: line.minOrderQuantity }),
        }
      : l,
  );
}

/** Sets one line's quantity (clamped to at least 1); a product not in the list is left alone. */
export function setLineQuantity(list: EnquiryList, productId: string, quantity: unknown): EnquiryLine[] {
  const next = clampQuantity(quantity);
  return list.map((l) => (l._id === productId && l.quantity !== next ? { ...l, quantity: next } : l));
}

export function removeLine(list: EnquiryList, productId: string): EnquiryLine[] {
  return list.filter((l) => l._id !== productId);
}

export function clearList(): EnquiryLine[] {
  return [];
}

export function quantityInList(list: EnquiryList, productId: string): number {
  return list.find((l) => l._id === productId)?.quantity ?? 0;
}

/**
 * Reads whatever was stored (possibly by an older version of the site, possibly damaged) into a
 * clean list: lines without an id are dropped, quantities become integers ≥ 1, prices numbers, and
 * the same product twice becomes one line with the quantities added.
 */
export function normaliseList(raw: unknown): EnquiryLine[] {
  if (!Array.isArray(raw)) return [];
  let list: EnquiryLine[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const line = toEnquiryLine(item as EnquiryItemInput);
    if (line) list = addToList(list, line, line.quantity);
  }
  return list;
}

/** Parses the JSON text kept in storage; anything unreadable is an empty list. */
export function parseStoredList(text: string | null | undefined): EnquiryLine[] {
  if (!text) return [];
  try {
    return normaliseList(JSON.parse(text));
  } catch {
    return [];
  }
}

/** Which end of the allowed range a typed quantity was moved to, so the screen can say so. */
export type QuantityLimit = 'minimum' | 'maximum';

/**
 * How typed text becomes a quantity. Cards raise anything below 1 to 1; the detail page
 * ignores non-numeric or zero input; the cart (`cart-fallback`) also raises values below 1. Every
 * surface lowers a value above MAX_QUANTITY to it. `quantity` is null for text that is not a whole
 * number yet (an empty box mid-edit) or that the rule ignores; `limit` says which end was applied.
 */
export type TypedQuantityRule = 'raise-to-minimum' | 'ignore-below-minimum' | 'cart-fallback';
export type TypedQuantity = { quantity: number | null; limit: QuantityLimit | null };

export function readTypedQuantity(text: string, rule: TypedQuantityRule): TypedQuantity {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return { quantity: null, limit: null };
  const n = Number(trimmed);
  if (n < MIN_QUANTITY) {
    return rule === 'ignore-below-minimum'
      ? { quantity: null, limit: null }
      : { quantity: MIN_QUANTITY, limit: 'minimum' };
  }
  if (n > MAX_QUANTITY) return { quantity: MAX_QUANTITY, limit: 'maximum' };
  return { quantity: n, limit: null };
}

/**
 * A quantity left in a cart box: text that is not a number falls back to 1, a number
 * below 1 becomes 1 and one above the maximum becomes the maximum, either reported so the line can
 * say so; fractions are cut.
 */
export function readCartQuantity(text: string): { quantity: number; limit: QuantityLimit | null } {
  const trimmed = text.trim();
  if (!/^[-+]?\d+(\.\d+)?$/.test(trimmed)) return { quantity: MIN_QUANTITY, limit: null };
  const n = Number(trimmed);
  if (n < MIN_QUANTITY) return { quantity: MIN_QUANTITY, limit: 'minimum' };
  if (n > MAX_QUANTITY) return { quantity: MAX_QUANTITY, limit: 'maximum' };
  return { quantity: clampQuantity(n), limit: null };
}
