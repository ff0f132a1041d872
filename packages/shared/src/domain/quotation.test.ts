import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeTotals,
  decideTransition,
  defaultValidUntil,
  effectiveStatus,
  isOverdue,
  majorToMinor,
  minorToMajor,
  type OrderAction,
  type OrderStatus,
} from './quotation.ts';

const ALL: OrderStatus[] = ['new', 'quoted', 'accepted', 'declined', 'expired', 'cancelled', 'withdrawn'];

describe('transitions', () => {
  const allowed: Record<OrderAction, [OrderStatus[], OrderStatus | null]> = {
    saveQuote: [['new', 'quoted', 'expired'], null],
    sendQuote: [['new', 'quoted', 'expired'], 'quoted'],
    accept: [['quoted'], 'accepted'],
    decline: [['quoted'], 'declined'],
    cancel: [['new'], 'cancelled'],
    withdraw: [['quoted'], 'withdrawn'],
  };

  for (const [action, [from, to]] of Object.entries(allowed) as [
    OrderAction,
    [OrderStatus[], OrderStatus | null],
  ][]) {
    it(`${action}: allowed from ${from.join(', ')}, refused from every other state`, () => {
      for (const state of ALL) {
        const decision = decideTransition(state, action);
        if (from.includes(state)) expect(decision).toEqual({ ok: true, to });
        else {
          expect(decision.ok).toBe(false);
          expect(!decision.ok && decision.message).toContain(`is ${state}`);
        }
      }
    });
  }

  it('names the current state in a refusal', () => {
    expect(decideTransition('accepted', 'withdraw')).toEqual({
      ok: false,
      message: 'This request is accepted; it cannot be withdrawn',
    });
    expect(decideTransition('expired', 'accept')).toEqual({
      ok: false,
      message: 'This request is expired; it cannot be accepted',
    });
  });
});

describe('expiry', () => {
  const until = new Date('2026-12-01T00:00:00.000Z');

  it('is valid until the instant before valid-until and expired from it on', () => {
    expect(effectiveStatus('quoted', until, new Date('2026-11-30T23:59:59.999Z'))).toBe('quoted');
    expect(effectiveStatus('quoted', until, new Date('2026-12-01T00:00:00.000Z'))).toBe('expired');
    expect(effectiveStatus('quoted', until, new Date('2026-12-01T00:00:00.001Z'))).toBe('expired');
  });

  it('touches no other state', () => {
    const later = new Date('2027-01-01T00:00:00Z');
    for (const state of ['new', 'accepted', 'declined', 'cancelled', 'withdrawn', 'expired'])
      expect(effectiveStatus(state, until, later)).toBe(state);
    expect(effectiveStatus('quoted', null, later)).toBe('quoted');
  });

  it('defaults to fourteen days after sending', () => {
    expect(defaultValidUntil(new Date('2026-11-24T10:00:00Z')).toISOString()).toBe(
      '2026-12-08T10:00:00.000Z',
    );
  });
});

describe('overdue', () => {
  const created = new Date('2026-11-20T00:00:00Z');
  it('marks a new request older than 48 hours, and only a new one', () => {
    expect(isOverdue('new', created, new Date('2026-11-22T00:00:00Z'))).toBe(false);
    expect(isOverdue('new', created, new Date('2026-11-22T00:00:01Z'))).toBe(true);
    expect(isOverdue('quoted', created, new Date('2026-12-22T00:00:00Z'))).toBe(false);
  });
});

describe('totals', () => {
  it('multiplies and sums in minor units', () => {
    expect(
      computeTotals([
        { unitPrice: 1999, quantity: 3 },
        { unitPrice: 5, quantity: 10_000 },
      ]),
    ).toEqual({ lineTotals: [5997, 50_000], total: 55_997 });
    expect(computeTotals([])).toEqual({ lineTotals: [], total: 0 });
  });

  it('is exact at the largest request: 500 lines of 10,000 pieces at 1,000,000,000', () => {
    const lines = Array.from({ length: 500 }, () => ({ unitPrice: 1_000_000_000, quantity: 10_000 }));
    const { lineTotals, total } = computeTotals(lines);
    expect(lineTotals[0]).toBe(10_000_000_000_000);
    expect(total).toBe(5_000_000_000_000_000);
  });

  it('has no drift with many odd lines (checked against BigInt sums)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPrice: fc.integer({ min: 0, max: 1_000_000_000 }),
            quantity: fc.integer({ min: 1, max: 10_000 }),
          }),
          { maxLength: 500 },
        ),
        (lines) => {
          const expected = lines.reduce((s, l) => s + BigInt(l.unitPrice) * BigInt(l.quantity), 0n);
          expect(BigInt(computeTotals(lines).total)).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses amounts that are not integers', () => {
    expect(() => computeTotals([{ unitPrice: 1.5, quantity: 1 }])).toThrow(RangeError);
  });
});

describe('major and minor units', () => {
  it('writes minor units as exact decimals', () => {
    expect(minorToMajor(0)).toBe('0.00');
    expect(minorToMajor(5)).toBe('0.05');
    expect(minorToMajor(123_456)).toBe('1234.56');
    expect(minorToMajor(5_000_000_000_000_000)).toBe('50000000000000.00');
    expect(minorToMajor(-250)).toBe('-2.50');
  });

  it('reads typed amounts', () => {
    expect(majorToMinor('12')).toBe(1200);
    expect(majorToMinor('1,234.5')).toBe(123_450);
    expect(majorToMinor(' 0.07 ')).toBe(7);
    expect(majorToMinor('-1')).toBeNull();
    expect(majorToMinor('1.234')).toBeNull();
    expect(majorToMinor('abc')).toBeNull();
  });
});
