import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { outbox } from '../../db/schema/system.ts';
import { cleanSubject } from './mail-html.ts';

/** An e-mail rendered when it was caused, so its words are those of that moment. */
export type OutboxMail = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
};

/**
 * An e-mail rendered when it is sent, from data kept elsewhere (a price request and its
 * workbook): the cause's transaction only records what to render and for whom.
 */
export type DeferredMail = { template: string; id: string; to: string };

/**
 * What an outbox row's `payload` holds: never a password or a session token. The one exception is
 * a mailed link (password reset, e-mail verification): its single-use, expiring token must be in
 * the message, and nowhere else is it kept in clear.
 */
export type OutboxPayload = { mail: OutboxMail } | { deferred: DeferredMail };

export type ClaimedMail = { id: number; kind: string; payload: OutboxPayload; attempts: number };

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'skipped';

/** Writes messages in the caller's transaction, so they exist exactly when their cause does. */
export async function enqueueMail(
  tx: Db | Tx,
  messages: readonly { kind: string; payload: OutboxPayload }[],
) {
  if (!messages.length) return;
  await tx.insert(outbox).values(
    messages.map((m) => ({
      kind: m.kind,
      payload:
        'mail' in m.payload
          ? { mail: { ...m.payload.mail, subject: cleanSubject(m.payload.mail.subject) } }
          : m.payload,
    })),
  );
}

export function createOutboxRepository(db: Db) {
  return {
    /**
     * Takes up to `limit` due messages for this worker: rows locked by another worker are
     * skipped, and the lease keeps them from being taken again while they are being sent.
     * A worker that dies mid-send loses its lease, and the message is tried again later; sooner
     * when its `mail.send` job runs again: the rows it claimed name the job (`jobId`), and its
     * next run takes them back whatever their lease.
     */
    async claimDue(limit: number, leaseSeconds: number, jobId: string | null = null): Promise<ClaimedMail[]> {
      const { rows } = await db.execute<{
        id: string | number;
        kind: string;
        payload: unknown;
        attempts: number;
      }>(sql`
        UPDATE outbox SET locked_until = now() + make_interval(secs => ${leaseSeconds}),
          attempts = attempts + 1, claimed_by = ${jobId}::uuid
        WHERE id IN (
          SELECT id FROM outbox
          WHERE status = 'pending' AND ((next_attempt_at <= now()
            AND (locked_until IS NULL OR locked_until < now())) OR claimed_by = ${jobId}::uuid)
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts`);
      return rows
        .map((r) => ({
          id: Number(r.id),
          kind: r.kind,
          payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as OutboxPayload,
          attempts: Number(r.attempts),
        }))
        .sort((a, b) => a.id - b.id);
    },

    /**
     * How long until the next pending message is due (a retry's wait, or a lease that lapses);
     * 0 when one is due now, null when nothing is pending.
     */
    async nextDueInMs(): Promise<number | null> {
      const { rows } = await db.execute<{ dueInMs: number | string | null }>(sql`
        SELECT (EXTRACT(EPOCH FROM min(GREATEST(next_attempt_at, COALESCE(locked_until, next_attempt_at))) - now()) * 1000)::float8 AS "dueInMs"
        FROM outbox WHERE status = 'pending'`);
      const value = rows[0]?.dueInMs;
      // min() of no rows is NULL: nothing pending.
      return value === null || value === undefined ? null : Math.max(0, Math.ceil(Number(value)));
    },

    async markSent(id: number) {
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, claimedBy: null, lastError: null })
        .where(eq(outbox.id, id));
    },

    /** A message that can never be sent (its price request was deleted, say): kept, with the reason. */
    async markSkipped(id: number, reason: string) {
      await db
        .update(outbox)
        .set({ status: 'skipped', lockedUntil: null, claimedBy: null, lastError: reason })
        .where(eq(outbox.id, id));
    },

    /** Records the failure; tries again after `delayMs`, or gives up when `isFinal`. */
    async markFailed(id: number, error: string, { delayMs, isFinal }: { delayMs: number; isFinal: boolean }) {
      await db
        .update(outbox)
        .set({
          status: isFinal ? 'failed' : 'pending',
          lockedUntil: null,
          claimedBy: null,
          lastError: error.slice(0, 2000),
          nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
        })
        .where(eq(outbox.id, id));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
