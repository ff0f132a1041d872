import type { MetaDescriptor } from 'react-router';
import { isFilteredListing, readListingFilters } from '@catalogue/shared/domain/listing-filters';
import { parseCategory, parseSubcategory } from '@catalogue/shared/domain/categories';
import { alternatePaths, hreflangOf, isLocale, splitPathPrefix } from '@catalogue/shared/domain/locales';
import { SITE } from '@catalogue/shared/domain/site';
import { parseTextsJson } from '~/lib/text-scope';

/** What SEO needs from the root loader; route `meta` functions find it in `matches`. */
export type SeoContext = { siteUrl: string; language: string; texts: Record<string, unknown> };

/** The root loader's data as SEO reads it: its texts arrive as one JSON string (lib/text-scope.ts). */
type RootSeoData = { siteUrl?: string; language?: string; texts?: string; seo?: Record<string, unknown> };

export type PageSeo = { title: string; description: string; keywords?: string };

type MetaMatch = { id: string; data?: unknown } | undefined;
export type MetaArgsLike = { location: { pathname: string; search?: string }; matches: readonly MetaMatch[] };

/**
 * The root loader's SEO context from a `meta` function's matches. The root sends the page's part of
 * the `seo` texts beside the others (`seo`, see `seoTextsFor`); `texts.seo` reads it.
 */
export function seoContextOf(matches: readonly MetaMatch[]): SeoContext {
  const data = matches.find((m) => m?.id === 'root')?.data as RootSeoData | undefined;
  const texts = parseTextsJson(data?.texts);
  return {
    siteUrl: data?.siteUrl ?? '',
    language: data?.language ?? 'en',
    texts: data?.seo ? { ...texts, seo: data.seo } : texts,
  };
}

const PAGE_KEYS: Record<string, string> = {
  '/': 'home',
  '/aboutus': 'aboutus',
  '/shopall': 'shopall',
  '/category': 'categoryIndex',
  '/category/alldesigns': 'alldesigns',
  '/fairtrade': 'fairtrade',
  '/contactus': 'contactus',
  '/faq': 'faq',
  '/privacy': 'privacy',
  '/visitjaipur': 'visitjaipur',
  '/blogs': 'blogs',
  '/login': 'login',
  '/signup': 'signup',
  '/cart': 'cart',
  '/profile': 'profile',
};

/** Path of the `seo` texts that describe a page, or null when the page describes itself (products, blogs). */
export function seoKeyOf(pathname: string): string[] | null {
  const rest = splitPathPrefix(pathname).rest.replace(/\/+$/, '') || '/';
  const page = PAGE_KEYS[rest.toLowerCase()];
  if (page) return ['pages', page];
  const match = /^\/category\/([^/]+)(?:\/([^/]+))?$/i.exec(rest);
  if (!match) return null;
  const category = parseCategory(decodeURIComponent(match[1] ?? ''));
  if (!category) return null;
  if (match[2] === undefined) return ['category', category, 'all'];
  const subcategory = parseSubcategory(decodeURIComponent(match[2]));
  return subcategory ? ['category', category, subcategory] : ['category', category, 'all'];
}

function lookup(texts: Record<string, unknown>, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    texts,
  );
}

function isPageSeo(value: unknown): value is PageSeo {
  return !!value && typeof value === 'object' && typeof (value as PageSeo).title === 'string';
}

/**
 * The part of the `seo` texts a page's `meta` reads: its own table entry, the not-found entry (for
 * an error page) and the organisation's description. The whole table is 12 KB (Hindi 22 KB), and
 * a page needs one entry of it.
 */
export function seoTextsFor(
  seo: Record<string, unknown> | undefined,
  pathname: string,
): Record<string, unknown> {
  const notFound = lookup(seo ?? {}, ['pages', 'notFound']);
  const part: Record<string, unknown> = {
    organizationDescription: seo?.organizationDescription,
    pages: { notFound },
  };
  const key = seoKeyOf(pathname);
  const entry = key ? lookup(seo ?? {}, key) : undefined;
  if (key && entry !== undefined) {
    let node = part;
    for (const step of key.slice(0, -1)) {
      node[step] = { ...(node[step] as Record<string, unknown> | undefined) };
      node = node[step] as Record<string, unknown>;
    }
    node[key[key.length - 1]!] = entry;
  }
  return part;
}

/** The table entry for a path, in the page's language; null for pages outside it. */
export function tableSeoFor(pathname: string, texts: Record<string, unknown>): PageSeo | null {
  const key = seoKeyOf(pathname);
  const entry = key ? lookup(texts, ['seo', ...key]) : null;
  return isPageSeo(entry) ? entry : null;
}

/** Makes a root-relative path absolute on the public site address. */
export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${siteUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * The one address a page is indexed under. Locale pages keep their prefix (en-uk is published as
 * en-gb); `/hi` keeps its own because its texts differ; the other language prefixes show the
 * English texts, so they point to the page without a prefix. Only `page` survives from the query,
 * and not even that on a filtered listing.
 */
export function canonicalPath(pathname: string, search = ''): string {
  const { prefix, rest } = splitPathPrefix(pathname);
  const cleanRest = rest === '/' ? '' : rest.replace(/\/+$/, '');
  let base: string;
  if (prefix && isLocale(prefix)) base = `/${hreflangOf(prefix)}${cleanRest}`;
  else if (prefix === 'hi') base = `/hi${cleanRest}`;
  else base = cleanRest || '/';
  const params = new URLSearchParams(search);
  // A filtered or re-sorted listing points to its plain first page.
  if (isFilteredListing(readListingFilters(params))) return base;
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? `${base}?page=${page}` : base;
}

export type Alternate = { hreflang: string; href: string };

/** hreflang alternates of a page: one per locale (en-uk shares en-gb's), Hindi, and x-default. */
export function alternatesFor(siteUrl: string, pathname: string): Alternate[] {
  const { rest } = splitPathPrefix(pathname);
  return alternatePaths(rest).map(({ hreflang, path }) => ({ hreflang, href: absoluteUrl(siteUrl, path) }));
}

export type PageMetaOptions = {
  /** Used when the path has no entry in the SEO table (products, blog posts, unknown pages). */
  title?: string;
  description?: string;
  keywords?: string;
  /** og:image; a root-relative path or an absolute URL. */
  image?: string | null;
  type?: 'website' | 'article' | 'product';
  /** Structured data objects, each rendered as its own JSON-LD script. */
  jsonLd?: readonly object[];
  noindex?: boolean;
};

const withSiteName = (title: string) => (title.includes(SITE.name) ? title : `${title} | ${SITE.name}`);

/**
 * Everything a route's `meta` export returns: title, description, keywords and the Open Graph and
 * Twitter tags, plus any JSON-LD. Pages with an entry in the `seo` table take their texts from it
 * in the visitor's language; other pages pass their own. Canonical, og:url and hreflang come from
 * the root layout for every page.
 */
export function pageMeta(args: MetaArgsLike, options: PageMetaOptions = {}): MetaDescriptor[] {
  const seo = seoContextOf(args.matches);
  const table = tableSeoFor(args.location.pathname, seo.texts);
  const title = table?.title ?? withSiteName(options.title ?? SITE.name);
  const description =
    table?.description ??
    options.description ??
    String(lookup(seo.texts, ['seo', 'organizationDescription']) ?? '');
  const keywords = table?.keywords ?? options.keywords;
  const image = absoluteUrl(seo.siteUrl, options.image || SITE.socialImage);
  const meta: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    ...(keywords ? [{ name: 'keywords', content: keywords }] : []),
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:site_name', content: SITE.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { property: 'og:locale', content: seo.language === 'hi' ? 'hi_IN' : 'en_IN' },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(options.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ...(options.jsonLd ?? []).map((data) => ({ 'script:ld+json': data as Record<string, unknown> })),
  ];
  return meta;
}
