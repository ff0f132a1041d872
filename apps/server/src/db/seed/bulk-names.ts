/**
 * The vocabulary of generated product names (`npm run seed -- --products N`): the seed builds them
 * in SQL from these lists, and the benchmarks rebuild the same names to search for them.
 */
export const MOTIFS = [
  'Jaipur',
  'Kundan',
  'Meenakari',
  'Filigree',
  'Polki',
  'Temple',
  'Boho',
  'Minimal',
  'Vintage',
  'Royal',
] as const;
export const STYLES = [
  'Classic',
  'Twisted',
  'Floral',
  'Layered',
  'Hammered',
  'Beaded',
  'Sculpted',
  'Etched',
] as const;
export const KINDS = ['Ring', 'Bracelet', 'Earrings', 'Necklace', 'Pendant'] as const;

/** The name of generated product number `g` (1-based), exactly as the seed's SQL writes it. */
export function bulkProductName(g: number): string {
  return `${MOTIFS[g % MOTIFS.length]} ${STYLES[Math.floor(g / 10) % STYLES.length]} ${KINDS[g % KINDS.length]} ${g}`;
}

/** A list as a PostgreSQL text array literal, for the seed's INSERT … SELECT. */
export const sqlTextArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
