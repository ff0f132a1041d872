import { replace } from 'react-router';
import { splitPathPrefix } from '@catalogue/shared/domain/locales';
import { loginPath } from '~/lib/paths';
import { withPrefix } from '~/lib/prefix';

/** `?page=` as a positive whole number; anything else is page 1 (the API is just as lenient). */
export function readPage(search: URLSearchParams): number {
  const raw = search.get('page');
  if (!raw || !/^\d{1,9}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/**
 * The address of another page of the listing being shown: the same path without the locale prefix
 * (links add it back) and the same query, page 1 written as no `page` at all.
 */
export function pageHref(pathname: string, search: URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return `${splitPathPrefix(pathname).rest}${query ? `?${query}` : ''}`;
}

/** The page number a listing link asks for (1 when it names none). */
export function pageOfHref(href: string): number {
  return readPage(new URL(href, 'http://x').searchParams);
}

/**
 * Pages above 1 of a listing need a login. The answer replaces the history entry,
 * so Back from the login page does not return to the refused page.
 */
export function requireLoginForPage(request: Request, isLoggedIn: boolean): void {
  const url = new URL(request.url);
  if (isLoggedIn || readPage(url.searchParams) <= 1) return;
  throw replace(loginPath(url.pathname, `${url.pathname}${url.search}`));
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A category address spelled another way (`rings`, `RINGS/WithGemstone`) answers 301 to the one
 * spelling the site links to, keeping the prefix and the query, so each page has one address.
 */
export function redirectToCanonical(request: Request, canonicalRest: string): string | null {
  const url = new URL(request.url);
  const { rest } = splitPathPrefix(url.pathname);
  if (safeDecode(rest) === safeDecode(canonicalRest)) return null;
  return `${withPrefix(url.pathname, canonicalRest)}${url.search}`;
}
