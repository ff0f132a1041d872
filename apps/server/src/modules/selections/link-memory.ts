import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecureRequest } from '../../plugins/auth.ts';

/**
 * The links a browser opened, remembered so that its next price request is recorded against
 * them (`selection_link_orders`): an HttpOnly cookie holding the tokens of the last links
 * opened, newest first. The token is what the visitor already holds (the link's address), so
 * the cookie can name no link its browser was not sent; the server finds the link by the
 * token's hash, as for the page.
 */
export const LINK_MEMORY_COOKIE = 'selection_links';
/** How many links one browser remembers (the oldest is forgotten first). */
export const REMEMBERED_LINKS = 5;
/** How long after the last open a price request still counts as following a link. */
export const LINK_MEMORY_DAYS = 30;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The tokens the request's cookie remembers, newest first; anything malformed is dropped. */
export function rememberedTokens(request: FastifyRequest): string[] {
  const header = request.headers.cookie;
  if (!header) return [];
  const match = new RegExp(`(?:^|;\\s*)${LINK_MEMORY_COOKIE}=([^;]*)`).exec(header);
  if (!match) return [];
  const tokens = match[1]!.split('.').filter((token) => TOKEN.test(token));
  return [...new Set(tokens)].slice(0, REMEMBERED_LINKS);
}

/**
 * Adds `token` in front of the remembered ones (sent again, the cookie lives another 30 days);
 * `Secure` when the site or the request is HTTPS, as the session's cookie.
 */
export function rememberLink(request: FastifyRequest, reply: FastifyReply, token: string, siteUrl: string) {
  if (!TOKEN.test(token)) return;
  const tokens = [token, ...rememberedTokens(request).filter((t) => t !== token)].slice(0, REMEMBERED_LINKS);
  reply.header(
    'set-cookie',
    `${LINK_MEMORY_COOKIE}=${tokens.join('.')}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${LINK_MEMORY_DAYS * 86_400}${isSecureRequest(request, siteUrl) ? '; Secure' : ''}`,
  );
}
