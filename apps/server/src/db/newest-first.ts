import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Newest first, spelled exactly as the indexes are declared: drizzle-kit writes `.desc()` index
 * columns as `DESC NULLS LAST`, while a bare `DESC` means NULLS FIRST, which no such index
 * provides, so PostgreSQL would sort every row for each page instead of reading the first few
 * from the index. The columns are NOT NULL, so the answers are the same.
 */
export function newestFirst(...columns: (AnyColumn | SQL.Aliased)[]): SQL[] {
  return columns.map((column) => sql`${column} DESC NULLS LAST`);
}
