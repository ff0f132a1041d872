import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Per-request nonce for the page's own inline scripts (no 'unsafe-inline'). */
    readonly cspNonce: string;
  }
  interface FastifyInstance {
    /** Image sources the page policy admits besides its own (the media's origin when it is another). */
    readonly pageImageSources: readonly string[];
  }
}

const NONCE = '_cspNonce';

const TRANSLATE_HOSTS =
  'https://translate.googleapis.com https://translate-pa.googleapis.com https://translate.google.com https://www.gstatic.com';

/**
 * The origin our pictures come from when it is not the site's own (MEDIA_BASE_URL pointing at a
 * CDN or object store), for the pages' img-src; none when they share the origin.
 */
export function mediaImageSources(mediaBaseUrl: string, siteUrl: string): string[] {
  const media = new URL(mediaBaseUrl).origin;
  return media === new URL(siteUrl).origin ? [] : [media];
}

/**
 * The policy for HTML pages. Scripts run only when the page names them: by this answer's nonce
 * (pages rendered for one visitor), or by the hashes of its inline scripts (pages stored once and
 * answered to every anonymous visitor, page-cache.ts); 'strict-dynamic' lets those load the
 * page's modules. Never 'unsafe-inline' for scripts.
 */
export function pageContentSecurityPolicy(
  scriptSources: { nonce: string } | { hashes: string[] },
  imageSources: readonly string[] = [],
): string {
  const allowed =
    'nonce' in scriptSources ? `'nonce-${scriptSources.nonce}'` : scriptSources.hashes.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${allowed} 'strict-dynamic'`,
    // The page-translation widget (loaded only when a visitor asks for it) fetches its styles and
    // translations from these hosts; its scripts are admitted by 'strict-dynamic'.
    `style-src 'self' 'unsafe-inline' ${TRANSLATE_HOSTS}`,
    ["img-src 'self'", ...imageSources, 'data: blob: https:'].join(' '),
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
  reply.header(
    'content-security-policy',
    pageContentSecurityPolicy({ nonce }, reply.server.pageImageSources),
  );
}

/**
 * Helmet's headers for our options (CSP set per answer below, no cross-origin embedder policy,
 * resources same-site), written out once: @fastify/helmet rebuilds its middleware and runs two hooks
 * on every request, about a tenth of the cost of answering a cached listing page.
 * security.test.ts checks this list against what @fastify/helmet sends with those options.
 */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
} as const;

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  // Pages replace it with their own policy (pageContentSecurityPolicy).
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
};

export async function registerSecurity(
  app: FastifyInstance,
  options: { imageSources?: readonly string[] } = {},
) {
  app.decorate('pageImageSources', options.imageSources ?? []);
  // Only HTML pages use the nonce: made on first read, so API answers do not pay for random bytes.
  app.decorateRequest(NONCE, '');
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest) {
      const request = this as FastifyRequest & { [NONCE]: string };
      if (!request[NONCE]) request[NONCE] = crypto.randomBytes(16).toString('base64');
      return request[NONCE];
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
