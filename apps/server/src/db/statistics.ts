import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The tables a bulk write of the catalogue fills: products, their attributes, pictures and media. */
const CATALOGUE_TABLES = sql.raw('products, product_attributes, product_images, media');

/** A write of at least this many products refreshes the planner's statistics at once. */
export const BULK_WRITE_ROWS = 1_000;

/**
 * Refreshes PostgreSQL's planner statistics of the catalogue's tables (`ANALYZE`: a sample of at
 * most 30,000 rows a table, ~0.1-0.3 s at 100,000 products).
 *
 * Without statistics the planner guesses row counts. Right after 100,000 products were written,
 * before autovacuum had analysed them (and it never does where autovacuum is off, as on the
 * machines this was measured on), a page of 1,000 products with their attributes took 262-292 ms,
 * 168-195 ms of it in PostgreSQL's JIT compiling a plan whose cost it overestimated a hundredfold,
 * and the plan probed every attribute value for each product; analysed, the same read took 26 ms.
 * So the bulk seed and the imports analyse as soon as they have written (BULK_WRITE_ROWS).
 */
export async function analyzeCatalogue(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE ${CATALOGUE_TABLES}`);
}

/**
 * After a committed write of `rows` products: analyses when they are BULK_WRITE_ROWS or more. The
 * write has already happened, so a failure here is logged and never becomes the write's error.
 */
export async function analyzeAfterBulkWrite(
  db: Db,
  rows: number,
  log?: { error(obj: object, msg: string): void },
): Promise<boolean> {
  if (rows < BULK_WRITE_ROWS) return false;
  try {
    await analyzeCatalogue(db);
    return true;
  } catch (error) {
    log?.error({ err: error }, 'refreshing the planner statistics after a bulk write failed');
    return false;
  }
}
