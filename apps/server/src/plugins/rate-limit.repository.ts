import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Fixed windows, one row per subject: `hit` creates or bumps each row atomically in one
 * statement (an expired window restarts at 1) and answers each row's count and seconds left.
 */
export function createRateLimitRepository(db: Db) {
  return {
    async hit(keys: string[], windowSeconds: number): Promise<{ hits: number; retryAfter: number }[]> {
      const values = sql.join(
        keys.map((key) => sql`(${key}, 1, now() + make_interval(secs => ${windowSeconds}))`),
        sql`, `,
      );
      const { rows } = await db.execute<{ hits: number; retry_after: number }>(sql`
        INSERT INTO rate_limits (key, hits, reset_at) VALUES ${values}
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
        RETURNING hits, greatest(1, ceil(extract(epoch FROM reset_at - now())))::int AS retry_after`);
      return rows.map((r) => ({ hits: Number(r.hits), retryAfter: Number(r.retry_after) }));
    },

    async removeFinished() {
      await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now()`);
    },
  };
}
