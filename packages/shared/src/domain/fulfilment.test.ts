import { describe, expect, it } from 'vitest';
import {
  checkShipment,
  decideDetails,
  decideShipment,
  decideStage,
  indiaToday,
  isCalendarDate,
  isOnTime,
  isShipOverdue,
  nextStages,
} from './fulfilment.ts';

describe('stage moves by hand', () => {
  it('goes one stage forward at a time up to packed, and from dispatched to delivered', () => {
    expect(decideStage('confirmed', 'in_production')).toEqual({ ok: true });
    expect(decideStage('in_production', 'quality_check')).toEqual({ ok: true });
    expect(decideStage('quality_check', 'packed')).toEqual({ ok: true });
    expect(decideStage('dispatched', 'delivered')).toEqual({ ok: true });
  });

  it('refuses a skipped, repeated or backward stage, naming the current one', () => {
    expect(decideStage('confirmed', 'packed')).toEqual({
      ok: false,
      message: 'This order is confirmed; the next stage is in production, not packed',
    });
    expect(decideStage('in_production', 'in_production')).toEqual({
      ok: false,
      message: 'This order is in production; the next stage is in quality check, not in production',
    });
    expect(decideStage('packed', 'confirmed')).toEqual({
      ok: false,
      message: 'This order is packed; it moves on by recording shipments, not to confirmed',
    });
    expect(decideStage('partly_dispatched', 'delivered')).toEqual({
      ok: false,
      message: 'This order is partly dispatched; it moves on by recording shipments, not to delivered',
    });
  });

  it('reaches the dispatch stages only through shipments', () => {
    expect(decideStage('packed', 'dispatched')).toEqual({
      ok: false,
      message: 'This order is packed; it becomes dispatched by recording shipments',
    });
    expect(decideStage('packed', 'partly_dispatched').ok).toBe(false);
  });

  it('cancels from every stage before dispatched, and never after', () => {
    for (const stage of [
      'confirmed',
      'in_production',
      'quality_check',
      'packed',
      'partly_dispatched',
    ] as const)
      expect(decideStage(stage, 'cancelled')).toEqual({ ok: true });
    expect(decideStage('dispatched', 'cancelled')).toEqual({
      ok: false,
      message: 'This order is dispatched; it cannot be cancelled after dispatch',
    });
    expect(decideStage('delivered', 'cancelled').ok).toBe(false);
  });

  it('changes nothing once delivered or cancelled', () => {
    expect(decideStage('cancelled', 'in_production')).toEqual({
      ok: false,
      message: 'This order is cancelled; it cannot change any more',
    });
    expect(decideStage('delivered', 'delivered').ok).toBe(false);
    expect(decideDetails('delivered').ok).toBe(false);
    expect(decideDetails('cancelled').ok).toBe(false);
    expect(decideDetails('partly_dispatched').ok).toBe(true);
  });

  it('lists the moves a screen may offer', () => {
    expect(nextStages('confirmed')).toEqual(['in_production', 'cancelled']);
    expect(nextStages('packed')).toEqual(['cancelled']);
    expect(nextStages('dispatched')).toEqual(['delivered']);
    expect(nextStages('delivered')).toEqual([]);
  });
});

describe('shipments', () => {
  const order = [
    { key: 'ring', label: 'KR-1', accepted: 3, shipped: 0 },
    { key: 'pendant', label: 'PP-2', accepted: 250, shipped: 100 },
  ];

  it('may be recorded once packed and until every line is shipped', () => {
    expect(decideShipment('packed').ok).toBe(true);
    expect(decideShipment('partly_dispatched').ok).toBe(true);
    expect(decideShipment('quality_check')).toEqual({
      ok: false,
      message: 'This order is in quality check; it can be shipped once packed',
    });
    expect(decideShipment('dispatched')).toEqual({
      ok: false,
      message: 'This order is dispatched; it cannot be shipped any more',
    });
    expect(decideShipment('cancelled').ok).toBe(false);
  });

  it('makes the order partly dispatched while a line has pieces left, dispatched when none has', () => {
    expect(checkShipment(order, [{ key: 'ring', quantity: 3 }])).toEqual({
      ok: true,
      stage: 'partly_dispatched',
    });
    expect(
      checkShipment(order, [
        { key: 'ring', quantity: 2 },
        { key: 'pendant', quantity: 150 },
      ]),
    ).toEqual({ ok: true, stage: 'partly_dispatched' });
    expect(
      checkShipment(order, [
        { key: 'ring', quantity: 3 },
        { key: 'pendant', quantity: 150 },
      ]),
    ).toEqual({ ok: true, stage: 'dispatched' });
  });

  it('refuses more than is left of the accepted quantity', () => {
    expect(checkShipment(order, [{ key: 'pendant', quantity: 151 }])).toEqual({
      ok: false,
      message: 'lines: PP-2 has 150 of 250 accepted left to ship, not 151',
    });
    expect(checkShipment(order, [{ key: 'ring', quantity: 4 }]).ok).toBe(false);
  });

  it('refuses an empty shipment, a line not in the order, a line named twice and a quantity below 1', () => {
    expect(checkShipment(order, [])).toEqual({
      ok: false,
      message: 'lines must name at least one line of the order',
    });
    expect(checkShipment(order, [{ key: 'bangle', quantity: 1 }])).toEqual({
      ok: false,
      message: 'lines: bangle is not a line of this order',
    });
    expect(
      checkShipment(order, [
        { key: 'ring', quantity: 1 },
        { key: 'ring', quantity: 1 },
      ]),
    ).toEqual({ ok: false, message: 'lines: KR-1 is named twice' });
    expect(checkShipment(order, [{ key: 'ring', quantity: 0 }])).toEqual({
      ok: false,
      message: 'lines: the quantity of KR-1 must be at least 1',
    });
    expect(checkShipment(order, [{ key: 'ring', quantity: 1.5 }]).ok).toBe(false);
  });
});

describe('ship dates', () => {
  it("takes today's date in India (UTC+05:30)", () => {
    expect(indiaToday(new Date('2026-12-01T18:29:59Z'))).toBe('2026-12-01');
    expect(indiaToday(new Date('2026-12-01T18:30:00Z'))).toBe('2026-12-02');
  });

  it('is overdue from the day after the expected ship date, until dispatched', () => {
    const due = '2026-12-01';
    expect(isShipOverdue('in_production', due, new Date('2026-12-01T18:29:59Z'))).toBe(false);
    expect(isShipOverdue('in_production', due, new Date('2026-12-01T18:30:00Z'))).toBe(true);
    expect(isShipOverdue('partly_dispatched', due, new Date('2026-12-05T00:00:00Z'))).toBe(true);
    expect(isShipOverdue('dispatched', due, new Date('2026-12-05T00:00:00Z'))).toBe(false);
    expect(isShipOverdue('delivered', due, new Date('2026-12-05T00:00:00Z'))).toBe(false);
    expect(isShipOverdue('cancelled', due, new Date('2026-12-05T00:00:00Z'))).toBe(false);
    expect(isShipOverdue('packed', null, new Date('2026-12-05T00:00:00Z'))).toBe(false);
  });

  it('counts a dispatch on the expected day (in India) as on time', () => {
    expect(isOnTime('2026-12-01', new Date('2026-12-01T18:29:59Z'))).toBe(true);
    expect(isOnTime('2026-12-01', new Date('2026-12-01T18:30:00Z'))).toBe(false);
  });

  it('reads only real calendar days', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('1/12/2026')).toBe(false);
  });
});
