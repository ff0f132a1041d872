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

/** The error and its causes (drivers and Drizzle wrap the original), outermost first. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Connection refused|ECONNREFUSED/i.test(
        e.message,
      )
    )
      return true;
  }
  return false;
}

/**
 * PostgreSQL refusing a value the request carried: class 22 "data exception" (a NUL character,
 * an invalid byte sequence, a number out of range) and 54000 (a value too large to index). The
 * schemas should stop these first; when one slips through, it is still the client's bad input,
 * not a fault of ours, and nothing was written (the statement failed).
 */
function isRefusedValue(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(e.code)) return true;
  }
  return false;
}

/**
 * busboy (under @fastify/multipart) reports a torn or boundary-less form as a plain Error with
 * no status: the client's broken upload, whichever route read it.
 */
const MALFORMED_FORM =
  /^(Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found|Malformed urlencoded form)/;

function isMalformedForm(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.message === 'string' && MALFORMED_FORM.test(e.message)) return true;
  }
  return false;
}

/**
 * The client hung up while its answer was streaming (a closed tab, a benchmark ending its round):
 * nobody is left to answer and nothing failed on our side, so it is not logged as an error.
 */
function isClientGone(error: { code?: unknown }, socketDestroyed: boolean): boolean {
  return error.code === 'ERR_STREAM_PREMATURE_CLOSE' && socketDestroyed;
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
    } else if (isRefusedValue(error)) {
      status = 400;
      body = { message: 'The request contains a value that cannot be stored', code: 'BAD_REQUEST' };
    } else if (isMalformedForm(error)) {
      status = 400;
      body = { message: 'The form data is malformed or incomplete', code: 'BAD_REQUEST' };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: error.message, code: error.code ?? 'BAD_REQUEST' };
    }

    if (isClientGone(error, request.raw.destroyed || reply.raw.destroyed))
      request.log.info({ code: 'CLIENT_GONE' }, 'the client closed the connection before the answer ended');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code }, body.message);
    return reply.status(status).send(body);
  });
}
