import { normaliseCountry } from '@catalogue/shared/domain/countries';
import { oneLineMessage } from '@catalogue/shared/domain/one-line';
import type { EnquiryLine } from '@catalogue/shared/domain/enquiry-list';
import { submitOrderBodySchema, type SubmitOrderResponse } from '@catalogue/shared/schemas/order';
import type { PublicUser } from '@catalogue/shared/schemas/user';
import { apiRequest } from '~/lib/api-client';

/** The fields of the price request form, as typed. */
export const PRICE_REQUEST_FIELDS = [
  'firstName',
  'email',
  'contactNumber',
  'companyName',
  'country',
  'companyWebsite',
  'message',
] as const;
export type PriceRequestField = (typeof PRICE_REQUEST_FIELDS)[number];
export type PriceRequestValues = Record<PriceRequestField, string>;
export type PriceRequestErrors = Partial<Record<PriceRequestField, string>>;

export const EMPTY_PRICE_REQUEST: PriceRequestValues = {
  firstName: '',
  email: '',
  contactNumber: '',
  companyName: '',
  country: '',
  companyWebsite: '',
  message: '',
};

/** The account's details a price request asks for again, so the buyer only checks them. */
export type PriceRequestAccount = Pick<
  PublicUser,
  'name' | 'email' | 'contactNumber' | 'country' | 'companyName' | 'companyWebsite'
>;

/** The form's starting values: the buyer's account details, or empty fields without them. */
export function priceRequestFromAccount(account: PriceRequestAccount | null | undefined): PriceRequestValues {
  if (!account) return EMPTY_PRICE_REQUEST;
  return {
    ...EMPTY_PRICE_REQUEST,
    firstName: account.name,
    email: account.email,
    contactNumber: account.contactNumber,
    companyName: account.companyName,
    // The sign-up list says UK where this form says GB; a country the form does not offer stays unchosen.
    country: normaliseCountry(account.country) ?? '',
    companyWebsite: account.companyWebsite,
  };
}

/** The form half of the server's own schema, so the browser and the server apply one rule set. */
const priceRequestFormSchema = submitOrderBodySchema.omit({ orderDetails: true });

const isField = (value: unknown): value is PriceRequestField =>
  PRICE_REQUEST_FIELDS.includes(value as PriceRequestField);

/**
 * The text key (namespace `cart`, under `errors.`) of each field that fails: `<field>Required` when
 * a required field is blank, `notOneLine` for a line break or control character in a one-line
 * field, `<field>Invalid` otherwise. The first problem of a field wins. The server's issues
 * (`body.firstName`) read the same as the browser's.
 */
export function errorKeysOf(
  values: PriceRequestValues,
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
): PriceRequestErrors {
  const errors: PriceRequestErrors = {};
  for (const issue of issues) {
    const field =
      typeof issue.path === 'string' ? issue.path.replace(/^body\./, '').split('.')[0] : issue.path[0];
    if (!isField(field) || errors[field]) continue;
    if (values[field].trim() === '') errors[field] = `${field}Required`;
    else if (issue.message === oneLineMessage(field)) errors[field] = 'notOneLine';
    else errors[field] = `${field}Invalid`;
  }
  return errors;
}

export function validatePriceRequest(values: PriceRequestValues): PriceRequestErrors {
  const result = priceRequestFormSchema.safeParse(values);
  return result.success ? {} : errorKeysOf(values, result.error.issues);
}

/** The request body: the form plus one line per design (the server rebuilds names and images). */
export function priceRequestBody(values: PriceRequestValues, lines: readonly EnquiryLine[]) {
  return {
    ...values,
    orderDetails: lines.map((line) => ({
      productId: line._id,
      quantity: line.quantity,
      name: line.name,
      sku: line.code,
      imageUrl: line.imageUrl,
      cloudinaryId: line.cloudinaryId,
    })),
  };
}

/** A random key for the `Idempotency-Key` header; `randomUUID` needs a secure context. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per filled-in form: sending the same content again (a double click, a retry after a
 * lost answer) reuses the key, so the server answers the first result instead of recording a
 * second request; changed content is a new request with a new key. Forgotten after a success.
 */
export function createIdempotencyKeeper(make: () => string = newIdempotencyKey) {
  let kept: { content: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const content = JSON.stringify(body);
      if (kept?.content !== content) kept = { content, key: make() };
      return kept.key;
    },
    forget() {
      kept = null;
    },
  };
}

export function sendPriceRequest(body: ReturnType<typeof priceRequestBody>, idempotencyKey: string) {
  return apiRequest<SubmitOrderResponse>('/orders/submit-order', {
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
