import type { Browser, Page } from '@playwright/test';
import { expect, hydrated, skipLocaleRedirect, test } from './fixtures';
import { rawKeysOf, watchRawKeys } from './raw-keys';

/** A page whose raw text keys are recorded from its first byte (every public page is checked in pages.spec.ts). */
async function watchedPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await skipLocaleRedirect(context);
  await watchRawKeys(context);
  return context.newPage();
}

test.describe('texts per page', () => {
  test('the watch reports a text key written into the page', async ({ browser }) => {
    const probe = await watchedPage(browser);
    await probe.goto('/privacy');
    await hydrated(probe);
    expect(await rawKeysOf(probe)).toEqual([]);
    await probe.evaluate(() => document.body.append('detail.addToList'));
    await expect.poll(() => rawKeysOf(probe)).toEqual(['detail.addToList']);
    await probe.context().close();
  });

  test('client navigation between pages that need other texts shows no raw key', async ({ browser }) => {
    const page = await watchedPage(browser);
    for (const start of ['/blogs', '/hi/blogs']) {
      const hi = start.startsWith('/hi');
      const at = (p: string) => (hi ? `/hi${p === '/' ? '' : p}` : p);
      await page.goto(start);
      await hydrated(page);
      const footer = page.getByRole('contentinfo');
      const steps: { link: () => ReturnType<Page['locator']>; url: RegExp }[] = [
        { link: () => footer.locator(`a[href="${at('/faq')}"]`).first(), url: /\/faq$/ },
        { link: () => page.locator(`a[href="${at('/shopall')}"]`).first(), url: /\/shopall$/ },
        { link: () => page.locator('main a[href*="/singleproduct/"]').first(), url: /\/singleproduct\// },
        { link: () => footer.locator(`a[href="${at('/contactus')}"]`).first(), url: /\/contactus$/ },
        { link: () => page.locator(`header a[href="${at('/')}"]`).first(), url: hi ? /\/hi$/ : /\/$/ },
        { link: () => footer.locator(`a[href="${at('/privacy')}"]`).first(), url: /\/privacy$/ },
      ];
      for (const step of steps) {
        await step.link().click();
        await expect(page).toHaveURL(step.url);
        await expect(page.getByTestId('page-transition')).toBeHidden();
        expect(await rawKeysOf(page), page.url()).toEqual([]);
      }
      if (hi) await expect(page.getByRole('heading', { level: 1 })).toHaveText('गोपनीयता नीति');
    }
    await page.context().close();
  });
});
