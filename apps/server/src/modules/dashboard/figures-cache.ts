/**
 * Figures computed from the whole request history, kept per key (the window in weeks) so that the
 * admins looking at the dashboard share one computation:
 *
 * - figures younger than `freshMs` and with no request written since are answered as they are;
 * - otherwise figures younger than `staleMs` are answered at once while one computation renews
 *   them in the background (the answer carries when it was computed, which the screen shows);
 * - older figures, or none, wait for that computation.
 *
 * A write to any request (`invalidate`) makes the held figures due for renewal. Concurrent readers
 * never start a second computation, and a failed one is not kept.
 */
export type FiguresCacheOptions = { freshMs: number; staleMs: number; now?: () => number };

type Entry<T> = {
  value: T | null;
  at: number;
  /** A request was written after `at`. */
  dirty: boolean;
  computing: Promise<T> | null;
};

export function createFiguresCache<K, T>(compute: (key: K) => Promise<T>, options: FiguresCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<K, Entry<T>>();

  function renew(key: K, entry: Entry<T>): Promise<T> {
    if (entry.computing) return entry.computing;
    const started = now();
    entry.dirty = false;
    const computing = compute(key).then(
      (value) => {
        // A write during the computation may not be in it: the figures stay due for renewal.
        entry.value = value;
        entry.at = started;
        entry.computing = null;
        return value;
      },
      (error: unknown) => {
        entry.computing = null;
        entry.dirty = true;
        throw error;
      },
    );
    entry.computing = computing;
    return computing;
  }

  return {
    get(key: K): Promise<T> {
      let entry = entries.get(key);
      if (!entry) {
        entry = { value: null, at: 0, dirty: true, computing: null };
        entries.set(key, entry);
      }
      const age = now() - entry.at;
      if (entry.value !== null && age < options.staleMs) {
        if (entry.dirty || age >= options.freshMs) {
          // Failures of a background renewal are reported to the next reader that waits for one.
          renew(key, entry).catch(() => {});
        }
        return Promise.resolve(entry.value);
      }
      return renew(key, entry);
    },

    /** A request was written: the held figures are renewed on the next read. */
    invalidate(): void {
      for (const entry of entries.values()) entry.dirty = true;
    },
  };
}
