import { matchRoutes } from 'react-router';
import { splitPathPrefix } from '@catalogue/shared/domain/locales';
import { ADMIN_PAGES, PAGES } from './page-table';

/** Namespaces of the shell (header, footer, drawer, error page): every page receives them. */
export const SHELL_TEXTS: readonly string[] = ['common'];

type TextRoute = { path: string; texts: readonly string[] | 'all' };

/** The page table as route objects, so a path finds its page exactly as the router ranks them. */
const TEXT_ROUTES: TextRoute[] = [
  ...PAGES.map(({ path, texts }) => ({ path: path || '/', texts })),
  ...ADMIN_PAGES.map(({ path }) => ({ path, texts: 'all' as const })),
];

/** The namespaces a page renders beside the shell's, or `all` for the administration screens. */
export function pageTextsOf(pathname: string): readonly string[] | 'all' {
  const matches = matchRoutes(TEXT_ROUTES, splitPathPrefix(pathname).rest);
  return matches?.[0]?.route.texts ?? [];
}

export function isAdminPath(pathname: string): boolean {
  return pageTextsOf(pathname) === 'all';
}

/** The namespaces a page receives, sorted; two paths with the same key need the same texts. */
export function textsKey(pathname: string): string {
  const page = pageTextsOf(pathname);
  return page === 'all' ? '*' : [...new Set([...SHELL_TEXTS, ...page])].sort().join(',');
}

/** The texts a page receives: the shell's and its own; the administration screens get them all. */
export function scopeTexts<T extends Record<string, unknown>>(texts: T, pathname: string): T {
  const page = pageTextsOf(pathname);
  if (page === 'all') return texts;
  const wanted = new Set([...SHELL_TEXTS, ...page]);
  return Object.fromEntries(Object.entries(texts).filter(([ns]) => wanted.has(ns))) as T;
}
