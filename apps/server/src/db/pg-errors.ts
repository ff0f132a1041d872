/** SQLSTATE codes the services act on. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

/** The SQLSTATE of a database error, however deeply the driver or the ORM wrapped it. */
export function sqlStateOf(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === PG_UNIQUE_VIOLATION;
