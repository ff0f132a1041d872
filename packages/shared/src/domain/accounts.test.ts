import { describe, expect, it } from 'vitest';
import { priceRequestRefusal } from './accounts.ts';

/*
 * Who may send a price request: the rule itself, for every account state, with and without the
 * e-mail verification setting. The server test of POST /api/orders/submit-order shows the route
 * asks it; this pins the rule's every answer.
 */
describe('the price-request refusal', () => {
  const required = { isVerificationRequired: true };
  const optional = { isVerificationRequired: false };

  it('refuses a pending and a rejected account as not approved, verified or not', () => {
    for (const status of ['pending', 'rejected']) {
      expect(priceRequestRefusal({ emailVerified: true, status }, required)).toBe('ACCOUNT_NOT_APPROVED');
      expect(priceRequestRefusal({ emailVerified: true, status }, optional)).toBe('ACCOUNT_NOT_APPROVED');
      expect(priceRequestRefusal({ emailVerified: false, status }, optional)).toBe('ACCOUNT_NOT_APPROVED');
    }
  });

  it('names the unverified address first when verification is required', () => {
    for (const status of ['pending', 'rejected', 'active']) {
      expect(priceRequestRefusal({ emailVerified: false, status }, required)).toBe('EMAIL_NOT_VERIFIED');
    }
  });

  it('lets an active account send, verified, or unverified when verification is not required', () => {
    expect(priceRequestRefusal({ emailVerified: true, status: 'active' }, required)).toBeNull();
    expect(priceRequestRefusal({ emailVerified: true, status: 'active' }, optional)).toBeNull();
    expect(priceRequestRefusal({ emailVerified: false, status: 'active' }, optional)).toBeNull();
  });
});
