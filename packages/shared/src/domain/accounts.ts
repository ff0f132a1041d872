/**
 * Account rules shared by the server and the storefront: the states an account can be in, and
 * what keeps it from sending a price request.
 */

/** `pending` exists only while trade approval is on; `disabled` accounts cannot sign in at all. */
export const ACCOUNT_STATUSES = ['active', 'pending', 'rejected', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** What an administrator may set; `pending` is only ever given at sign-up. */
export const ADMIN_SET_STATUSES = ['active', 'rejected', 'disabled'] as const;
export type AdminSetStatus = (typeof ADMIN_SET_STATUSES)[number];

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** How long a link sent by mail stays usable. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Verification links an account may ask for again per hour. */
export const VERIFY_RESEND_PER_HOUR = 5;

export type PriceRequestRefusal = 'EMAIL_NOT_VERIFIED' | 'ACCOUNT_NOT_APPROVED';

/**
 * Why an account may not send a price request yet, or null when it may. An unverified address
 * comes first: approval is asked of an address that is known to work.
 */
export function priceRequestRefusal(
  account: { emailVerified: boolean; status: string },
  { isVerificationRequired }: { isVerificationRequired: boolean },
): PriceRequestRefusal | null {
  if (isVerificationRequired && !account.emailVerified) return 'EMAIL_NOT_VERIFIED';
  if (account.status === 'pending' || account.status === 'rejected') return 'ACCOUNT_NOT_APPROVED';
  return null;
}

/** The server's English messages for the refusals; the storefront shows its own translations. */
export const PRICE_REQUEST_REFUSAL_MESSAGES: Record<PriceRequestRefusal, string> = {
  EMAIL_NOT_VERIFIED: 'Please verify your e-mail address before sending a price request',
  ACCOUNT_NOT_APPROVED: 'Your trade account has not been approved yet',
};
