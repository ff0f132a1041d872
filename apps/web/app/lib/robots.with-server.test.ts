// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderRobotsTxt } from '../../../server/src/modules/seo/index.ts';
import { ADMIN_PAGES, PAGES } from './page-table';

/*
 * The server's robots.txt against the storefront's route table: every page is either one of the
 * public pages named here or closed to crawlers, bare and under the locale and language prefixes.
 * A new page fails this test until someone decides which it is.
 */

/** The pages crawlers may index (route table paths). */
const PUBLIC_PAGES = [
  '',
  'shopall',
  'aboutus',
  'contactus',
  'fairtrade',
  'privacy',
  'faq',
  'visitjaipur',
  'blogs',
  'blogs/:slug',
  'singleproduct/:id?',
  'category',
  'category/alldesigns',
  'category/:category',
  'category/:category/:subcategory',
  'search',
  // The not-found page answers any other address.
  '*',
];

const disallowed = renderRobotsTxt('https://jewels.example')
  .split('\n')
  .filter((line) => line.startsWith('Disallow: '))
  .map((line) => line.slice('Disallow: '.length));

/** An address of the page: its parameters filled in, an optional one left out. */
const addressOf = (path: string) =>
  `/${path
    .split('/')
    .filter((segment) => !segment.endsWith('?'))
    .map((segment) => (segment.startsWith(':') ? 'sample-1' : segment))
    .join('/')}`;

/** robots.txt matching: a rule closes every address that starts with it. */
const isClosed = (address: string) => disallowed.some((rule) => address.startsWith(rule));

const PREFIXES = ['', '/en-in', '/en-uk', '/hi', '/fr'];

describe('robots.txt and the route table', () => {
  it('closes every page that is not public, bare and under every prefix', () => {
    const privatePages = PAGES.map((page) => page.path).filter((path) => !PUBLIC_PAGES.includes(path));
    expect(privatePages.length).toBeGreaterThan(10);
    for (const path of privatePages)
      for (const prefix of PREFIXES)
        expect(isClosed(`${prefix}${addressOf(path)}`), prefix + path).toBe(true);
  });

  it('closes every administration screen', () => {
    for (const { path } of ADMIN_PAGES)
      for (const prefix of PREFIXES)
        expect(isClosed(`${prefix}${addressOf(path)}`), prefix + path).toBe(true);
  });

  it('keeps the public pages open', () => {
    for (const path of PUBLIC_PAGES.filter((p) => p !== '*'))
      for (const prefix of PREFIXES)
        expect(isClosed(`${prefix}${addressOf(path)}`), prefix + path).toBe(false);
    // Every public page named here is a page of the table.
    const table = PAGES.map((page) => page.path);
    for (const path of PUBLIC_PAGES) expect(table).toContain(path);
  });
});
