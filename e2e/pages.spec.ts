import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, hydrated, skipLocaleRedirect, test } from './fixtures';
import { CONTENT_PAGES, publicPaths, STATIC_PATHS } from './public-paths';
import { rawKeysOf, watchRawKeys } from './raw-keys';

/**
 * Every public page, visited once per language with its scripts (and once without them in
 * English): what each visit must show is checked on that one visit, as each hydrated page load
 * costs this machine's two cores about a second of Chromium's time. Each English page is a test of
 * its own (axe takes 3-4 s a page on a quiet machine, twice that with both workers busy), so the
 * suite's two workers share them (they run in any order: none writes); the Hindi pages are one test.
 */
test.describe('every public page', () => {
  // They only read: any worker may take any of them.
  test.describe.configure({ mode: 'parallel' });
  type PathOf = (request: APIRequestContext) => Promise<string>;
  const fixed = (path: string): [string, PathOf] => [path, async () => path];
  // Not in the public list: the enquiry list (axe judges it in the enquiry journeys) and a missing page.
  const extraPaths = ['/cart', '/no-such-page'];
  const isJudgedByAxe = (path: string) => path !== '/cart';
  const englishPages: [name: string, pathOf: PathOf][] = [
    ...STATIC_PATHS.map(fixed),
    ...Object.entries(CONTENT_PAGES),
    ...extraPaths.map(fixed),
  ];

  for (const [name, pathOf] of englishPages) {
    test(`${name} in English: its title without JavaScript, the same title once hydrated, no error, no raw text key${isJudgedByAxe(name) ? ', no serious accessibility problem' : ''}`, async ({
      browser,
      page,
      request,
    }) => {
      const path = await pathOf(request);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await skipLocaleRedirect(page.context());
      await watchRawKeys(page.context());

      // Without JavaScript there is no locale redirect (the storefront's script makes it).
      const noScript = await browser.newContext({ javaScriptEnabled: false });
      const plain = await noScript.newPage();
      const response = await plain.goto(path);
      const isMissing = path === '/no-such-page';
      expect(response?.status()).toBe(isMissing ? 404 : 200);
      const title = await plain.title();
      expect(title).not.toBe('');
      await expect(plain.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await noScript.close();

      await page.goto(path);
      await hydrated(page);
      expect(await rawKeysOf(page)).toEqual([]);
      if (isJudgedByAxe(path)) await expectAccessible(page);
      await expect(page).toHaveTitle(title);
      expect(errors).toEqual([]);
    });
  }

  test('in Hindi: every page hydrates with no error and no raw text key; axe judges two of them', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const paths = await publicPaths(request);
    const context = await browser.newContext();
    await skipLocaleRedirect(context);
    await watchRawKeys(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    // The language changes texts, not structure: axe judges the home and about pages.
    for (const path of [...paths, ...extraPaths]) {
      const hindi = `/hi${path === '/' ? '' : path}`;
      await test.step(hindi, async () => {
        await page.goto(hindi);
        await hydrated(page);
        expect(await rawKeysOf(page), hindi).toEqual([]);
        if (hindi === '/hi' || hindi === '/hi/aboutus') await expectAccessible(page);
      });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
