import { PRICE_CURRENCY } from '@catalogue/shared/domain/limits';
import { SITE, addressLine } from '@catalogue/shared/domain/site';
import { absoluteUrl } from '~/features/seo/seo';

/**
 * schema.org objects for JSON-LD: Organization on every page, FAQPage on home
 * and FAQ, BlogPosting and a list of posts on the blog pages, BreadcrumbList on category and
 * product pages, Product on product pages.
 */
export function organizationJsonLd(siteUrl: string, description: string) {
  const office = SITE.addresses.office;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: SITE.name,
    url: absoluteUrl(siteUrl, '/'),
    logo: absoluteUrl(siteUrl, SITE.logo),
    description,
    foundingDate: String(SITE.foundedYear),
    email: SITE.email,
    telephone: SITE.phones.main.tel,
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.street,
      addressLocality: office.locality,
      addressRegion: office.region,
      postalCode: office.postalCode,
      addressCountry: office.country,
    },
    sameAs: SITE.social.map((s) => s.url),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'sales',
      telephone: SITE.phones.main.tel,
      email: SITE.email,
      areaServed: 'Worldwide',
      availableLanguage: ['English', 'Hindi'],
    },
  };
}

export function faqPageJsonLd(items: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export type BreadcrumbItem = { name: string; path: string };

export function breadcrumbJsonLd(siteUrl: string, items: readonly BreadcrumbItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(siteUrl, item.path),
    })),
  };
}

type BlogLike = {
  title: string;
  slug: string;
  excerpt?: string | null;
  metaDescription?: string | null;
  image?: string | null;
  createdAt: string;
  updatedAt?: string | null;
};

export function blogPostingJsonLd(siteUrl: string, blog: BlogLike, path: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: blog.title.slice(0, 110),
    description: blog.metaDescription || blog.excerpt || undefined,
    image: blog.image ? absoluteUrl(siteUrl, blog.image) : absoluteUrl(siteUrl, SITE.socialImage),
    datePublished: blog.createdAt,
    dateModified: blog.updatedAt || blog.createdAt,
    mainEntityOfPage: absoluteUrl(siteUrl, path),
    url: absoluteUrl(siteUrl, path),
    author: { '@type': 'Organization', name: SITE.name, url: absoluteUrl(siteUrl, '/') },
    publisher: {
      '@type': 'Organization',
      name: SITE.name,
      logo: { '@type': 'ImageObject', url: absoluteUrl(siteUrl, SITE.logo) },
    },
  };
}

/** The blog list: a Blog whose posts are the first ten. */
export function blogListJsonLd(
  siteUrl: string,
  blogs: readonly BlogLike[],
  pathFor: (slug: string) => string,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    name: `${SITE.name} Blog`,
    url: absoluteUrl(siteUrl, pathFor('').replace(/\/$/, '')),
    blogPost: blogs.slice(0, 10).map((blog) => ({
      '@type': 'BlogPosting',
      headline: blog.title.slice(0, 110),
      url: absoluteUrl(siteUrl, pathFor(blog.slug)),
      datePublished: blog.createdAt,
      ...(blog.image ? { image: absoluteUrl(siteUrl, blog.image) } : {}),
    })),
  };
}

/** The showroom as a local business, for the Visit Jaipur page. */
export function showroomJsonLd(siteUrl: string) {
  const showroom = SITE.addresses.showroom;
  return {
    '@context': 'https://schema.org',
    '@type': 'JewelryStore',
    name: `${SITE.name} Showroom`,
    url: absoluteUrl(siteUrl, '/visitjaipur'),
    telephone: SITE.phones.showroom.tel,
    address: {
      '@type': 'PostalAddress',
      streetAddress: showroom.street,
      addressLocality: showroom.locality,
      addressRegion: showroom.region,
      postalCode: showroom.postalCode,
      addressCountry: showroom.country,
    },
    description: addressLine(showroom),
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      opens: SITE.hours.opens,
      closes: SITE.hours.closes,
    },
  };
}

/** JSON for an inline `<script type="application/ld+json">`, safe against `</script>` in the data. */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export type ProductLike = {
  _id: string;
  name: string;
  code: string;
  description: string;
  category: string;
  price: number | null;
};

/**
 * A product page's Product: name, code as sku, picture, description, brand and manufacturer (the
 * business), category and address. An offer only when prices are public and the product has one:
 * search engines refuse an offer without a price, and wholesale prices are otherwise quoted.
 */
export function productJsonLd(
  siteUrl: string,
  product: ProductLike,
  options: { path: string; image: string | null; publicPrices: boolean },
) {
  const url = absoluteUrl(siteUrl, options.path);
  const hasPrice = options.publicPrices && typeof product.price === 'number' && product.price > 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.code,
    ...(options.image ? { image: absoluteUrl(siteUrl, options.image) } : {}),
    ...(product.description ? { description: product.description } : {}),
    brand: { '@type': 'Brand', name: SITE.name },
    manufacturer: { '@type': 'Organization', '@id': `${siteUrl}/#organization`, name: SITE.name },
    category: product.category,
    url,
    ...(hasPrice
      ? {
          offers: {
            '@type': 'Offer',
            price: product.price!.toFixed(2),
            priceCurrency: PRICE_CURRENCY,
            availability: 'https://schema.org/InStock',
            url,
          },
        }
      : {}),
  };
}
