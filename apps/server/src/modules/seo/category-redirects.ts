import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SINGULAR_CATEGORY_REDIRECTS } from '@catalogue/shared/domain/categories';
import { splitPathPrefix } from '@catalogue/shared/domain/locales';

const PLURAL_BY_SINGULAR = new Map(
  Object.entries(SINGULAR_CATEGORY_REDIRECTS).map(([singular, plural]) => [singular.toLowerCase(), plural]),
);
const CATEGORY_PATH = /^\/category\/([^/]+)(\/.*)?$/;

/**
 * Where a singular category page (`/category/Ring`, `/en-in/category/Ring/withgemstone`) moved to,
 * keeping the prefix, the rest of the path and the query string; null for every other URL.
 */
export function singularCategoryRedirect(url: string): string | null {
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart);
  const { prefix, rest } = splitPathPrefix(pathname);
  const match = CATEGORY_PATH.exec(rest);
  if (!match) return null;
  const plural = PLURAL_BY_SINGULAR.get(match[1]!.toLowerCase());
  if (!plural) return null;
  return `${prefix ? `/${prefix}` : ''}/category/${plural}${match[2] ?? ''}${query}`;
}

/**
 * Answers the old singular category links with a permanent redirect before anything renders, so
 * it holds with or without the storefront mounted.
 */
export const categoryRedirects = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    // Cheap pre-check: most requests are not category pages.
    if (!request.url.toLowerCase().includes('/category/')) return;
    const location = singularCategoryRedirect(request.url);
    if (location) return reply.redirect(location, 301);
  });
});
