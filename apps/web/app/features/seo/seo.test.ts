import { describe, expect, it } from 'vitest';
import { resourcesFor } from '~/lib/i18n-resources.server';
import {
  alternatesFor,
  canonicalPath,
  pageMeta,
  seoContextOf,
  seoKeyOf,
  seoTextsFor,
  tableSeoFor,
} from './seo';
import {
  blogListJsonLd,
  breadcrumbJsonLd,
  faqPageJsonLd,
  jsonLdScript,
  productJsonLd,
} from './structured-data';

const SITE = 'https://jewels.test';
const rootMatch = (language: 'en' | 'hi') => ({
  id: 'root',
  data: { siteUrl: SITE, language, texts: JSON.stringify(resourcesFor(language)) },
});

describe('seo table', () => {
  it('names every path of the SEO table, with or without a prefix', () => {
    expect(seoKeyOf('/')).toEqual(['pages', 'home']);
    expect(seoKeyOf('/en-in')).toEqual(['pages', 'home']);
    expect(seoKeyOf('/hi/aboutus')).toEqual(['pages', 'aboutus']);
    expect(seoKeyOf('/category/alldesigns')).toEqual(['pages', 'alldesigns']);
    expect(seoKeyOf('/fairtrade')).toEqual(['pages', 'fairtrade']);
    expect(seoKeyOf('/en-us/contactus')).toEqual(['pages', 'contactus']);
    expect(seoKeyOf('/category/Necklaces')).toEqual(['category', 'Necklaces', 'all']);
    expect(seoKeyOf('/category/ring')).toEqual(['category', 'Rings', 'all']);
    expect(seoKeyOf('/category/Earrings/withgemstone')).toEqual(['category', 'Earrings', 'withgemstone']);
    expect(seoKeyOf('/category/Pendants/withoutgemstone')).toEqual([
      'category',
      'Pendants',
      'withoutgemstone',
    ]);
    expect(seoKeyOf('/singleproduct/abc')).toBeNull();
    expect(seoKeyOf('/category/Hats')).toBeNull();
  });

  it('has a title, description and keywords for each of them in both languages', () => {
    const paths = ['/', '/aboutus', '/category/alldesigns', '/fairtrade', '/contactus'];
    for (const category of ['Necklaces', 'Earrings', 'Bracelets', 'Rings', 'Pendants'])
      paths.push(
        `/category/${category}`,
        `/category/${category}/withgemstone`,
        `/category/${category}/withoutgemstone`,
      );
    for (const language of ['en', 'hi'] as const) {
      const titles = new Set<string>();
      for (const path of paths) {
        const seo = tableSeoFor(path, resourcesFor(language));
        expect(seo?.title, `${language} ${path}`).toBeTruthy();
        expect(seo?.description, `${language} ${path}`).toBeTruthy();
        expect(seo?.keywords, `${language} ${path}`).toBeTruthy();
        titles.add(seo!.title);
      }
      expect(titles.size).toBe(paths.length);
    }
  });

  it("writes the business's one name (SITE.name) where the texts leave its place", () => {
    for (const language of ['en', 'hi'] as const) {
      const home = tableSeoFor('/', resourcesFor(language));
      expect(home?.title, language).toMatch(/^Jaipur Jewellery House \| /);
      expect(JSON.stringify(resourcesFor(language))).not.toContain('{{siteName}}');
    }
  });
});

describe('the seo texts a page receives', () => {
  const paths = [
    '/',
    '/hi/aboutus',
    '/category/alldesigns',
    '/category/Rings',
    '/hi/category/ring',
    '/category/Earrings/withgemstone',
    '/category/Pendants/nosuchsub',
    '/category/Hats',
    '/singleproduct/abc',
    '/blogs/a-post',
    '/nowhere',
  ];

  it('gives meta the same table entry and fallbacks as the whole table', () => {
    for (const language of ['en', 'hi'] as const) {
      const all = resourcesFor(language);
      for (const path of paths) {
        const part = seoTextsFor(all.seo, path);
        const matches = [{ id: 'root', data: { siteUrl: SITE, language, texts: '{}', seo: part } }];
        expect(tableSeoFor(path, { seo: part }), `${language} ${path}`).toEqual(tableSeoFor(path, all));
        const args = { location: { pathname: path }, matches };
        expect(pageMeta(args), `${language} ${path}`).toEqual(
          pageMeta({ ...args, matches: [rootMatch(language)] }),
        );
        expect(seoContextOf(matches).texts.seo).toBe(part);
      }
    }
  });

  it('is a small part of the table: the entry, the not-found entry and the description', () => {
    const all = resourcesFor('hi').seo!;
    const part = seoTextsFor(all, '/hi/category/Rings/withgemstone');
    expect(Object.keys(part).sort()).toEqual(['category', 'organizationDescription', 'pages']);
    expect(Object.keys(part.pages as object)).toEqual(['notFound']);
    expect(JSON.stringify(part).length).toBeLessThan(JSON.stringify(all).length / 10);
  });
});

describe('canonical and alternates', () => {
  it('publishes en-uk as en-gb, keeps locales and Hindi, and sends other languages to the bare path', () => {
    expect(canonicalPath('/en-uk/aboutus')).toBe('/en-gb/aboutus');
    expect(canonicalPath('/en-in')).toBe('/en-in');
    expect(canonicalPath('/hi/faq/')).toBe('/hi/faq');
    expect(canonicalPath('/de/faq')).toBe('/faq');
    expect(canonicalPath('/')).toBe('/');
  });

  it('keeps only a page number above 1 from the query', () => {
    expect(canonicalPath('/shopall', '?page=3&utm_source=x')).toBe('/shopall?page=3');
    expect(canonicalPath('/shopall', '?page=1')).toBe('/shopall');
    expect(canonicalPath('/shopall', '?page=abc')).toBe('/shopall');
  });

  it('lists one alternate per locale (en-uk folded into en-gb), Hindi and x-default', () => {
    expect(alternatesFor(SITE, '/en-uk/faq')).toEqual([
      { hreflang: 'en-in', href: `${SITE}/en-in/faq` },
      { hreflang: 'en-gb', href: `${SITE}/en-gb/faq` },
      { hreflang: 'en-us', href: `${SITE}/en-us/faq` },
      { hreflang: 'fr-fr', href: `${SITE}/fr-fr/faq` },
      { hreflang: 'en-ca', href: `${SITE}/en-ca/faq` },
      { hreflang: 'en-ae', href: `${SITE}/en-ae/faq` },
      { hreflang: 'hi', href: `${SITE}/hi/faq` },
      { hreflang: 'x-default', href: `${SITE}/faq` },
    ]);
    expect(alternatesFor(SITE, '/').at(-1)).toEqual({ hreflang: 'x-default', href: `${SITE}/` });
  });
});

describe('pageMeta', () => {
  it('uses the table in the page language for listed paths', () => {
    const meta = pageMeta(
      { location: { pathname: '/hi/category/Rings/withgemstone' }, matches: [rootMatch('hi')] },
      { title: 'ignored' },
    );
    const title = meta.find((m) => 'title' in m) as { title: string };
    expect(title.title).toMatch(/अंगूठियाँ/);
    expect(meta).toContainEqual(expect.objectContaining({ name: 'keywords' }));
    expect(meta).toContainEqual({ property: 'og:title', content: title.title });
  });

  it('uses the page’s own texts elsewhere, with the site name and an absolute image', () => {
    const meta = pageMeta(
      { location: { pathname: '/singleproduct/1' }, matches: [rootMatch('en')] },
      { title: 'Ruby Ring', description: 'A ring.', image: '/media/x?w=600', jsonLd: [{ '@type': 'Thing' }] },
    );
    expect(meta).toContainEqual({ title: 'Ruby Ring | Jaipur Jewellery House' });
    expect(meta).toContainEqual({ name: 'description', content: 'A ring.' });
    expect(meta).toContainEqual({ property: 'og:image', content: `${SITE}/media/x?w=600` });
    expect(meta).toContainEqual({ 'script:ld+json': { '@type': 'Thing' } });
  });
});

describe('structured data', () => {
  it('builds FAQPage, BreadcrumbList and a list of at most ten posts', () => {
    expect(faqPageJsonLd([{ question: 'Q?', answer: 'A.' }]).mainEntity[0]).toEqual({
      '@type': 'Question',
      name: 'Q?',
      acceptedAnswer: { '@type': 'Answer', text: 'A.' },
    });
    expect(
      breadcrumbJsonLd(SITE, [
        { name: 'Home', path: '/' },
        { name: 'Rings', path: '/category/Rings' },
      ]).itemListElement[1],
    ).toEqual({
      '@type': 'ListItem',
      position: 2,
      name: 'Rings',
      item: `${SITE}/category/Rings`,
    });
    const blogs = Array.from({ length: 12 }, (_, i) => ({
      title: `Post ${i}`,
      slug: `post-${i}`,
      createdAt: '2024-01-01',
    }));
    const list = blogListJsonLd(SITE, blogs, (slug) => `/blogs/${slug}`);
    expect(list.blogPost).toHaveLength(10);
    expect(list.blogPost[0]?.url).toBe(`${SITE}/blogs/post-0`);
  });

  describe('Product', () => {
    const ring = {
      _id: 'p1',
      name: 'Kundan Ring',
      code: 'KR-1',
      description: 'A kundan ring in brass.',
      category: 'Rings',
      price: 24.5,
    };
    const image = 'https://cdn.jewels.test/media/p1?w=600&h=600&fit=inside&q=86';

    it('names the product, its code as sku, picture, description, brand, maker, category and address', () => {
      expect(productJsonLd(SITE, ring, { path: '/singleproduct/p1', image, publicPrices: false })).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Kundan Ring',
        sku: 'KR-1',
        image,
        description: 'A kundan ring in brass.',
        brand: { '@type': 'Brand', name: expect.any(String) },
        manufacturer: { '@type': 'Organization', '@id': `${SITE}/#organization`, name: expect.any(String) },
        category: 'Rings',
        url: `${SITE}/singleproduct/p1`,
      });
    });

    it('offers a price only when prices are public and the product has one', () => {
      const offered = productJsonLd(SITE, ring, { path: '/singleproduct/p1', image, publicPrices: true });
      expect(offered.offers).toEqual({
        '@type': 'Offer',
        price: '24.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${SITE}/singleproduct/p1`,
      });
      const hidden = { ...ring, price: null };
      expect(productJsonLd(SITE, hidden, { path: '/x', image, publicPrices: true })).not.toHaveProperty(
        'offers',
      );
      expect(
        productJsonLd(SITE, { ...ring, price: 0 }, { path: '/x', image, publicPrices: true }),
      ).not.toHaveProperty('offers');
      // An admin's page data carries the price, but prices are not public: no offer.
      expect(productJsonLd(SITE, ring, { path: '/x', image, publicPrices: false })).not.toHaveProperty(
        'offers',
      );
    });

    it('makes a path picture absolute and leaves out what the product lacks', () => {
      const bare = productJsonLd(
        SITE,
        { ...ring, description: '' },
        {
          path: '/singleproduct/p1',
          image: '/media/p1?w=600',
          publicPrices: false,
        },
      );
      expect(bare.image).toBe(`${SITE}/media/p1?w=600`);
      expect(bare).not.toHaveProperty('description');
      expect(productJsonLd(SITE, ring, { path: '/x', image: null, publicPrices: false })).not.toHaveProperty(
        'image',
      );
    });
  });

  it('cannot be broken out of its script element', () => {
    expect(jsonLdScript({ name: '</script><script>alert(1)</script>' })).not.toMatch(/<\/script/i);
  });
});
