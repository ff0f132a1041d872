import {
  CATEGORIES,
  SUBCATEGORIES,
  type Category,
  type Subcategory,
} from '@catalogue/shared/domain/categories';
import { alternatePaths } from '@catalogue/shared/domain/locales';
import { escapeXml } from '../../lib/xml.ts';

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** The protocol's limits per file (sitemaps.org): 50,000 URLs and 50 MB uncompressed. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

/** A page as the site links to it (no prefix), and when its content last changed, if known. */
export type SitemapEntry = { path: string; lastmod: Date | null };

/** The public pages without a content date of their own. */
export const STATIC_PAGES = [
  '/aboutus',
  '/contactus',
  '/fairtrade',
  '/privacy',
  '/faq',
  '/visitjaipur',
] as const;

export type SitemapData = {
  products: { id: string; updatedAt: Date }[];
  blogs: { slug: string; updatedAt: Date }[];
  /** Newest product change per category and subcategory. */
  categoryStamps: { category: string; subcategory: string; updatedAt: Date | null }[];
};

const latest = (dates: (Date | null | undefined)[]): Date | null =>
  dates.reduce<Date | null>((max, d) => (d && (!max || d > max) ? d : max), null);

/** Every public page of the site, listing pages dated by their newest product or post. */
export function sitemapEntries(data: SitemapData): SitemapEntry[] {
  const stampOf = (category: Category, subcategory?: Subcategory) =>
    latest(
      data.categoryStamps
        .filter((s) => s.category === category && (!subcategory || s.subcategory === subcategory))
        .map((s) => s.updatedAt),
    );
  const newestProduct = latest(data.categoryStamps.map((s) => s.updatedAt));
  const newestBlog = latest(data.blogs.map((b) => b.updatedAt));

  return [
    { path: '/', lastmod: latest([newestProduct, newestBlog]) },
    ...STATIC_PAGES.map((path) => ({ path, lastmod: null })),
    { path: '/shopall', lastmod: newestProduct },
    { path: '/category/alldesigns', lastmod: newestProduct },
    ...CATEGORIES.flatMap((category) => [
      { path: `/category/${category}`, lastmod: stampOf(category) },
      ...SUBCATEGORIES.map((sub) => ({
        path: `/category/${category}/${sub}`,
        lastmod: stampOf(category, sub),
      })),
    ]),
    { path: '/blogs', lastmod: newestBlog },
    ...data.blogs.map((b) => ({ path: `/blogs/${encodeURIComponent(b.slug)}`, lastmod: b.updatedAt })),
    ...data.products.map((p) => ({
      path: `/singleproduct/${encodeURIComponent(p.id)}`,
      lastmod: p.updatedAt,
    })),
  ];
}

/** One `<url>`: the bare page as `loc` and x-default, and its alternate under every prefix. */
export function renderUrl(siteUrl: string, entry: SitemapEntry): string {
  const loc = escapeXml(siteUrl + entry.path);
  const alternates = alternatePaths(entry.path).map(
    ({ hreflang, path }) =>
      `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(siteUrl + path)}"/>`,
  );
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
  return `<url><loc>${loc}</loc>${lastmod}${alternates.join('')}</url>\n`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`;
const URLSET_CLOSE = '</urlset>\n';

export const renderUrlset = (urls: string[]) => URLSET_OPEN + urls.join('') + URLSET_CLOSE;

export function renderSitemapIndex(files: { loc: string; lastmod: Date | null }[]): string {
  const items = files.map(
    (f) =>
      `<sitemap><loc>${escapeXml(f.loc)}</loc>${f.lastmod ? `<lastmod>${f.lastmod.toISOString()}</lastmod>` : ''}</sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${items.join('')}</sitemapindex>\n`;
}

export type SitemapChunk = { urls: string[]; lastmod: Date | null };

/**
 * Splits rendered URLs into files within both protocol limits (count and uncompressed bytes).
 * Lazy: a caller that compresses each file as it comes holds one file's XML at a time.
 */
export function* chunkUrls(
  entries: Iterable<SitemapEntry>,
  render: (entry: SitemapEntry) => string,
  limits: { maxUrls: number; maxBytes: number },
): Generator<SitemapChunk> {
  const envelope = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);
  let current: SitemapChunk = { urls: [], lastmod: null };
  let bytes = envelope;
  for (const entry of entries) {
    const url = render(entry);
    const size = Buffer.byteLength(url);
    if (
      current.urls.length > 0 &&
      (current.urls.length >= limits.maxUrls || bytes + size > limits.maxBytes)
    ) {
      yield current;
      current = { urls: [], lastmod: null };
      bytes = envelope;
    }
    current.urls.push(url);
    current.lastmod = latest([current.lastmod, entry.lastmod]);
    bytes += size;
  }
  yield current;
}
