/** The most designs one selection may hold (WhatsApp's own catalogue stops at 500 too). */
export const MAX_SELECTION_DESIGNS = 500;

export const SELECTION_MESSAGES = {
  tooMany: `A selection holds at most ${MAX_SELECTION_DESIGNS} designs; split it into two selections`,
  empty: 'A selection needs at least one design',
  notFound: 'Selection not found',
  linkNotFound: 'Link not found',
  linkUnknown: 'This link does not exist',
  linkGone: 'This link is no longer active; please ask us for a new one',
  notOnList: 'Only designs on your enquiry list can go into your selection',
  pricesAdminOnly: 'Only an administrator may make a link that shows prices',
  versionConflict: 'The selection was changed meanwhile; reload it and try again',
  tokenMismatch: 'This is not the address of that link',
  linkRevoked: 'This link was revoked; make a new one',
  noEmail: 'recipient.email is required to send the link by e-mail',
} as const;

/** The WhatsApp link that opens a chat with `number` (digits with country code) and a prepared text. */
export function whatsAppUrl(number: string, text: string): string {
  const digits = number.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** The day an open is counted on (once per link and day), as `YYYY-MM-DD` in UTC. */
export function openDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
