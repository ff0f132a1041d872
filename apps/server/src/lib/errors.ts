import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody } from '@catalogue/shared/errors';

/** Postgres connection failures: the database is away, not the request at fault. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(message)
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The one error handler: AppError → its status; schema failures → 400 naming the fields;
 * framework 4xx keep their status; anything else is logged and answered without internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { message: 'Internal Server Error', code: 'INTERNAL' };

    if (error instanceof AppError) {
      status = error.status;
      body = { message: error.message, code: error.code, ...(error.issues ? { issues: error.issues } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)]
          .filter(Boolean)
          .join('.'),
        message: v.message ?? 'Invalid value',
      }));
      status = 400;
      const first = issues[0];
      body = {
        message: first
          ? `${first.path.replace(/^(body|querystring|params|headers)\.?/, '') || first.path}: ${first.message}`
          : 'Invalid request',
        code: 'BAD_REQUEST',
        issues,
      };
    } else if (isDatabaseUnavailable(error)) {
      status = 503;
      body = { message: 'Service temporarily unavailable, please retry shortly', code: 'UNAVAILABLE' };
      reply.header('retry-after', '5');
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: error.message, code: error.code ?? 'BAD_REQUEST' };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code }, body.message);
    return reply.status(status).send(body);
  });
}
