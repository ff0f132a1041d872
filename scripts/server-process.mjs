// Settings of the server process that only work when given before Node starts. Every starter of
// the production server uses them: `npm start` (scripts/start.mjs), the bench, the end-to-end and
// soak suites. A value already in the environment wins, so an operator can change or drop them.

/**
 * MALLOC_ARENA_MAX=2: glibc gives every thread that allocates its own malloc arena (up to 8 per
 * core) and keeps what is freed there. Image work on libvips' threads, argon2 hashes (19 MiB each,
 * on the libuv pool) and zlib then leave memory resident that no thread uses: 0-30 MB at the
 * bench's 100k catalogue, more on a host with more cores. sharp recommends the same on glibc.
 *
 * MALLOC_MMAP_THRESHOLD_=131072: glibc's default threshold (128 KB) rises each time a large block
 * is freed, after which pages being rendered (~100-180 KB each) and the encoders' tables come from
 * the arenas and stay resident once freed. Fixed, they are mapped and unmapped: 7-13 MB less at
 * the peak of the bench's page scenarios at 100k when it was set, 12 MB less in session 19's. It
 * costs CPU where a first render compresses a page in Brotli (its ~1 MB of tables faulted in anew
 * each time): 26-30 ms a page against 17-25 without it on a 2-core virtual machine, and the
 * bench's first renders for a browser 32 a second against 62 (docs/performance.md, session 19).
 * Kept for the memory budget; an operator with memory to spare can leave it to glibc (below).
 */
const DEFAULTS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * V8's young generation: two semi-spaces of 16 MB each by default, resident once the server has
 * been busy for a moment. At 4 MB the server held 25-30 MB less under the bench's load at 100k
 * (8 MB: 15 MB less), and the server's CPU per request (listing, server-rendered pages) was the
 * same within the noise of a shared machine: its answers are cached and allocate little. An
 * operator who sets the flag in NODE_OPTIONS keeps theirs.
 */
export const SEMI_SPACE_FLAG = '--max-semi-space-size=4';

/**
 * `global.gc`, so the server can run one full collection after it builds an in-memory index
 * (apps/server/src/lib/heap-growth.ts: the rows it was built from are ~100 MB of garbage at
 * 100,000 products that V8 would otherwise keep resident). Nothing else calls it.
 */
export const EXPOSE_GC_FLAG = '--expose-gc';

/**
 * `env` with the defaults above added where it does not set them. A malloc setting the caller sets
 * to an empty value is left out, so glibc chooses by itself (`MALLOC_MMAP_THRESHOLD_= npm start`):
 * glibc would read an empty value as 0.
 */
export function serverProcessEnv(env) {
  let options = env.NODE_OPTIONS ?? '';
  if (!options.includes('--max-semi-space-size')) options = `${options} ${SEMI_SPACE_FLAG}`;
  if (!options.includes(EXPOSE_GC_FLAG)) options = `${options} ${EXPOSE_GC_FLAG}`;
  const merged = { ...DEFAULTS, ...env, NODE_OPTIONS: options.trim() };
  for (const name of Object.keys(DEFAULTS)) if (merged[name] === '') delete merged[name];
  return merged;
}
