import { describe, expect, it } from 'vitest';
import { currencyField, orderStatusSchema } from '../schemas/quotation.ts';
import {
  adminRequestPath,
  buyerRequestPath,
  canTransition,
  computeTotals,
  decideTransition,
  effectiveStatus,
  isOrderStatus,
  majorToMinor,
  minorToMajor,
} from './quotation.ts';

/*
 * The edges of the quotation rules that the main tests leave open, found by mutation testing
 * (docs/mutation-testing.md): every refusal's wording, a stored state the rules do not know, the
 * offered currencies, the largest safe total and the shape of a typed amount.
 */

describe('a refused move names the state and the action', () => {
  it.each([
    ['accepted', 'saveQuote', 'This request is accepted; it cannot be quoted'],
    ['declined', 'sendQuote', 'This request is declined; it cannot be quoted'],
    ['new', 'accept', 'This request is new; it cannot be accepted'],
    ['new', 'decline', 'This request is new; it cannot be declined'],
    ['quoted', 'cancel', 'This request is quoted; it cannot be cancelled'],
    ['cancelled', 'withdraw', 'This request is cancelled; it cannot be withdrawn'],
  ] as const)('%s, %s', (state, action, message) => {
    expect(decideTransition(state, action)).toEqual({ ok: false, message });
    expect(canTransition(state, action)).toBe(false);
  });

  it('answers yes for an allowed move', () => {
    expect(canTransition('expired', 'sendQuote')).toBe(true);
    expect(canTransition('quoted', 'withdraw')).toBe(true);
  });
});

describe('states', () => {
  it('reads a stored state it does not know as new', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    expect(effectiveStatus('archived', null, now)).toBe('new');
    expect(effectiveStatus('', new Date('2026-01-01T00:00:00Z'), now)).toBe('new');
  });

  it('knows exactly the seven states', () => {
    for (const s of ['new', 'quoted', 'accepted', 'declined', 'expired', 'cancelled', 'withdrawn'])
      expect(isOrderStatus(s)).toBe(true);
    for (const s of ['', 'New', 'pending', 'quoted ', 7, null, undefined, ['new']])
      expect(isOrderStatus(s)).toBe(false);
    expect(orderStatusSchema.safeParse('withdrawn').success).toBe(true);
    expect(orderStatusSchema.safeParse('open').success).toBe(false);
  });
});

describe('currencies', () => {
  it('offers rupees, dollars, euros, pounds and dirhams, and nothing else', () => {
    for (const c of ['INR', 'USD', 'EUR', 'GBP', 'AED']) expect(currencyField.parse(c)).toBe(c);
    const refused = currencyField.safeParse('JPY');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('currency must be one of INR, USD, EUR, GBP, AED');
    expect(currencyField.safeParse('inr').success).toBe(false);
    expect(currencyField.safeParse('').success).toBe(false);
  });
});

describe('totals at the edge of exact numbers', () => {
  it('keeps a total of exactly the largest safe integer and refuses one more', () => {
    // 9,007,199,254,740,991 = 3 × 3,002,399,751,580,330 + 1
    expect(
      computeTotals([
        { unitPrice: 3_002_399_751_580_330, quantity: 3 },
        { unitPrice: 1, quantity: 1 },
      ]).total,
    ).toBe(Number.MAX_SAFE_INTEGER);
    expect(() =>
      computeTotals([
        { unitPrice: 3_002_399_751_580_330, quantity: 3 },
        { unitPrice: 2, quantity: 1 },
      ]),
    ).toThrow(new RangeError('total too large'));
  });

  it('refuses a line total above the largest safe integer even when it is the only line', () => {
    expect(() => computeTotals([{ unitPrice: 4_503_599_627_370_496, quantity: 2 }])).toThrow(
      new RangeError('total too large'),
    );
  });

  it('refuses a quantity or a price that is no safe integer, naming the rule', () => {
    const message = 'amounts and quantities must be integers';
    expect(() => computeTotals([{ unitPrice: 100, quantity: 2.5 }])).toThrow(new RangeError(message));
    expect(() => computeTotals([{ unitPrice: 100, quantity: Number.NaN }])).toThrow(new RangeError(message));
    expect(() => computeTotals([{ unitPrice: 2 ** 53, quantity: 1 }])).toThrow(new RangeError(message));
    expect(() => computeTotals([{ unitPrice: 0.5, quantity: 2 }])).toThrow(new RangeError(message));
  });
});

describe('amounts as typed', () => {
  it('takes up to ten whole digits, and no more', () => {
    expect(majorToMinor('9999999999')).toBe(999_999_999_900);
    expect(majorToMinor('9999999999.99')).toBe(999_999_999_999);
    expect(majorToMinor('10000000000')).toBeNull();
  });

  it('takes only a point as the decimal mark, with one or two digits after it', () => {
    expect(majorToMinor('1x50')).toBeNull();
    expect(majorToMinor('1.')).toBeNull();
    expect(majorToMinor('.5')).toBeNull();
    expect(majorToMinor('1.05')).toBe(105);
    expect(majorToMinor('1 5')).toBeNull();
    expect(majorToMinor('')).toBeNull();
    expect(majorToMinor('12a')).toBeNull();
  });

  it('drops every thousands comma, not only the first', () => {
    expect(majorToMinor('1,00,000')).toBe(10_000_000);
    expect(majorToMinor('1,234,567.89')).toBe(123_456_789);
  });

  it('writes a fraction of a minor unit as the whole minor units', () => {
    expect(minorToMajor(199.9)).toBe('1.99');
    expect(minorToMajor(-5)).toBe('-0.05');
    expect(minorToMajor(100)).toBe('1.00');
  });
});

describe('addresses of a request', () => {
  it('sends a buyer to their requests and an admin to the order list', () => {
    expect(buyerRequestPath('0b6f3d1e-2f4a-4c41-9a55-2a3c8f0e7d11')).toBe(
      '/myrequests/0b6f3d1e-2f4a-4c41-9a55-2a3c8f0e7d11',
    );
    expect(adminRequestPath('0b6f3d1e-2f4a-4c41-9a55-2a3c8f0e7d11')).toBe(
      '/orderlist/0b6f3d1e-2f4a-4c41-9a55-2a3c8f0e7d11',
    );
  });
});
