import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs } from '../../db/schema/content.ts';
import { products } from '../../db/schema/products.ts';
import type { Database } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { SITEMAP_NS, XHTML_NS } from './sitemap.ts';

const SITE = 'https://jewels.example.com';

type XmlElement = {
  localName: string;
  namespaceURI: string | null;
  textContent: string | null;
  children: ArrayLike<XmlElement>;
  getAttribute(name: string): string | null;
};
type Jsdom = new (
  xml: string,
  options: { contentType: string },
) => { window: { document: { documentElement: XmlElement } } };

// jsdom's XML parser is strict (a stray `&` throws), so parsing is itself the escaping check.
// jsdom ships no types.
let JSDOM: Jsdom;
const parseXml = (xml: string) =>
  new JSDOM(xml, { contentType: 'application/xml' }).window.document.documentElement;

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const HREFLANG = /^(?:x-default|[a-z]{2}(?:-[a-z]{2})?)$/;

type ParsedUrl = { loc: string; lastmod: string | null; alternates: { hreflang: string; href: string }[] };

/** The sitemaps.org rules a urlset must meet (schema 0.9 plus the xhtml:link extension). */
function validateUrlset(xml: string): ParsedUrl[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const root = parseXml(xml);
  expect(root.localName).toBe('urlset');
  expect(root.namespaceURI).toBe(SITEMAP_NS);
  const urls = Array.from(root.children);
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.length).toBeLessThanOrEqual(50_000);
  expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(50 * 1024 * 1024);
  return urls.map((url) => {
    expect(url.localName).toBe('url');
    expect(url.namespaceURI).toBe(SITEMAP_NS);
    const children = Array.from(url.children);
    const [first, ...rest] = children;
    expect(first?.localName).toBe('loc');
    const loc = first!.textContent ?? '';
    expect(loc.length).toBeLessThanOrEqual(2048);
    expect(loc.startsWith(`${SITE}/`)).toBe(true);
    expect(() => new URL(loc)).not.toThrow();
    let lastmod: string | null = null;
    const alternates: ParsedUrl['alternates'] = [];
    for (const child of rest) {
      if (child.namespaceURI === SITEMAP_NS && child.localName === 'lastmod') {
        expect(lastmod).toBeNull();
        lastmod = child.textContent ?? '';
        expect(lastmod).toMatch(W3C_DATETIME);
      } else {
        expect(child.namespaceURI).toBe(XHTML_NS);
        expect(child.localName).toBe('link');
        expect(child.getAttribute('rel')).toBe('alternate');
        const hreflang = child.getAttribute('hreflang') ?? '';
        const href = child.getAttribute('href') ?? '';
        expect(hreflang).toMatch(HREFLANG);
        expect(href.startsWith(`${SITE}/`)).toBe(true);
        alternates.push({ hreflang, href });
      }
    }
    return { loc, lastmod, alternates };
  });
}

function validateIndex(xml: string): { loc: string; lastmod: string | null }[] {
  const root = parseXml(xml);
  expect(root.localName).toBe('sitemapindex');
  expect(root.namespaceURI).toBe(SITEMAP_NS);
  return Array.from(root.children).map((sitemap) => {
    expect(sitemap.localName).toBe('sitemap');
    const [loc, lastmod, ...rest] = Array.from(sitemap.children);
    expect(loc?.localName).toBe('loc');
    expect(rest).toHaveLength(0);
    if (lastmod) {
      expect(lastmod.localName).toBe('lastmod');
      expect(lastmod.textContent).toMatch(W3C_DATETIME);
    }
    return { loc: loc!.textContent ?? '', lastmod: lastmod?.textContent ?? null };
  });
}

let codeCounter = 0;
async function addProduct(
  database: Database,
  fields: { category?: string; subcategory?: string; updatedAt?: Date } = {},
) {
  const at = fields.updatedAt ?? new Date();
  const [row] = await database.db
    .insert(products)
    .values({
      name: 'Test ring',
      category: fields.category ?? 'Rings',
      subcategory: fields.subcategory ?? 'withgemstone',
      code: `SEO-${++codeCounter}-${crypto.randomBytes(3).toString('hex')}`,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

async function addBlog(database: Database, slug: string, updatedAt = new Date()) {
  const [row] = await database.db
    .insert(blogs)
    .values({ title: slug, slug, content: '<p>x</p>', createdAt: updatedAt, updatedAt })
    .returning();
  return row!;
}

beforeAll(async () => {
  const specifier = 'jsdom';
  ({ JSDOM } = (await import(specifier)) as { JSDOM: Jsdom });
});

describe('robots.txt', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SITE_URL: `${SITE}/` });
  });
  afterAll(() => t.close());

  it('opens the public site, closes admin, cart, account pages and /api/, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/api/',
      '/dashboard',
      '/admin/',
      '/addproduct',
      '/orderlist',
      '/product-list',
      '/userview',
      '/uploadblog',
      '/blog-list',
      '/excelfile',
      '/cart',
      '/login',
      '/signup',
      '/profile',
      '/forgot-password',
      '/reset-password',
      '/verify-email',
      '/myrequests',
      '/quick-order',
      '/s/',
      '/production',
      '/catalogue-import',
      '/search-synonyms',
      '/attribute-lists',
      '/rates',
      '/business-settings',
      '/enter-order',
      '/selections',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    for (const path of [
      '/en-in/cart',
      '/en-uk/dashboard',
      '/hi/login',
      '/fr/admin/',
      '/pt/signup',
      '/hi/reset-password',
      '/en-in/myrequests',
      '/hi/rates',
      '/en-gb/quick-order',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    for (const open of ['/', '/blogs', '/shopall', '/category/', '/singleproduct/', '/media/', '/search']) {
      expect(lines).not.toContain(`Disallow: ${open}`);
    }
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SITE_URL: SITE });
  });
  afterAll(() => t.close());

  const fetchSitemap = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/sitemap.xml', headers });

  it('lists every public page with its alternates (locales, Hindi, x-default), valid by the sitemap rules', async () => {
    const res = await fetchSitemap();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = validateUrlset(res.body);
    const locs = urls.map((u) => u.loc);
    for (const path of [
      '/',
      '/aboutus',
      '/contactus',
      '/fairtrade',
      '/privacy',
      '/faq',
      '/visitjaipur',
      '/shopall',
      '/blogs',
      '/category/alldesigns',
      '/category/Necklaces',
      '/category/Pendants/withoutgemstone',
    ]) {
      expect(locs).toContain(`${SITE}${path}`);
    }
    expect(new Set(locs).size).toBe(locs.length);
    const shopall = urls.find((u) => u.loc === `${SITE}/shopall`)!;
    // The same set, in the same order, as the pages' own head (features/seo in the web app).
    expect(shopall.alternates).toEqual([
      { hreflang: 'en-in', href: `${SITE}/en-in/shopall` },
      { hreflang: 'en-gb', href: `${SITE}/en-gb/shopall` },
      { hreflang: 'en-us', href: `${SITE}/en-us/shopall` },
      { hreflang: 'fr-fr', href: `${SITE}/fr-fr/shopall` },
      { hreflang: 'en-ca', href: `${SITE}/en-ca/shopall` },
      { hreflang: 'en-ae', href: `${SITE}/en-ae/shopall` },
      { hreflang: 'hi', href: `${SITE}/hi/shopall` },
      { hreflang: 'x-default', href: `${SITE}/shopall` },
    ]);
    // Every alternate set names each language-region once.
    for (const url of urls) {
      const langs = url.alternates.map((a) => a.hreflang);
      expect(new Set(langs).size, url.loc).toBe(langs.length);
    }
  });

  it('adds every product and post with its lastmod, and dates the category pages', async () => {
    const older = await addProduct(t.database, {
      category: 'Earrings',
      subcategory: 'withoutgemstone',
      updatedAt: new Date('2026-03-01T10:00:00Z'),
    });
    const newer = await addProduct(t.database, {
      category: 'Earrings',
      subcategory: 'withgemstone',
      updatedAt: new Date('2026-04-01T10:00:00Z'),
    });
    const post = await addBlog(t.database, 'jaipur-gems', new Date('2026-05-01T10:00:00Z'));
    t.app.services.events.emit('catalogue:changed');

    const urls = validateUrlset((await fetchSitemap()).body);
    const byLoc = new Map(urls.map((u) => [u.loc, u]));
    expect(byLoc.get(`${SITE}/singleproduct/${older.id}`)?.lastmod).toBe('2026-03-01T10:00:00.000Z');
    expect(byLoc.get(`${SITE}/singleproduct/${newer.id}`)?.lastmod).toBe('2026-04-01T10:00:00.000Z');
    expect(byLoc.get(`${SITE}/blogs/${post.slug}`)?.lastmod).toBe('2026-05-01T10:00:00.000Z');
    expect(byLoc.get(`${SITE}/blogs/${post.slug}`)?.alternates).toContainEqual({
      hreflang: 'en-in',
      href: `${SITE}/en-in/blogs/${post.slug}`,
    });
    expect(byLoc.get(`${SITE}/category/Earrings`)?.lastmod).toBe('2026-04-01T10:00:00.000Z');
    expect(byLoc.get(`${SITE}/category/Earrings/withoutgemstone`)?.lastmod).toBe('2026-03-01T10:00:00.000Z');
    expect(byLoc.get(`${SITE}/blogs`)?.lastmod).toBe('2026-05-01T10:00:00.000Z');
    expect(byLoc.get(`${SITE}/aboutus`)?.lastmod).toBeNull();
  });

  it('escapes and encodes addresses so the XML stays well-formed', async () => {
    // A legacy slug written outside the blog API, with every character XML and URLs care about.
    await addBlog(t.database, `fish & chips <"quoted"> it's`);
    t.app.services.events.emit('blogs:changed');
    const res = await fetchSitemap();
    expect(res.body).toContain(
      `<loc>${SITE}/blogs/fish%20%26%20chips%20%3C%22quoted%22%3E%20it&apos;s</loc>`,
    );
    const locs = validateUrlset(res.body).map((u) => u.loc);
    expect(locs).toContain(`${SITE}/blogs/fish%20%26%20chips%20%3C%22quoted%22%3E%20it's`);
  });

  it('is cached until the catalogue or the blog changes', async () => {
    const first = await fetchSitemap();
    // Written behind the services' back: the cached sitemap does not know yet.
    const hidden = await addProduct(t.database);
    const cached = await fetchSitemap();
    expect(cached.body).toBe(first.body);
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(cached.body).not.toContain(hidden.id);

    t.app.services.events.emit('catalogue:changed');
    const rebuilt = await fetchSitemap();
    expect(rebuilt.body).toContain(`/singleproduct/${hidden.id}`);
    expect(rebuilt.headers.etag).not.toBe(first.headers.etag);

    await t.database.db.delete(products).where(eq(products.id, hidden.id));
    t.app.services.events.emit('blogs:changed');
    expect((await fetchSitemap()).body).not.toContain(hidden.id);
  });

  it('answers 304 to a matching ETag, gzip to a client that takes it, and HEAD', async () => {
    const plain = await fetchSitemap();
    const etag = String(plain.headers.etag);
    expect((await fetchSitemap({ 'if-none-match': etag })).statusCode).toBe(304);
    expect((await fetchSitemap({ 'if-none-match': `W/"other", ${etag}` })).statusCode).toBe(304);
    expect((await fetchSitemap({ 'if-none-match': '"other"' })).statusCode).toBe(200);

    const gz = await fetchSitemap({ 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);

    const head = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
  });

  it('has no part files while one file holds everything', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(404);
  });
});

describe('sitemap index past the per-file limit', () => {
  let t: TestApp;
  const LIMIT = 10;
  beforeAll(async () => {
    t = await buildTestApp({ SITE_URL: SITE, SITEMAP_MAX_URLS: String(LIMIT) });
    for (let i = 0; i < 12; i++)
      await addProduct(t.database, { updatedAt: new Date(Date.UTC(2026, 0, i + 1)) });
  });
  afterAll(() => t.close());

  it('answers an index whose parts hold every URL once, each within the limit', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    const parts = validateIndex(index.body);
    // 25 pages + 12 products = 37 URLs → 4 files of at most 10.
    expect(parts.map((p) => p.loc)).toEqual([1, 2, 3, 4].map((n) => `${SITE}/sitemap-${n}.xml`));

    const all: string[] = [];
    for (const part of parts) {
      const res = await t.app.inject({ method: 'GET', url: new URL(part.loc).pathname });
      expect(res.statusCode).toBe(200);
      const urls = validateUrlset(res.body);
      expect(urls.length).toBeLessThanOrEqual(LIMIT);
      all.push(...urls.map((u) => u.loc));
      // The index dates each part by its newest entry.
      const newest =
        urls
          .map((u) => u.lastmod)
          .filter(Boolean)
          .sort()
          .at(-1) ?? null;
      expect(part.lastmod).toBe(newest);
    }
    expect(all).toHaveLength(37);
    expect(new Set(all).size).toBe(37);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-5.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-0.xml' })).statusCode).toBe(404);
  });
});
