import { normaliseCountry } from './countries.ts';
import { isOneLine, oneLineMessage } from './one-line.ts';

/**
 * The shortest password an account may be given (sign-up, reset link, password change), counted
 * in characters as typed (an emoji is one), the same in the browser and on the server.
 */
export const PASSWORD_MIN_LENGTH = 8;

export function isPasswordLongEnough(password: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH;
}

/**
 * The sign-up rules, shared by the web form and the server so both report the same
 * message key. Rules run in a fixed order and only the first failure is reported.
 */
export const SIGNUP_MESSAGE_KEYS = [
  'name_required',
  'email_required',
  'invalid_email',
  'password_required',
  'password_too_short',
  'confirm_password_required',
  'password_mismatch',
  'contact_required',
  'country_required',
  /** Not among the listed rules: the form offers a select, so only a hand-made request can trip it. */
  'invalid_country',
  'invalid_website',
  /** A line break, control or text-direction character in a one-line field (domain/one-line.ts). */
  'not_one_line',
] as const;
export type SignupMessageKey = (typeof SIGNUP_MESSAGE_KEYS)[number];

/** English texts of the keys; the web app has its own translations under the same keys. */
export const SIGNUP_MESSAGES: Record<SignupMessageKey, string> = {
  name_required: 'Name is required',
  email_required: 'Email is required',
  invalid_email: 'Please enter a valid email address',
  password_required: 'Password is required',
  password_too_short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  confirm_password_required: 'Please confirm your password',
  password_mismatch: 'Passwords do not match!',
  contact_required: 'Contact number is required',
  country_required: 'Country is required',
  invalid_country: 'Please choose a country from the list',
  invalid_website: 'Please enter a valid website address',
  not_one_line: 'Please keep this to one line, without line breaks or special control characters',
};

export type SignupField =
  | 'name'
  | 'email'
  | 'password'
  | 'confirmPassword'
  | 'contactNumber'
  | 'country'
  | 'companyName'
  | 'companyWebsite';

export type SignupError = { field: SignupField; key: SignupMessageKey; message: string };

/** What the form holds; the server receives the same without `confirmPassword`. */
export type SignupInput = {
  name?: string | null;
  email?: string | null;
  password?: string | null;
  confirmPassword?: string | null;
  contactNumber?: string | null;
  country?: string | null;
  companyName?: string | null;
  companyWebsite?: string | null;
};

/** The "simple e-mail pattern": something@something.something, no spaces. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Longer than any real address (RFC 5321); also keeps the pattern checks cheap. */
export const EMAIL_MAX = 254;
export const WEBSITE_MAX = 500;

/**
 * Optional http(s)://, optional www., a domain whose last label has at least 2 letters, and an
 * optional path without quotes or angle brackets. Other schemes (javascript:, data:) can never match.
 */
const WEBSITE_RE =
  /^(?:https?:\/\/)?(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#][^\s<>"'`]*)?$/i;

export function isEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX && EMAIL_RE.test(email);
}

export function isWebsite(value: string): boolean {
  const site = value.trim();
  return site.length <= WEBSITE_MAX && WEBSITE_RE.test(site);
}

const isBlank = (value: string | null | undefined) => typeof value !== 'string' || value.trim() === '';

const fail = (field: SignupField, key: SignupMessageKey): SignupError => ({
  field,
  key,
  message: SIGNUP_MESSAGES[key],
});

/** A one-line field holding a line break or a control character; the API's message names the field. */
const isBroken = (value: string | null | undefined) => typeof value === 'string' && !isOneLine(value);
const notOneLine = (field: SignupField): SignupError => ({
  field,
  key: 'not_one_line',
  message: oneLineMessage(field),
});

/**
 * The first broken rule of the sign-up form, or null when the input is acceptable.
 * `checkConfirmation: false` is the server's view: the confirmation never leaves the browser.
 * `checkPassword: false` is the profile's: its details change without the password.
 */
export function findSignupError(
  input: SignupInput,
  {
    checkConfirmation = true,
    checkPassword = true,
  }: { checkConfirmation?: boolean; checkPassword?: boolean } = {},
): SignupError | null {
  if (isBlank(input.name)) return fail('name', 'name_required');
  if (isBroken(input.name)) return notOneLine('name');
  if (isBlank(input.email)) return fail('email', 'email_required');
  if (isBroken(input.email)) return notOneLine('email');
  if (!isEmail(input.email!)) return fail('email', 'invalid_email');
  // Passwords are taken as typed: a password of spaces is still a password, an empty one is not.
  if (checkPassword && !input.password) return fail('password', 'password_required');
  if (checkPassword && !isPasswordLongEnough(input.password!)) return fail('password', 'password_too_short');
  if (checkPassword && checkConfirmation) {
    if (!input.confirmPassword) return fail('confirmPassword', 'confirm_password_required');
    if (input.confirmPassword !== input.password) return fail('confirmPassword', 'password_mismatch');
  }
  if (isBlank(input.contactNumber)) return fail('contactNumber', 'contact_required');
  if (isBroken(input.contactNumber)) return notOneLine('contactNumber');
  if (isBlank(input.country)) return fail('country', 'country_required');
  if (!normaliseCountry(input.country)) return fail('country', 'invalid_country');
  if (isBroken(input.companyName)) return notOneLine('companyName');
  if (isBroken(input.companyWebsite)) return notOneLine('companyWebsite');
  if (!isBlank(input.companyWebsite) && !isWebsite(input.companyWebsite!)) {
    return fail('companyWebsite', 'invalid_website');
  }
  return null;
}
