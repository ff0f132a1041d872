import { describe, expect, it } from 'vitest';
import { NEW_BADGE_DAYS_DEFAULT, isNewProduct, newSince } from './new-badge.ts';

describe('New badge', () => {
  const now = new Date('2026-03-31T12:00:00.000Z');

  it('counts 30 days by default', () => {
    expect(NEW_BADGE_DAYS_DEFAULT).toBe(30);
    expect(newSince(now, 30)).toBe('2026-03-01T12:00:00.000Z');
  });

  it('marks products added since then, and no older one', () => {
    const since = newSince(now, 30);
    expect(isNewProduct('2026-03-30T08:00:00.000Z', since)).toBe(true);
    expect(isNewProduct('2026-03-01T12:00:00.000Z', since)).toBe(true);
    expect(isNewProduct('2026-03-01T11:59:59.999Z', since)).toBe(false);
    expect(isNewProduct('2024-01-01T00:00:00.000Z', since)).toBe(false);
  });

  it('never marks a product without a readable date, and none with 0 days', () => {
    const since = newSince(now, 30);
    expect(isNewProduct(undefined, since)).toBe(false);
    expect(isNewProduct('', since)).toBe(false);
    expect(isNewProduct('not a date', since)).toBe(false);
    expect(isNewProduct('2026-03-31T11:00:00.000Z', newSince(now, 0))).toBe(false);
    expect(isNewProduct('2026-03-31T11:00:00.000Z', newSince(now, 7))).toBe(true);
  });
});
