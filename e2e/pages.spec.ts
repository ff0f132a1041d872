import { expect, expectAccessible, hydrated, skipLocaleRedirect, test } from './fixtures';
import { publicPaths } from './public-paths';
import { rawKeysOf, watchRawKeys } from './raw-keys';

/**
 * Every public page, visited once per language with its scripts (and once without them in
 * English): what each visit must show is checked on that one visit, as each hydrated page load
 * costs this machine's two cores about a second of Chromium's time.
 */
test.describe('every public page', () => {
  test('renders its title without JavaScript, hydrates with the same title, no error, no raw text key and no serious accessibility problem', async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const paths = await publicPaths(request);
    // Without JavaScript there is no locale redirect (the storefront's script makes it).
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const context = await browser.newContext();
    await skipLocaleRedirect(context);
    await watchRawKeys(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));

    const visit = async (path: string, { accessibility }: { accessibility: boolean }) => {
      await page.goto(path);
      await hydrated(page);
      expect(await rawKeysOf(page), path).toEqual([]);
      if (accessibility) await expectAccessible(page);
    };

    // English: the page's title is in its server HTML, and hydration keeps it.
    for (const path of paths) {
      await test.step(path, async () => {
        const plain = await noScript.newPage();
        const response = await plain.goto(path);
        expect(response?.status(), path).toBe(200);
        const title = await plain.title();
        expect(title, path).not.toBe('');
        await expect(plain.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await plain.close();

        await visit(path, { accessibility: true });
        await expect(page, path).toHaveTitle(title);
      });
    }
    // The enquiry list and a missing page are not in the public list; axe judges the missing page.
    await test.step('/cart', () => visit('/cart', { accessibility: false }));
    await test.step('/no-such-page', () => visit('/no-such-page', { accessibility: true }));

    // Hindi: every page's texts; axe judges two (the language changes texts, not structure).
    for (const path of [...paths, '/cart', '/no-such-page']) {
      const hindi = `/hi${path === '/' ? '' : path}`;
      await test.step(hindi, () =>
        visit(hindi, { accessibility: hindi === '/hi' || hindi === '/hi/aboutus' }),
      );
    }
    expect(errors).toEqual([]);
    await noScript.close();
    await context.close();
  });
});
