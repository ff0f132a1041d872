import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { cleanSubject } from './mail-html.ts';
import { mapWithLimit } from '../../lib/concurrency.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { hasQueuedJob } from '../../jobs/jobs.repository.ts';
import type { MailTransport, OutgoingMail } from './mail-transport.ts';
import {
  createOutboxRepository,
  type ClaimedMail,
  type DeferredMail,
  type OutboxMail,
} from './outbox.repository.ts';

export type BuiltAttachment = { filename: string; content: Buffer; contentType: string };

export type RenderedMail = OutboxMail & { attachments?: BuiltAttachment[] };

/** Renders a deferred message when it is sent; null when what it is about no longer exists. */
export type DeferredMailRenderer = (mail: DeferredMail) => Promise<RenderedMail | null>;

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type MailDispatcherOptions = {
  db: Db;
  transport: MailTransport;
  from: string;
  renderDeferred: DeferredMailRenderer;
  /**
   * Reads what a claimed batch needs at once (its price requests, say) and answers a renderer
   * for its messages; without it, or when it fails, each message is rendered on its own.
   */
  prepareDeferred?: (mails: readonly DeferredMail[]) => Promise<DeferredMailRenderer>;
  /**
   * The job queue that sends (ADR 017): each pass over the outbox is a `mail.send` job, run by any
   * instance. Without it (a test's own dispatcher) only `runOnce` sends.
   */
  jobs?: JobQueue;
  batchSize?: number;
  /** How long a claimed message stays this worker's; longer than any one send can take. */
  leaseSeconds?: number;
  maxAttempts?: number;
  /** Delay before attempt `attempts + 1`. */
  backoffMs?: (attempts: number) => number;
};

export type DispatchResult = { sent: number; retried: number; failed: number; skipped: number };

/** The job that sends what is due in the outbox, and the schedule that checks nothing was left. */
export const MAIL_JOB = 'mail.send';
const MAIL_SWEEP = 'mail.sweep';

/**
 * `firstMs` (30 s by default, `MAIL_RETRY_FIRST_SECONDS`), then doubling, capped at one hour, with
 * jitter so that retries of many rows spread out.
 */
export function defaultBackoffMs(attempts: number, firstMs = 30_000): number {
  const base = Math.min(3_600_000, firstMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

class SkipMessage extends Error {}

/**
 * Messages of a batch built and sent at once: while one waits for the mail server, the next is
 * rendered (its workbook is a few milliseconds of work), so a burst of price requests drains
 * faster than one at a time; more at once would only hold more messages in memory.
 */
const DELIVERIES_AT_ONCE = 2;

/**
 * Sends what the outbox holds, in the background: a request only writes rows and never waits
 * for mail. The outbox row is the truth (pending, sent, failed or skipped; its attempts and when
 * it is next due); the sending is `mail.send` jobs (ADR 017): a commit that queued mail sends
 * one, a pass that left a retry sends one for when it is due, and a schedule once a minute sends
 * one if anything due was left without. Any instance may run it; a row is claimed by one pass at
 * a time (`FOR UPDATE SKIP LOCKED`, a lease), and the rows a pass claimed name its job, so when
 * its instance dies, the job's next run takes them back at once.
 */
export function createMailDispatcher(options: MailDispatcherOptions) {
  const repo = createOutboxRepository(options.db);
  const batchSize = options.batchSize ?? 10;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const maxAttempts = options.maxAttempts ?? 10;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const { jobs } = options;

  let log: Logger | null = null;
  let isStarted = false;
  let isClosed = false;
  /** This instance's passes in flight: `stop` waits for them before closing the transport. */
  const passes = new Set<Promise<unknown>>();
  /** A wake-up being sent, and whether another was asked for meanwhile. */
  let waking: Promise<void> | null = null;
  let isWakeAskedAgain = false;

  async function build(
    { payload }: ClaimedMail,
    renderDeferred: DeferredMailRenderer,
  ): Promise<OutgoingMail> {
    let mail: RenderedMail;
    if ('deferred' in payload) {
      const rendered = await renderDeferred(payload.deferred);
      if (!rendered) {
        throw new SkipMessage(`${payload.deferred.template} ${payload.deferred.id} no longer exists`);
      }
      mail = rendered;
    } else {
      mail = payload.mail;
    }
    const attachments = mail.attachments ?? [];
    return {
      from: options.from,
      to: mail.to,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      subject: cleanSubject(mail.subject),
      text: mail.text,
      html: mail.html,
      ...(attachments.length ? { attachments } : {}),
    };
  }

  async function deliver(claimed: ClaimedMail, result: DispatchResult, renderDeferred: DeferredMailRenderer) {
    try {
      await options.transport.send(await build(claimed, renderDeferred), `outbox-${claimed.id}`);
      await repo.markSent(claimed.id);
      result.sent++;
    } catch (error) {
      if (error instanceof SkipMessage) {
        await repo.markSkipped(claimed.id, error.message);
        result.skipped++;
        log?.warn({ outboxId: claimed.id, kind: claimed.kind }, error.message);
        return;
      }
      const isFinal = claimed.attempts >= maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      await repo.markFailed(claimed.id, message, { delayMs: backoffMs(claimed.attempts), isFinal });
      if (isFinal) result.failed++;
      else result.retried++;
      log?.[isFinal ? 'error' : 'warn'](
        { outboxId: claimed.id, kind: claimed.kind, attempts: claimed.attempts, err: message },
        isFinal ? 'mail failed for good' : 'mail failed, will retry',
      );
    }
  }

  /**
   * One pass over what is due now (at most one batch). Tests call it directly; `jobId` is the
   * `mail.send` job running it, whose rows (left by its run that died) it takes back first.
   */
  async function runOnce(jobId: string | null = null): Promise<DispatchResult> {
    const result: DispatchResult = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    if (isClosed) return result;
    const claimed = await repo.claimDue(batchSize, leaseSeconds, jobId);
    const renderDeferred = await rendererFor(claimed);
    // Every send of the pass finishes before it ends, so stop() never cuts a send.
    await mapWithLimit(claimed, DELIVERIES_AT_ONCE, (item) => deliver(item, result, renderDeferred));
    return result;
  }

  /** A `mail.send` job: batch after batch until what is due is sent, then the next wake-up. */
  async function drain(jobId: string): Promise<DispatchResult> {
    const total: DispatchResult = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    const pass = (async () => {
      for (;;) {
        const r = await runOnce(jobId);
        for (const key of Object.keys(total) as Array<keyof DispatchResult>) total[key] += r[key];
        if (r.sent + r.retried + r.failed + r.skipped < batchSize || isClosed) break;
      }
    })();
    passes.add(pass);
    try {
      await pass;
    } finally {
      passes.delete(pass);
    }
    await planNext();
    return total;
  }

  /**
   * Sends a `mail.send` job for the earliest pending message (now, or when its retry is due),
   * unless one is already queued by then: a burst of commits or passes makes one job, not many.
   */
  async function planNext(): Promise<void> {
    if (!jobs || isClosed) return;
    const dueInMs = await repo.nextDueInMs();
    if (dueInMs === null || (await hasQueuedJob(options.db, MAIL_JOB, dueInMs))) return;
    await jobs.send(MAIL_JOB, {}, { delayMs: dueInMs });
  }

  /** `planNext` one at a time on this instance, once more if asked again meanwhile. Never throws. */
  function wake() {
    if (waking) {
      isWakeAskedAgain = true;
      return;
    }
    isWakeAskedAgain = false;
    waking = planNext()
      .catch((err: unknown) =>
        log?.warn({ err }, 'queueing the sending of mail failed; the next check retries'),
      )
      .finally(() => {
        waking = null;
        if (isWakeAskedAgain && isStarted) wake();
      });
  }

  jobs?.define<Record<string, never>>(MAIL_JOB, {
    run: (job) => drain(job.id),
    // A pass cut off by its instance's death runs again elsewhere: its claimed rows are taken back.
    retryLimit: 3,
  });
  // What no wake-up covers (a process that died between its commit and its job): checked each minute.
  jobs?.every(MAIL_SWEEP, 1, () => (isStarted ? planNext() : Promise.resolve()));

  async function rendererFor(claimed: readonly ClaimedMail[]): Promise<DeferredMailRenderer> {
    const deferred = claimed.flatMap(({ payload }) => ('deferred' in payload ? [payload.deferred] : []));
    if (!options.prepareDeferred || !deferred.length) return options.renderDeferred;
    try {
      return await options.prepareDeferred(deferred);
    } catch (error) {
      log?.warn({ err: error }, 'reading the batch of deferred mail failed; rendering one by one');
      return options.renderDeferred;
    }
  }

  return {
    runOnce,
    /** This instance sends: nudges become jobs, and what an earlier run left pending is planned. */
    start(logger: Logger) {
      if (isStarted) return;
      log = logger;
      isStarted = true;
      wake();
    },
    /** Something was queued: a job sends it now. Never waits. */
    nudge() {
      if (isStarted) wake();
    },
    /** Stops queueing jobs and waits for the passes in flight, so shutdown never cuts a send in half. */
    async stop() {
      isStarted = false;
      isClosed = true;
      await waking;
      await Promise.all([...passes]);
      options.transport.close();
    },
  };
}

export type MailDispatcher = ReturnType<typeof createMailDispatcher>;
