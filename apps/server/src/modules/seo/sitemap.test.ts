import { describe, expect, it } from 'vitest';
import {
  chunkUrls,
  renderSitemapIndex,
  renderUrl,
  renderUrlset,
  sitemapEntries,
  type SitemapEntry,
} from './sitemap.ts';
import { escapeXml } from '../../lib/xml.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe('sitemapEntries', () => {
  const data = {
    products: [
      { id: 'p2', updatedAt: day(5) },
      { id: 'p1', updatedAt: day(2) },
    ],
    blogs: [{ slug: 'kundan-guide', updatedAt: day(9) }],
    categoryStamps: [
      { category: 'Rings', subcategory: 'withgemstone', updatedAt: day(5) },
      { category: 'Rings', subcategory: 'withoutgemstone', updatedAt: day(2) },
    ],
  };
  const byPath = new Map(sitemapEntries(data).map((e) => [e.path, e.lastmod]));

  it('lists every public page, category page, product and post', () => {
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
    ]) {
      expect(byPath.has(path), path).toBe(true);
    }
    for (const category of ['Rings', 'Bracelets', 'Earrings', 'Necklaces', 'Pendants']) {
      expect(byPath.has(`/category/${category}`)).toBe(true);
      expect(byPath.has(`/category/${category}/withgemstone`)).toBe(true);
      expect(byPath.has(`/category/${category}/withoutgemstone`)).toBe(true);
    }
    expect(byPath.get('/singleproduct/p2')).toEqual(day(5));
    expect(byPath.get('/blogs/kundan-guide')).toEqual(day(9));
    expect(byPath.size).toBe(1 + 6 + 2 + 15 + 1 + 1 + 2);
  });

  it('dates listing pages by their newest content and leaves the rest undated', () => {
    expect(byPath.get('/category/Rings')).toEqual(day(5));
    expect(byPath.get('/category/Rings/withoutgemstone')).toEqual(day(2));
    expect(byPath.get('/category/Pendants')).toBeNull();
    expect(byPath.get('/shopall')).toEqual(day(5));
    expect(byPath.get('/blogs')).toEqual(day(9));
    expect(byPath.get('/')).toEqual(day(9));
    expect(byPath.get('/privacy')).toBeNull();
  });
});

describe('rendering', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('writes the bare page, one alternate per hreflang (en-uk folded into en-gb), Hindi and x-default', () => {
    const xml = renderUrl('https://shop.example', { path: '/shopall', lastmod: day(3) });
    expect(xml).toContain('<loc>https://shop.example/shopall</loc>');
    expect(xml).toContain('<lastmod>2026-01-03T00:00:00.000Z</lastmod>');
    const alternates = [
      ...xml.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g),
    ].map((m) => [m[1], m[2]]);
    expect(alternates).toEqual([
      ['en-in', 'https://shop.example/en-in/shopall'],
      ['en-gb', 'https://shop.example/en-gb/shopall'],
      ['en-us', 'https://shop.example/en-us/shopall'],
      ['fr-fr', 'https://shop.example/fr-fr/shopall'],
      ['en-ca', 'https://shop.example/en-ca/shopall'],
      ['en-ae', 'https://shop.example/en-ae/shopall'],
      ['hi', 'https://shop.example/hi/shopall'],
      ['x-default', 'https://shop.example/shopall'],
    ]);
    // The home page under a prefix is the prefix itself.
    expect(renderUrl('https://shop.example', { path: '/', lastmod: null })).toContain(
      'href="https://shop.example/en-in"',
    );
  });

  it('writes an index of part files', () => {
    const xml = renderSitemapIndex([
      { loc: 'https://s.example/sitemap-1.xml', lastmod: day(1) },
      { loc: 'https://s.example/sitemap-2.xml', lastmod: null },
    ]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      '<sitemap><loc>https://s.example/sitemap-1.xml</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod></sitemap>',
    );
    expect(xml).toContain('<sitemap><loc>https://s.example/sitemap-2.xml</loc></sitemap>');
  });
});

describe('chunkUrls', () => {
  const entries: SitemapEntry[] = Array.from({ length: 25 }, (_, i) => ({
    path: `/p/${i}`,
    lastmod: day(i + 1),
  }));
  const render = (e: SitemapEntry) => `<url><loc>${e.path}</loc></url>\n`;

  it('keeps one file while under both limits', () => {
    expect([...chunkUrls(entries, render, { maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 })]).toHaveLength(1);
  });

  it('splits by URL count, in order, each part dated by its newest entry', () => {
    const chunks = [...chunkUrls(entries, render, { maxUrls: 10, maxBytes: 50 * 1024 * 1024 })];
    expect(chunks.map((c) => c.urls.length)).toEqual([10, 10, 5]);
    expect(chunks.flatMap((c) => c.urls)).toEqual(entries.map(render));
    expect(chunks.map((c) => c.lastmod)).toEqual([day(10), day(20), day(25)]);
  });

  it('splits by size so no file passes the byte limit', () => {
    const maxBytes = 400;
    const chunks = [...chunkUrls(entries, render, { maxUrls: 50_000, maxBytes })];
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(Buffer.byteLength(renderUrlset(chunk.urls))).toBeLessThanOrEqual(maxBytes);
    }
  });
});
