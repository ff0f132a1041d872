import { z } from 'zod';
import { isOneLine, oneLineMessage } from '../domain/one-line.ts';

/** The error body every non-2xx `/api` answer carries. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const messageBody = z.object({ message: z.string() });

export { isId } from '../domain/ids.ts';

export const isoDate = z.string();

/**
 * The one-line rule (domain/one-line.ts) on a text field: no line breaks, control characters or
 * text-direction overrides, with a message naming the field. For names, companies, numbers and
 * addresses; never for messages and notes.
 */
export const oneLine = <T extends z.ZodType<string, unknown>>(schema: T, field: string): T =>
  schema.refine(isOneLine, { message: oneLineMessage(field) });
