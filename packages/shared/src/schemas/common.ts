import { z } from 'zod';

/** The error body every non-2xx `/api` answer carries. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const messageBody = z.object({ message: z.string() });

/** IDs are opaque strings; today they are UUIDs. Anything else is simply "not found". */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}

export const isoDate = z.string();
