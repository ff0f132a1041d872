/**
 * PostgreSQL takes at most 65,535 bind parameters in one statement, so a query over "these ids"
 * (`IN ($1, …, $n)`) fails once a list grows past it: the admin's unpaged order list over a
 * business's history does. `inBatches` runs `query` over consecutive slices of at most `size`
 * items, one after another, and returns every result in order.
 */
export const ID_BATCH = 10_000;

export async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  query: (batch: T[]) => Promise<R[]>,
): Promise<R[]> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('batch size must be a whole number ≥ 1');
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size)
    results.push(...(await query(items.slice(start, start + size))));
  return results;
}
