import { oneLineMessage } from '@catalogue/shared/domain/one-line';
import { contactBodySchema } from '@catalogue/shared/schemas/contact';
import type { ApiIssue } from '~/lib/api-client';

export const CONTACT_FIELDS = [
  'name',
  'email',
  'contactNumber',
  'country',
  'companyName',
  'companyWebsite',
  'message',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
/** Field → i18n key (namespace `contact`) of the message shown beside it. */
export type ContactErrors = Partial<Record<ContactField, string>>;

export const EMPTY_CONTACT: ContactValues = {
  name: '',
  email: '',
  contactNumber: '',
  country: '',
  companyName: '',
  companyWebsite: '',
  message: '',
};

const isField = (value: string): value is ContactField =>
  (CONTACT_FIELDS as readonly string[]).includes(value);

/**
 * The visitor's wording of one broken field. The schema's own messages are English and technical,
 * so only their kind is used: missing, too long, not one line, or not valid.
 */
function errorKey(field: ContactField, value: string, schemaMessage: string): string {
  if (value.trim() === '' && field !== 'companyName' && field !== 'companyWebsite') {
    return `errors.required.${field}`;
  }
  if (/at most/.test(schemaMessage)) return 'errors.invalid.tooLong';
  if (schemaMessage === oneLineMessage(field)) return 'errors.invalid.oneLine';
  if (field === 'email' || field === 'country' || field === 'companyWebsite')
    return `errors.invalid.${field}`;
  return 'errors.invalid.tooLong';
}

/** First issue per field, in the form's order. */
function collect(issues: { field: string; message: string }[], values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const issue of issues) {
    if (isField(issue.field) && !errors[issue.field]) {
      errors[issue.field] = errorKey(issue.field, values[issue.field], issue.message);
    }
  }
  return errors;
}

/** The browser's check: the same schema the server validates `POST /api/contact/send` with. */
export function findContactErrors(values: ContactValues): ContactErrors {
  const result = contactBodySchema.safeParse(values);
  if (result.success) return {};
  return collect(
    result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message })),
    values,
  );
}

/** The server's 400 issues (`body.email`), mapped to the same wording. */
export function errorsFromIssues(issues: readonly ApiIssue[], values: ContactValues): ContactErrors {
  return collect(
    issues.map((issue) => ({ field: issue.path.replace(/^body\.?/, ''), message: issue.message })),
    values,
  );
}

export function firstInvalidField(errors: ContactErrors): ContactField | null {
  return CONTACT_FIELDS.find((field) => errors[field]) ?? null;
}
