/**
 * Which page numbers the load generator asks for. Real traffic lands mostly on the first pages of
 * a listing with a long tail into the deep ones; the uniform draw is the worst case for any cache
 * of first pages. Both are seeded, so two runs request the same sequence.
 */

/** mulberry32: a tiny seeded generator, good enough to spread requests (not for secrets). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Pages by a Zipf law (exponent `s`, 1.1 by default): page k is drawn with weight 1/k^s, so with
 * 6,250 pages about 45% of requests land on page 1–3 and a few percent anywhere past page 1,000.
 */
export function realTrafficPages(totalPages: number, count: number, random: () => number, s = 1.1): number[] {
  if (totalPages < 1) throw new RangeError('totalPages must be at least 1');
  const cumulative = new Float64Array(totalPages);
  let sum = 0;
  for (let k = 1; k <= totalPages; k++) {
    sum += 1 / k ** s;
    cumulative[k - 1] = sum;
  }
  const pages: number[] = [];
  for (let i = 0; i < count; i++) {
    const target = random() * sum;
    // Binary search for the first cumulative weight above the target.
    let lo = 0;
    let hi = totalPages - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    pages.push(lo + 1);
  }
  return pages;
}

/** Pages drawn uniformly from 1 to `totalPages`. */
export function uniformPages(totalPages: number, count: number, random: () => number): number[] {
  if (totalPages < 1) throw new RangeError('totalPages must be at least 1');
  return Array.from({ length: count }, () => 1 + Math.floor(random() * totalPages));
}
