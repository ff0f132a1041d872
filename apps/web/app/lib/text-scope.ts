import { matchRoutes } from 'react-router';
import { splitPathPrefix } from '@catalogue/shared/domain/locales';
import type { I18nResources } from './i18n';
import { ADMIN_PAGES, PAGES } from './page-table';
import { remembered } from './remembered';

/** Namespaces of the shell (header, footer, drawer, error page): every page receives them. */
export const SHELL_TEXTS: readonly string[] = ['common'];

type TextRoute = { path: string; texts: readonly string[] | 'all' };

/** The page table as route objects, so a path finds its page exactly as the router ranks them. */
const TEXT_ROUTES: TextRoute[] = [
  ...PAGES.map(({ path, texts }) => ({ path: path || '/', texts })),
  ...ADMIN_PAGES.map(({ path }) => ({ path, texts: 'all' as const })),
];

/**
 * The page table's routes that can match a path, by the path's first segment. Every route whose
 * first segment is a word only matches paths that start with it (case-insensitively, as the
 * router matches), so the router needs to rank and try only those, and the routes that can match
 * any first segment (`/`, `*`, a parameter): a few routes instead of all ~40 on every page
 * render, where the router flattens, ranks and compiles a pattern for each it tries.
 */
const firstSegmentOf = (path: string) => path.split('/').find(Boolean) ?? '';
const isWord = (segment: string) => /^[\w-]+$/.test(segment);
const MATCH_ANY_FIRST = TEXT_ROUTES.filter((route) => !isWord(firstSegmentOf(route.path)));
const ROUTES_BY_FIRST_SEGMENT = new Map(
  [...new Set(TEXT_ROUTES.map((route) => firstSegmentOf(route.path).toLowerCase()).filter(isWord))].map(
    (first) => [
      first,
      // In the table's order, so the router ranks ties as it would among all of them.
      TEXT_ROUTES.filter((route) => {
        const own = firstSegmentOf(route.path);
        return !isWord(own) || own.toLowerCase() === first;
      }),
    ],
  ),
);

/** The first segment as the router reads it (it decodes each segment before matching). */
function decodedFirstSegment(path: string): string {
  const first = firstSegmentOf(path);
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return first.toLowerCase();
  }
}

/** The namespaces a page renders beside the shell's, or `all` for the administration screens. */
export function pageTextsOf(pathname: string): readonly string[] | 'all' {
  const { rest } = splitPathPrefix(pathname);
  const candidates = ROUTES_BY_FIRST_SEGMENT.get(decodedFirstSegment(rest)) ?? MATCH_ANY_FIRST;
  const matches = matchRoutes(candidates, rest);
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

/**
 * Texts strings made and parsed, kept per language and set of namespaces: ~14 sets in each of two
 * languages today, so a page table that grows by a few still never empties them under load.
 */
const TEXT_SETS_KEPT = 64;
const scopedJson = new Map<string, string>();

/**
 * The texts a page receives (`scopeTexts`) as one JSON string, made once per language and set of
 * namespaces (a namespace's texts never change while the process runs). The root loader sends them
 * so because React Router encodes loader data value by value: as an object, a product page's texts
 * were ~400 of its data's ~600 values, each an index, a map entry and a JSON string made anew on
 * every render (and decoded one by one in the browser); as a string they are one value.
 */
export function scopedTextsJson(language: string, texts: Record<string, unknown>, pathname: string): string {
  return remembered(scopedJson, `${language}|${textsKey(pathname)}`, TEXT_SETS_KEPT, () =>
    JSON.stringify(scopeTexts(texts, pathname)),
  );
}

/** Parsed texts by their JSON; a page and its meta read the same string more than once. */
const parsedTexts = new Map<string, I18nResources>();

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The texts of `scopedTextsJson`'s string, parsed once per distinct string and then shared, so a
 * render (and every render with the same texts) gets the same object. Anything but a JSON object
 * of namespaces (a missing or damaged value) reads as no texts, and a namespace that is not an
 * object as absent: the page then shows its keys' fallbacks rather than failing.
 */
export function parseTextsJson(json: unknown): I18nResources {
  if (typeof json !== 'string') return {};
  return remembered(parsedTexts, json, TEXT_SETS_KEPT, () => {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      return {};
    }
    return isObject(value)
      ? (Object.fromEntries(
          Object.entries(value).filter(([, namespace]) => isObject(namespace)),
        ) as I18nResources)
      : {};
  });
}
