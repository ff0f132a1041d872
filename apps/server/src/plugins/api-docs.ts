import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';

/** Where the API's OpenAPI document is served as JSON (also `/api/docs/json`, the viewer's own). */
export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';

/**
 * The viewer page's policy: its scripts, styles, fonts and pictures come from our origin only (the
 * viewer is installed from npm and served by us; no third-party script, font or validator badge).
 * Swagger UI sets style attributes as it renders, hence 'unsafe-inline' for styles only.
 */
export const API_DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** A client that asks for JSON rather than a page (the address served the JSON document before). */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return !/\btext\/html\b/i.test(accept);
}

/**
 * `/api/docs`: a readable page (Swagger UI) for people, the JSON document for programs (at
 * `/api/docs/openapi.json`, and at `/api/docs` itself for a client that does not ask for HTML).
 */
export async function registerApiDocs(app: FastifyInstance) {
  const sendJson = (reply: FastifyReply) => reply.type('application/json; charset=utf-8').send(app.swagger());

  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: API_DOCS_CONTENT_SECURITY_POLICY,
    validatorUrl: false,
    uiConfig: { deepLinking: true, docExpansion: 'list' },
    theme: { title: 'Jaipur jewellery catalogue API' },
    uiHooks: {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split('?', 1)[0]!.replace(/\/+$/, '');
        if (path === '/api/docs' && request.method === 'GET' && wantsJson(request)) return sendJson(reply);
      },
    },
  });

  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async (_request, reply) => sendJson(reply));
}
