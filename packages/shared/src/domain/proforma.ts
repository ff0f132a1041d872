import { roundHalfUp } from './pricing.ts';

/**
 * The proforma invoice of an accepted quote: its number's label and the amounts it adds to the
 * quote's (the INR equivalent of a foreign-currency amount, the deposit due). Exact integers.
 */

/** `7` → `PI-0007`: the series' number, at least four digits. */
export const proformaNumberLabel = (number: number) => `PI-${String(number).padStart(4, '0')}`;

/**
 * An amount in a foreign currency's minor units (cents) in INR paise at `inrPerUnit` (paise per one
 * unit: 8450 = ₹84.50 per US$1): minor × inrPerUnit / 100, rounded half up. INR (null) is unchanged.
 */
export function inrEquivalent(minor: number, inrPerUnit: number | null): number {
  if (inrPerUnit == null) return minor;
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError('minor must be a whole amount ≥ 0');
  if (!Number.isSafeInteger(inrPerUnit) || inrPerUnit <= 0)
    throw new RangeError('inrPerUnit must be positive');
  const paise = roundHalfUp(BigInt(minor) * BigInt(inrPerUnit), 100n);
  if (paise > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large');
  return Number(paise);
}

/** The deposit of `pct` % (a whole number 0…100) of the grand total, rounded half up; the balance is the rest. */
export function depositSplit(grandTotal: number, pct: number): { deposit: number; balance: number } {
  if (!Number.isInteger(pct) || pct < 0 || pct > 100)
    throw new RangeError('pct must be a whole number 0…100');
  const deposit = Number(roundHalfUp(BigInt(grandTotal) * BigInt(pct), 100n));
  return { deposit, balance: grandTotal - deposit };
}
