import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { cleanSubject } from './mail-html.ts';
import { mapWithLimit } from '../../lib/concurrency.ts';
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
  batchSize?: number;
  /** How long a claimed message stays this worker's; longer than any one send can take. */
  leaseSeconds?: number;
  maxAttempts?: number;
  /** Delay before attempt `attempts + 1`. */
  backoffMs?: (attempts: number) => number;
  /** Idle polling period; a `nudge()` after a commit sends sooner. */
  intervalMs?: number;
};

export type DispatchResult = { sent: number; retried: number; failed: number; skipped: number };

/** 30 s, 1 min, 2 min ... capped at one hour, with jitter so that retries of many rows spread out. */
export function defaultBackoffMs(attempts: number): number {
  const base = Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
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
 * for mail. Several processes may run a dispatcher against one database; a row is claimed by
 * one of them at a time.
 */
export function createMailDispatcher(options: MailDispatcherOptions) {
  const repo = createOutboxRepository(options.db);
  const batchSize = options.batchSize ?? 10;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const maxAttempts = options.maxAttempts ?? 10;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const intervalMs = options.intervalMs ?? 5_000;

  let log: Logger | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let isStarted = false;
  let isNudged = false;

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

  /** One pass over what is due now (at most one batch). Tests call it directly. */
  async function runOnce(): Promise<DispatchResult> {
    const result: DispatchResult = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    const claimed = await repo.claimDue(batchSize, leaseSeconds);
    const renderDeferred = await rendererFor(claimed);
    // Every send of the pass finishes before it ends, so stop() never cuts a send.
    await mapWithLimit(claimed, DELIVERIES_AT_ONCE, (item) => deliver(item, result, renderDeferred));
    return result;
  }

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

  /** Drains what is due, batch after batch, then waits for the next tick or nudge. */
  function tick() {
    timer = null;
    if (!isStarted || running) return;
    isNudged = false;
    running = (async () => {
      try {
        for (;;) {
          const r = await runOnce();
          if (r.sent + r.retried + r.failed + r.skipped < batchSize || !isStarted) break;
        }
      } catch (error) {
        log?.error({ err: error }, 'mail dispatcher pass failed');
      } finally {
        running = null;
        if (isStarted) timer = setTimeout(tick, isNudged ? 0 : intervalMs);
      }
    })();
  }

  return {
    runOnce,
    start(logger: Logger) {
      if (isStarted) return;
      log = logger;
      isStarted = true;
      timer = setTimeout(tick, 0);
    },
    /** Something was queued: send soon instead of at the next tick. Never waits. */
    nudge() {
      if (!isStarted) return;
      if (running) {
        isNudged = true;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = setTimeout(tick, 0);
    },
    /** Stops polling and waits for the pass in flight, so shutdown never cuts a send in half. */
    async stop() {
      isStarted = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      options.transport.close();
    },
  };
}

export type MailDispatcher = ReturnType<typeof createMailDispatcher>;
