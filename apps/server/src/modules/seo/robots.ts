import { LANGUAGE_PREFIXES, LOCALES } from '@catalogue/shared/domain/locales';

/** Pages no crawler should index: administration, the enquiry list and account screens. */
export const PRIVATE_PATHS = [
  '/dashboard',
  '/addproduct',
  '/orderlist',
  '/product-list',
  '/userview',
  '/uploadblog',
  '/blog-list',
  '/admin/',
  '/excelfile',
  '/cart',
  '/login',
  '/signup',
  '/profile',
] as const;

/**
 * robots.txt: the public site is open; private pages are closed bare and under every locale and
 * language prefix (listed, not wildcarded, so a blog post that happens to be called "cart" stays
 * visible); `/api/` is closed; the sitemap is named with the public origin.
 */
export function renderRobotsTxt(siteUrl: string): string {
  const prefixes = [...LOCALES, ...LANGUAGE_PREFIXES];
  const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/'];
  for (const path of PRIVATE_PATHS) lines.push(`Disallow: ${path}`);
  for (const prefix of prefixes) for (const path of PRIVATE_PATHS) lines.push(`Disallow: /${prefix}${path}`);
  lines.push('', `Sitemap: ${siteUrl}/sitemap.xml`, '');
  return lines.join('\n');
}
