import type { JsonAnswer } from '../../lib/http-cache.ts';
import { LruCache } from '../../lib/lru-cache.ts';

/**
 * The longest an answer is kept. Its quotation links were signed when it was made and work for an
 * hour from then (download-links.ts), so a kept answer's links still work at least 59 minutes.
 */
export const LIST_ANSWER_MAX_AGE_MS = 60_000;
/** Answers held per process: the admin list's addresses and buyers' pages, ~10 KB of JSON each. */
const MAX_ANSWERS = 1_000;

type Held = { answer: JsonAnswer; until: number };

/** "No instant": an answer with nothing in it that changes by itself. */
export const NEVER = Number.POSITIVE_INFINITY;

/**
 * The answers of the admin order list's pages and of the buyers' "My requests" pages, kept per
 * process as serialised JSON (with their compressed forms and ETag, made once when first asked
 * for), so a page asked for again costs a lookup instead of its statements, its validation and its
 * compression.
 *
 * What makes an answer stale, and how it is dropped:
 * - any write to a request (stored, quoted, sent, decided, withdrawn, expired, deleted; a comment
 *   changes no list) on this or another process: `clear`, through the `orders:changed` event and
 *   LISTEN/NOTIFY (cache-sync.ts), like the list totals and the dashboard figures; a catalogue
 *   change too (a deleted product or picture changes the lines of stored requests);
 * - time: a quote lapses at its valid-until instant, and a `new` request becomes overdue 48 hours
 *   after it was made, without any write. Each answer is kept only until the first such instant
 *   that can change it (`until`, worked out by its maker), and never longer than
 *   LIST_ANSWER_MAX_AGE_MS.
 *
 * An answer whose statements started before a `clear` is not kept (its `generation` is older), so
 * a read racing a write never stores what the write made stale.
 */
export function createListAnswers(options: { now?: () => number; maxAgeMs?: number } = {}) {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? LIST_ANSWER_MAX_AGE_MS;
  const cache = new LruCache<string, Held>({
    maxEntries: MAX_ANSWERS,
    ttlMs: maxAgeMs,
    ...(options.now ? { now: options.now } : {}),
  });
  let generation = 0;

  return {
    /** Changes on every `clear`: what a maker reads before its statements and hands to `keep`. */
    get generation(): number {
      return generation;
    },

    /** The answer held under `key` while it is still true, else undefined. */
    get(key: string): JsonAnswer | undefined {
      const held = cache.get(key);
      if (!held) return undefined;
      if (now() < held.until) return held.answer;
      cache.delete(key);
      return undefined;
    },

    /** Keeps `answer` until the instant `until` (at most the maximum age), unless a write came since `since`. */
    keep(key: string, since: number, answer: JsonAnswer, until: number): void {
      const at = now();
      if (since !== generation || until <= at) return;
      cache.set(key, { answer, until: Math.min(until, at + maxAgeMs) });
    },

    clear(): void {
      generation += 1;
      cache.clear();
    },

    get size(): number {
      return cache.size;
    },
  };
}

export type ListAnswers = ReturnType<typeof createListAnswers>;
