import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';

declare module 'fastify' {
  interface FastifyRequest {
    /** Per-request nonce for the page's own inline scripts (no 'unsafe-inline'). */
    readonly cspNonce: string;
  }
}

const NONCE = '_cspNonce';

const TRANSLATE_HOSTS =
  'https://translate.googleapis.com https://translate-pa.googleapis.com https://translate.google.com https://www.gstatic.com';

/** The policy for HTML pages: scripts only from us or carrying this request's nonce. */
export function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // The page-translation widget (loaded only when a visitor asks for it) fetches its styles and
    // translations from these hosts; its scripts are admitted by 'strict-dynamic'.
    `style-src 'self' 'unsafe-inline' ${TRANSLATE_HOSTS}`,
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self' ${TRANSLATE_HOSTS}`,
    "media-src 'self' blob:",
    "frame-src 'self' https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Non-HTML answers (JSON, images, files) need no capabilities at all. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function setPagePolicy(reply: FastifyReply, nonce: string) {
  reply.header('content-security-policy', pageContentSecurityPolicy(nonce));
}

export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    // CSP is set per answer: pages get a nonce policy, everything else the strict one below.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // Only HTML pages use the nonce: made on first read, so API answers do not pay for random bytes.
  app.decorateRequest(NONCE, '');
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest) {
      const request = this as FastifyRequest & { [NONCE]: string };
      if (!request[NONCE]) request[NONCE] = crypto.randomBytes(16).toString('base64');
      return request[NONCE];
    },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
  });
}
