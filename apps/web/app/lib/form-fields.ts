import type { ChangeEvent } from 'react';

type EditEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

/**
 * The input attributes of the buyer details the contact, price request and sign-up forms all ask
 * for, so the browser's autofill and the phone keyboards agree on every one of them.
 */
export const BUYER_INPUT = {
  name: { autoComplete: 'name' },
  firstName: { autoComplete: 'given-name' },
  email: { type: 'email', autoComplete: 'email' },
  contactNumber: { type: 'tel', autoComplete: 'tel' },
  companyName: { autoComplete: 'organization' },
  companyWebsite: { type: 'url', inputMode: 'url', autoComplete: 'url' },
  country: { autoComplete: 'country' },
} as const;

/**
 * Wires a field of a controlled form in one spread: its `name` (what focus-on-error looks for),
 * value, change handler and translated error. Each form keeps its own rules for what an edit
 * clears and which message shows, through `onEdit` and `errorOf`.
 */
export function fieldBinder<F extends string>(
  values: Readonly<Record<F, string>>,
  onEdit: (field: F) => (event: EditEvent) => void,
  errorOf: (field: F) => string | undefined,
) {
  return (field: F) => ({
    name: field,
    value: values[field],
    onChange: onEdit(field),
    error: errorOf(field),
  });
}
