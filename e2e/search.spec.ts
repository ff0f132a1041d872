import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

/** The product cards of the results grid. */
const cardsOf = (page: Page) => page.locator('main article[aria-labelledby]');

test.describe('search', () => {
  test('a misspelling in the header shows a “Did you mean” group with thumbnails and codes; Enter opens the results page', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Search products' }).click();
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.fill('neckalce');
    // The header's own results are literal: nothing is named "neckalce". The results page's close
    // spelling is its own, marked group.
    const list = page.getByRole('list', { name: 'Did you mean “necklace”?' });
    await expect(list).toBeVisible();
    await expect(page.getByText('Did you mean “necklace”?')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);
    await expect(page.getByText('No product found')).toHaveCount(0);
    const suggestions = list.locator('a[href^="/singleproduct/"]');
    await expect(suggestions.first()).toBeVisible();
    const count = await suggestions.count();
    expect(count).toBeGreaterThan(0);
    // Every suggestion is a necklace: its name says so and its code is a necklace code.
    for (const name of await suggestions.allInnerTexts()) expect(name).toMatch(/Necklace[\s\S]*NK-[GP]\d+/);
    const thumbnail = suggestions.first().locator('img');
    await expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(await thumbnail.evaluate((img) => [img.clientWidth, img.clientHeight])).toEqual([48, 48]);
    await expect(list.getByRole('link', { name: 'See all results' })).toHaveAttribute(
      'href',
      '/search?q=neckalce',
    );
    await page.screenshot({ path: testInfo.outputPath('suggestions-desktop.png') });

    // The arrow keys move into the suggestions and back.
    await box.press('ArrowDown');
    await expect(suggestions.first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(box).toBeFocused();

    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=neckalce$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “neckalce”' })).toBeVisible();
    await expect(page.getByText('Showing results for “necklace”')).toBeVisible();
    await expect(cardsOf(page).first()).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('results-desktop.png'), fullPage: true });
  });

  test('the results page on a phone: synonyms, the empty state and the login gate past page 1', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/hi/search?q=jhumka');
    await expect(page.getByRole('heading', { level: 1, name: '“jhumka” के परिणाम' })).toBeVisible();
    await expect(page.getByText('“jhumka” → earring')).toBeVisible();
    await expect(cardsOf(page)).toHaveCount(16);
    await page.screenshot({ path: testInfo.outputPath('results-phone.png'), fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    await page.goto('/search?q=zzqxv');
    await expect(page.getByText('No designs match “zzqxv”')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Earrings' }).last()).toHaveAttribute(
      'href',
      '/category/Earrings',
    );
    await page.screenshot({ path: testInfo.outputPath('empty-phone.png'), fullPage: true });

    await page.goto('/search?q=ring&page=2');
    await expect(page).toHaveURL(/\/login\?from=/);
  });

  test('works without JavaScript: the header button, the page form and the results are plain HTML', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/hi');
    // The search button needs JavaScript: in its place a link opens the results page and its box.
    await expect(page.getByRole('button', { name: 'उत्पाद खोजें' })).toBeHidden();
    await page.getByRole('link', { name: 'उत्पाद खोजें' }).click();
    await expect(page).toHaveURL(/\/hi\/search$/);
    await page.goto('/search');
    await expect(page.getByRole('heading', { level: 1, name: 'Search the catalogue' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('haar');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=haar$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “haar”' })).toBeVisible();
    await expect(page.getByText('“haar” → necklace')).toBeVisible();
    await expect(cardsOf(page).first()).toBeVisible();
    for (const title of await cardsOf(page).locator('h2').allInnerTexts()) expect(title).toMatch(/Necklace/);
    await context.close();
  });

  test('in Hindi the header marks the group too, and the results page finds metals and finishes', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/hi');
    await page.getByRole('button', { name: 'उत्पाद खोजें' }).click();
    await page.getByRole('searchbox', { name: 'उत्पाद खोजें' }).fill('braclet');
    const group = page.getByRole('list', { name: 'क्या आपका मतलब “bracelet” था?' });
    await expect(group.locator('a[href^="/hi/singleproduct/"]').first()).toBeVisible();

    // The demo's earrings in 925 sterling silver: "silver" is their metal's label, not their name.
    await page.goto('/search?q=silver%20earrings');
    await expect(cardsOf(page).first()).toBeVisible();
    for (const title of await cardsOf(page).locator('h2').allInnerTexts()) expect(title).toMatch(/Earrings/);
    await page.goto('/search?q=oxidised');
    await expect(cardsOf(page).first()).toBeVisible();
  });
});
