import { openDay } from '@catalogue/shared/domain/selections';
import type { FastifyBaseLogger } from 'fastify';
import type { OpenCount, SelectionsRepository } from './selections.repository.ts';

/** How often the opens kept in memory are written. */
const FLUSH_MS = 1000;
/** Written at once beyond this many pending rows, so a burst cannot grow the buffer without end. */
const MAX_PENDING = 500;

/**
 * Opens of links, kept in memory and written in one statement a second: a page never waits for
 * them, and a burst of opens is one write. Per link and day the counts merge (viewed: the most
 * seen; added: the sum), which is also what the table keeps. A failed write is logged and dropped:
 * activity is a hint to the sales team, not a ledger.
 */
export function createOpenRecorder(deps: {
  repo: Pick<SelectionsRepository, 'recordOpens' | 'recordViewer'>;
  log?: FastifyBaseLogger | undefined;
  now: () => Date;
}) {
  const pending = new Map<string, OpenCount>();
  const viewers = new Map<string, { linkId: string; userId: string }>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, FLUSH_MS);
    timer.unref();
  };

  function flush(): Promise<void> {
    const counts = [...pending.values()];
    const seen = [...viewers.values()];
    pending.clear();
    viewers.clear();
    if (!counts.length && !seen.length) return writing;
    writing = writing
      .then(async () => {
        await deps.repo.recordOpens(counts);
        for (const v of seen) await deps.repo.recordViewer(v.linkId, v.userId);
      })
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'selections: could not record link opens'));
    return writing;
  }

  return {
    record(linkId: string, counts: { viewed: number; added: number }) {
      const at = deps.now();
      const day = openDay(at);
      const key = `${linkId} ${day}`;
      const kept = pending.get(key);
      if (kept) {
        kept.at = at;
        kept.viewed = Math.max(kept.viewed, counts.viewed);
        kept.added += counts.added;
      } else pending.set(key, { linkId, day, at, ...counts });
      if (pending.size >= MAX_PENDING) void flush();
      else schedule();
    },
    viewer(linkId: string, userId: string) {
      viewers.set(`${linkId} ${userId}`, { linkId, userId });
      schedule();
    },
    flush,
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}
