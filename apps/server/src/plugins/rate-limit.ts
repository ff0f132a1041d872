import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@catalogue/shared/errors';
import type { Db } from '../db/client.ts';
import { createRateLimitRepository } from './rate-limit.repository.ts';

/**
 * The forms that are limited: login, sign-up, contact, price request; the password forms
 * (forgot, reset and change, limited like login), the verification link sent again and the
 * comments on a price request.
 */
export type RateLimitName =
  | 'login'
  | 'register'
  | 'contact'
  | 'order'
  | 'forgotPassword'
  | 'resetPassword'
  /** The current-password check of a signed-in password change, per account. */
  | 'changePassword'
  | 'verifyEmail'
  | 'verifyResend'
  /** Comments on price requests, per account. */
  | 'comment'
  /** A selection's link page, its JSON, preview and line sheets, per address. */
  | 'selectionLink';

export type RateLimitOptions = {
  db: Db;
  windowSeconds: number;
  /** The selection links' limit may be left out (tests of the forms): 120 then. */
  limits: Omit<Record<RateLimitName, number>, 'selectionLink'> & { selectionLink?: number };
  /** Limits counted over their own window instead of `windowSeconds`. */
  windows?: Partial<Record<RateLimitName, number>>;
};

/**
 * Who a hit is counted against: the client address and, when known, the e-mail it is about; or
 * an account alone (a signed-in action limited per account, whatever address it comes from).
 */
export type RateLimitSubjects = { ip: string; email?: string | null } | { account: string };

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
  forgotPassword: 'Too many password reset requests, please try again later',
  resetPassword: 'Too many password reset attempts, please try again later',
  changePassword: 'Too many password change attempts, please try again later',
  verifyEmail: 'Too many verification attempts, please try again later',
  verifyResend: 'Too many verification e-mails requested, please try again later',
  comment: 'Too many comments, please try again later',
  selectionLink: 'Too many requests for this link, please try again in a minute',
};

/** E-mails are counted by their hash: the table needs no personal data to do its job. */
const keyOf = (name: RateLimitName, kind: string, value: string) =>
  `${name}:${kind}:${crypto.createHash('sha256').update(value).digest('base64url').slice(0, 32)}`;

/**
 * Fixed windows counted in PostgreSQL (rate-limit.repository.ts), so that the limit holds however
 * many server processes share the database.
 */
export function createRateLimiter(db: Db, windowSeconds: number) {
  const windows = createRateLimitRepository(db);
  let lastSweep = 0;

  /** Drops finished windows now and then, so the table stays as small as the current traffic. */
  async function sweep(): Promise<void> {
    if (Date.now() - lastSweep < windowSeconds * 1000) return;
    lastSweep = Date.now();
    await windows.removeFinished();
  }

  return {
    /** The seconds to wait when any subject is over `limit`, else null. */
    async consume(
      name: RateLimitName,
      limit: number,
      subjects: RateLimitSubjects,
      window = windowSeconds,
    ): Promise<number | null> {
      const keys: string[] = [];
      if ('account' in subjects) keys.push(keyOf(name, 'account', subjects.account));
      else {
        keys.push(keyOf(name, 'ip', subjects.ip));
        const email = subjects.email?.trim().toLowerCase();
        if (email) keys.push(keyOf(name, 'email', email));
      }
      const results = await windows.hit(keys, window);
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
      const retryAfter = await limiter.consume(
        name,
        opts.limits[name] ?? 120,
        subjects,
        opts.windows?.[name],
      );
      limiter.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'rate limit sweep failed'));
      if (retryAfter !== null) {
        reply.header('retry-after', String(retryAfter));
        throw new AppError('RATE_LIMITED', MESSAGES[name]);
      }
    },
  );
});
