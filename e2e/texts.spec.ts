import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { publicPaths } from './public-paths';

/**
 * Every text key of the storefront as i18next would show it when its namespace is missing
 * (`detail.addToList`, or `catalogue:detail.addToList`). Keys without a dot are left out: a raw
 * `title` cannot be told from the word.
 */
function textKeys(): string[] {
  const dir = path.resolve(import.meta.dirname, '../packages/shared/src/i18n/en');
  const keys: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (node && typeof node === 'object' && !Array.isArray(node)) {
      for (const [key, value] of Object.entries(node)) walk(value, prefix ? `${prefix}.${key}` : key);
    } else if (prefix.includes('.')) keys.push(prefix);
  };
  for (const file of fs.readdirSync(dir)) walk(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), '');
  return keys;
}

const KEYS = textKeys();

/**
 * Watches the page from its first byte: every text node and label ever shown (the server HTML,
 * hydration, each client navigation) is checked against the keys, so a key shown for one frame
 * before its texts arrive is caught too.
 */
async function watchedPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((keys: string[]) => {
    window.sessionStorage.setItem('lang_auto_set', 'true');
    const known = new Set(keys);
    const seen: string[] = [];
    (window as unknown as { __rawKeys: string[] }).__rawKeys = seen;
    const check = (text: string | null) => {
      for (const token of text?.match(/[\w-]+:?[\w-]+(?:\.[\w-]+)+/g) ?? []) {
        const key = token.replace(/^[\w-]+:/, '');
        if (known.has(key)) seen.push(token);
      }
    };
    const LABELS = ['aria-label', 'placeholder', 'title', 'alt', 'content'];
    const visit = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) return check(node.textContent);
      if (!(node instanceof Element)) return;
      for (const name of LABELS) check(node.getAttribute(name));
      node.childNodes.forEach(visit);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') check(record.target.textContent);
        else if (record.type === 'attributes') visit(record.target);
        else record.addedNodes.forEach(visit);
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-label', 'placeholder', 'title', 'alt', 'content'],
    });
  }, KEYS);
  return context.newPage();
}

const rawKeysOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __rawKeys: string[] }).__rawKeys);

/** Every public page, and the two that are not in the shell's list: the list and a missing page. */
async function samplePaths(request: APIRequestContext) {
  return [...(await publicPaths(request)), '/cart', '/no-such-page'];
}

test.describe('texts per page', () => {
  test('no page shows a raw text key, in English or Hindi', async ({ browser, request }) => {
    test.setTimeout(180_000);
    // The watch itself: a key written into the page is reported.
    const probe = await watchedPage(browser);
    await probe.goto('/privacy');
    await probe.evaluate(() => document.body.append('detail.addToList'));
    await expect.poll(() => rawKeysOf(probe)).toEqual(['detail.addToList']);
    await probe.context().close();

    const page = await watchedPage(browser);
    for (const sample of await samplePaths(request)) {
      for (const target of [sample, `/hi${sample === '/' ? '' : sample}`]) {
        await page.goto(target);
        await hydrated(page);
        expect(await rawKeysOf(page), target).toEqual([]);
      }
    }
    await page.context().close();
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
