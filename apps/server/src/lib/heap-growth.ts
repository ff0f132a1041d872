import v8 from 'node:v8';

/**
 * After each full garbage collection V8 lets the old generation grow to up to 4× what survived
 * before it collects again (its "heap growing factor", chosen from how fast collection is compared
 * with allocation). Under server-rendering load ~80 MB of live objects became 270-460 MB of heap.
 * `--heap-growing-percent=p` fixes the factor at 1 + p/100. V8 reads the flag at every collection,
 * so it can be set here, at start, whatever started the process. 0 leaves V8's own policy.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/**
 * Sparkplug, V8's baseline compiler, turns every function that has run a few times into machine
 * code, larger than its bytecode and kept beside it while the function lives. Rendering a page
 * runs thousands of functions a few times each: first renders of product pages at 100,000 products
 * made ~6 MB of it (a heap snapshot: 3.5 MB of machine code at idle, 9.4 MB after a 20-s walk),
 * and the server's peak under the bench's page scenarios was 7 MB lower without it at the same
 * rates within noise (docs/performance.md, session 23): hot code is still optimized by TurboFan.
 * `false` turns it off for code compiled from then on; V8 reads the flag at each tier-up, so it
 * can be set here, at start, whatever started the process (it is not allowed in NODE_OPTIONS).
 */
export function setBaselineCompiler(enabled: boolean): void {
  if (!enabled) v8.setFlagsFromString('--no-sparkplug');
}

/**
 * One full collection that also moves the survivors together. A plain one frees what died but
 * keeps every page that still holds a live object: an index keeps a third of what its build
 * allocated, spread over all of it, so V8 kept the whole high-water mark committed (a 300 MB heap
 * with 91 MB live stayed at 283 MB committed and 339 MB resident; compacted, 125 and 180 MB).
 * `--compact-on-every-full-gc` is read by V8 at each collection, so it is set for this one only:
 * compacting every collection would lengthen every later pause.
 */
export function collectCompacting(collect: () => void): void {
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    collect();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
}

/** Builds finishing within this long of each other (the indexes at start) share one collection. */
const COLLECT_DELAY_MS = 1000;
let pending: NodeJS.Timeout | null = null;

/**
 * After a whole in-memory index is built (search words, facets, the header search), the rows it
 * was built from are garbage: ~100-150 MB at 100,000 products. A server answering stored pages
 * allocates too little for V8 to collect them soon, so the heap stays at its high-water mark
 * (250 MB used where 110 MB was live). With `--expose-gc` (scripts/server-process.mjs gives it to
 * every starter of the server) one full, compacting collection runs a second after the last build:
 * a pause of tens of milliseconds, once per rebuild, for the memory back. Without the flag, nothing
 * happens.
 */
export function collectAfterBuild(collect: (() => void) | undefined = globalThis.gc): void {
  if (typeof collect !== 'function' || pending) return;
  pending = setTimeout(() => {
    pending = null;
    collectCompacting(collect);
  }, COLLECT_DELAY_MS);
  pending.unref();
}
