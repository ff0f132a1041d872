import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@catalogue/shared/errors';
import { formatCount } from '@catalogue/shared/format-number';
import { QUOTE_LIMITS } from '@catalogue/shared/domain/quotation';

/** A text field of a quotation form and the most characters it takes. */
export type TextField = { path: string; max: number };

const characters = (n: number) => `${formatCount(n)} characters`;

/** The sentence an oversized body is answered with: every text field of the form and its limit. */
export function oversizedMessage(fields: readonly TextField[]): string {
  const named = fields.map((f) => `${f.path} must be at most ${characters(f.max)}`);
  return `The request is too large: ${named.join('; ')}`;
}

/** The text fields of each quotation form, as the schemas limit them. */
export const QUOTE_TEXT_FIELDS = {
  quote: [
    { path: 'noteToBuyer', max: QUOTE_LIMITS.noteMax },
    { path: 'internalNote', max: QUOTE_LIMITS.noteMax },
    { path: 'lines[].note', max: QUOTE_LIMITS.noteMax },
  ],
  withdraw: [{ path: 'note', max: QUOTE_LIMITS.noteMax }],
  decline: [{ path: 'reason', max: QUOTE_LIMITS.noteMax }],
  comment: [{ path: 'text', max: QUOTE_LIMITS.commentMax }],
} as const satisfies Record<string, readonly TextField[]>;

/**
 * A route's error handler for a form of text fields: a body over the route's size limit is refused
 * before it is parsed, so no field can be named by validation; it is answered 400 naming the form's
 * text fields and their limits, like a field that is too long, and nothing is stored. Any other
 * error goes on to the application's handler unchanged.
 */
export function answerOversizedAs400(fields: readonly TextField[]) {
  return function oversizedBody(error: FastifyError, _request: FastifyRequest, _reply: FastifyReply) {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError(
        'BAD_REQUEST',
        oversizedMessage(fields),
        fields.map((f) => ({ path: `body.${f.path}`, message: `at most ${characters(f.max)}` })),
      );
    throw error;
  };
}
