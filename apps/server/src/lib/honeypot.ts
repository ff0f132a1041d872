import type { FastifyReply, FastifyRequest } from 'fastify';
import { HONEYPOT_FIELD, isHoneypotFilled } from '@catalogue/shared/domain/honeypot';

/**
 * A `preValidation` hook for a form's endpoint: a body that filled the hidden honeypot field is a
 * bot's. It is answered exactly as a success would be (same status, same body shape), so the bot
 * learns nothing; nothing is validated, stored or mailed, and the drop is logged with a running
 * count per form.
 */
export function honeypotGuard(form: string, success: () => { status: number; body: unknown }) {
  let dropped = 0;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isHoneypotFilled(request.body)) return;
    dropped += 1;
    request.log.warn(
      { form, honeypot: HONEYPOT_FIELD, dropped },
      `${form}: honeypot filled, submission dropped`,
    );
    const { status, body } = success();
    return reply.status(status).send(body);
  };
}
