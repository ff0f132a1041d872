import { z } from 'zod';

/** The error body every non-2xx `/api` answer carries. */
export const errorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const messageBody = z.object({ message: z.string() });

export { isId } from '../domain/ids.ts';

export const isoDate = z.string();
