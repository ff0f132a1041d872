// Settings of the server process that only work when given before Node starts. Every starter of
// the production server uses them: `npm start` (scripts/start.mjs), the bench, the end-to-end and
// soak suites. A value already in the environment wins, so an operator can change or drop them.

/**
 * - MALLOC_ARENA_MAX=2: glibc gives every thread that allocates its own malloc arena and keeps what
 *   is freed there. Image encoding (libvips threads), argon2 hashes (19 MiB each, on the libuv pool)
 *   and zlib left 25-60 MB more resident at the bench's 100k catalogue with the default (8 per core).
 * - --max-semi-space-size=8 (in NODE_OPTIONS, so it reaches the server whatever starts it): V8's
 *   young generation is two 16 MB semi-spaces by default, 32 MB resident all the time; 8 MB ones
 *   halve that. The heap's growth is set by the server itself (HEAP_GROWTH_PERCENT).
 */
const DEFAULTS = { MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-semi-space-size=8' };

/** `env` with the defaults above added where it does not set them (NODE_OPTIONS is extended). */
export function serverProcessEnv(env) {
  const result = { ...env };
  result.MALLOC_ARENA_MAX ??= DEFAULTS.MALLOC_ARENA_MAX;
  const nodeOptions = result.NODE_OPTIONS ?? '';
  if (!nodeOptions.includes('--max-semi-space-size')) {
    result.NODE_OPTIONS = `${nodeOptions} ${DEFAULTS.NODE_OPTIONS}`.trim();
  }
  return result;
}
