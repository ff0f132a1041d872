// Settings of the server process that only work when given before Node starts. Every starter of
// the production server uses them: `npm start` (scripts/start.mjs), the bench, the end-to-end and
// soak suites. A value already in the environment wins, so an operator can change or drop them.

/**
 * MALLOC_ARENA_MAX=2: glibc gives every thread that allocates its own malloc arena (up to 8 per
 * core) and keeps what is freed there. Image work on libvips' threads, argon2 hashes (19 MiB each,
 * on the libuv pool) and zlib then leave memory resident that no thread uses: 0-30 MB at the
 * bench's 100k catalogue, more on a host with more cores. sharp recommends the same on glibc.
 *
 * Not set here: `NODE_OPTIONS=--max-semi-space-size=8` takes another 16 MB off the resident size
 * (V8's young generation: two 16 MB semi-spaces by default) but cost ~20% more CPU per request
 * with the server's heap-growth limit (listing 0.31-0.36 → 0.40 ms, product page 18-21 → 23-25 ms).
 */
const DEFAULTS = { MALLOC_ARENA_MAX: '2' };

/** `env` with the defaults above added where it does not set them. */
export function serverProcessEnv(env) {
  return { ...DEFAULTS, ...env };
}
