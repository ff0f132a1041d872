/** Small statistics used by the bench; pure, so they are unit tested. */

/** The median of `values` (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The `p`th percentile (0–100) by the nearest-rank method, as latency tools report it; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  if (p < 0 || p > 100) throw new RangeError('percentile must be between 0 and 100');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** Rounds to `digits` decimals for the table and the JSON (keeps figures readable and diffs small). */
export const round = (value: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
