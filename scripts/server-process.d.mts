/** See server-process.mjs. */
export const SEMI_SPACE_FLAG: string;
export function serverProcessEnv<T extends Record<string, string | undefined>>(
  env: T,
): T & { MALLOC_ARENA_MAX: string; NODE_OPTIONS: string };
