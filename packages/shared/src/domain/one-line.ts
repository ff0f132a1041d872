/**
 * What a one-line field (a name, a company, a contact number, an address) refuses: the C0 and C1
 * control characters (NUL, tab, line feed, carriage return, escape ...), the Unicode line and
 * paragraph separators, and the bidirectional embedding, override and isolate controls
 * (U+202A–U+202E, U+2066–U+2069), which make a stored text read in another order than it was
 * written (a name that shows as "gpj.exe" in a mail or on the users screen). Multi-line fields
 * (messages, notes) are not checked with it: their line breaks are the point.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export function isOneLine(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

/** The answer naming the field, as the API gives it. */
export const oneLineMessage = (field: string) =>
  `${field} must be one line of text, without line breaks, control characters or text-direction characters`;
