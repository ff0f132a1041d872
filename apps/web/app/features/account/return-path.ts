/** Pages that must never be the destination after a login: going there would loop. */
const ACCOUNT_PAGES = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(?:login|signup)(?:[/?#]|$)/i;
const BASE = 'http://same.site';

/**
 * Where to send a visitor after logging in: the page the login gate refused, passed as navigation
 * state (first) or as `?from=` (a direct request, a reload). Only a path on this site is accepted;
 * `//evil.example`, `/\evil.example`, `https://…` and `javascript:` would be an open redirect.
 */
export function readReturnPath(state: unknown, search: URLSearchParams): string | null {
  const fromState =
    state && typeof state === 'object' && 'from' in state ? (state as { from: unknown }).from : null;
  for (const candidate of [fromState, search.get('from')]) {
    const path = sanitiseReturnPath(candidate);
    if (path) return path;
  }
  return null;
}

const hasControlCharacter = (value: string) => [...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\x7f');

export function sanitiseReturnPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || candidate.length > 2000) return null;
  // Browsers read a backslash as a slash and drop tabs and newlines: refuse them before parsing.
  if (
    !candidate.startsWith('/') ||
    /[\\\s]/.test(candidate) ||
    hasControlCharacter(candidate) ||
    candidate.startsWith('//')
  )
    return null;
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return ACCOUNT_PAGES.test(path) ? null : path;
}
