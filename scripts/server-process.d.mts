/** See server-process.mjs. */
export function serverProcessEnv<T extends Record<string, string | undefined>>(
  env: T,
): T & { MALLOC_ARENA_MAX: string };
