import { LANGUAGE_PREFIXES, LOCALES } from '@catalogue/shared/domain/locales';

/**
 * Pages no crawler should index: administration, the enquiry list, account screens and the pages
 * a mailed or shared link opens. A path closes everything under it (`/orderlist` closes
 * `/orderlist/{id}`). `apps/web/app/lib/robots.with-server.test.ts` checks every page of the
 * storefront's route table is either listed here or named public there, so a new private page
 * cannot be left open.
 */
export const PRIVATE_PATHS = [
  // Administration.
  '/dashboard',
  '/addproduct',
  '/orderlist',
  '/production',
  '/product-list',
  '/userview',
  '/uploadblog',
  '/blog-list',
  '/admin/',
  '/excelfile',
  '/catalogue-import',
  '/search-synonyms',
  '/attribute-lists',
  '/rates',
  '/business-settings',
  '/enter-order',
  '/selections',
  // The enquiry list, ordering and the buyer's requests.
  '/cart',
  '/quick-order',
  '/myrequests',
  // Accounts.
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/profile',
  // A selection sent to one buyer by link.
  '/s/',
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
