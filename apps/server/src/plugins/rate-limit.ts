import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { AppError } from '@catalogue/shared/errors';
import type { Db } from '../db/client.ts';

/** The public forms that are limited (spec: login, sign-up, contact, price request). */
export type RateLimitName = 'login' | 'register' | 'contact' | 'order';

export type RateLimitOptions = {
  db: Db;
  windowSeconds: number;
  limits: Record<RateLimitName, number>;
};

/** Who a hit is counted against: the client address and, when known, the e-mail it is about. */
export type RateLimitSubjects = { ip: string; email?: string | null };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one attempt against every subject; throws 429 (with Retry-After) when any of them
     * is over its limit for the current window.
     */
    enforceRateLimit(reply: FastifyReply, name: RateLimitName, subjects: RateLimitSubjects): Promise<void>;
  }
}

const MESSAGES: Record<RateLimitName, string> = {
  login: 'Too many login attempts, please try again later',
  register: 'Too many sign-up attempts, please try again later',
  contact: 'Too many messages sent, please try again later',
  order: 'Too many price requests, please try again later',
};

/** E-mails are counted by their hash: the table needs no personal data to do its job. */
const keyOf = (name: RateLimitName, kind: string, value: string) =>
  `${name}:${kind}:${crypto.createHash('sha256').update(value).digest('base64url').slice(0, 32)}`;

/**
 * Fixed windows counted in one statement per attempt, in PostgreSQL, so that the limit holds
 * however many server processes share the database. The row of a subject is created or bumped
 * atomically; an expired window restarts at 1.
 */
export function createRateLimiter(db: Db, windowSeconds: number) {
  let lastSweep = 0;

  async function hit(keys: string[]): Promise<{ hits: number; retryAfter: number }[]> {
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
  }

  /** Drops finished windows now and then, so the table stays as small as the current traffic. */
  async function sweep(): Promise<void> {
    if (Date.now() - lastSweep < windowSeconds * 1000) return;
    lastSweep = Date.now();
    await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now()`);
  }

  return {
    /** The seconds to wait when any subject is over `limit`, else null. */
    async consume(name: RateLimitName, limit: number, subjects: RateLimitSubjects): Promise<number | null> {
      const keys = [keyOf(name, 'ip', subjects.ip)];
      const email = subjects.email?.trim().toLowerCase();
      if (email) keys.push(keyOf(name, 'email', email));
      const results = await hit(keys);
      const over = results.filter((r) => r.hits > limit);
      return over.length ? Math.max(...over.map((r) => r.retryAfter)) : null;
    },
    sweep,
  };
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: RateLimitOptions) => {
  const limiter = createRateLimiter(opts.db, opts.windowSeconds);
  app.decorate(
    'enforceRateLimit',
    async function (reply: FastifyReply, name: RateLimitName, subjects: RateLimitSubjects) {
      const retryAfter = await limiter.consume(name, opts.limits[name], subjects);
      limiter.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'rate limit sweep failed'));
      if (retryAfter !== null) {
        reply.header('retry-after', String(retryAfter));
        throw new AppError('RATE_LIMITED', MESSAGES[name]);
      }
    },
  );
});
