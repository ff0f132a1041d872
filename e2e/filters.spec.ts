import type { Locator, Page } from '@playwright/test';
import { test as plain } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Filters and sorting on a listing: facet links with counts, several values per facet, counts that
 * follow the other facets, a shareable server-rendered address, clear one, clear all, sort; with
 * the page's script and without it.
 */

const cards = (page: Page) => page.locator('main article[aria-labelledby]');
const cardNames = (page: Page) => cards(page).getByRole('heading').allTextContents();
const sidebar = (page: Page) => page.locator('[data-filter-sidebar]');
const facet = (page: Page, kind: string, slug: string) =>
  sidebar(page).locator(`a[data-facet="${kind}:${slug}"]`);
const countOf = async (link: Locator) => Number(await link.locator('[data-count]').textContent());

/** Every shown value of a facet with its count, in order. */
async function facetCounts(page: Page, kind: string): Promise<Record<string, number>> {
  const links = sidebar(page).locator(`a[data-facet^="${kind}:"]`);
  const out: Record<string, number> = {};
  for (const link of await links.all()) {
    out[(await link.getAttribute('data-facet'))!.split(':')[1]!] = await countOf(link);
  }
  return out;
}

/** The first value of a facet that any product of the listing has, other than `except`. */
async function someValue(page: Page, kind: string, except: string[] = []) {
  const counts = await facetCounts(page, kind);
  const slug = Object.keys(counts).find((s) => counts[s]! > 0 && !except.includes(s));
  expect(slug, `a ${kind} value with products`).toBeTruthy();
  return { slug: slug!, count: counts[slug!]! };
}

const resultsText = (page: Page) => sidebar(page).locator('p').first();
const totalShown = async (page: Page) => Number((await resultsText(page).textContent())!.match(/\d+/)![0]);
/** Waits until the panel says `n` designs (the address changes before the new page has rendered). */
const expectTotal = (page: Page, n: number) =>
  expect(resultsText(page)).toHaveText(new RegExp(`^${n} designs?$`));

async function journey(page: Page, isScripted: boolean) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/shopall');
  await expect(sidebar(page)).toBeVisible();
  const allTotal = await totalShown(page);
  const stonesBefore = await facetCounts(page, 'stone');

  // Two metals (OR within the facet); each demo design has one metal, so the counts add up.
  const metalA = await someValue(page, 'metal');
  await facet(page, 'metal', metalA.slug).click();
  await expect(page).toHaveURL(new RegExp(`[?&]metal=${metalA.slug}(&|$)`));
  await expect(facet(page, 'metal', metalA.slug)).toHaveAttribute('aria-current', 'true');
  await expectTotal(page, metalA.count);
  // The stone counts now apply the metal.
  expect(await facetCounts(page, 'stone')).not.toEqual(stonesBefore);

  const metalB = await someValue(page, 'metal', [metalA.slug]);
  await facet(page, 'metal', metalB.slug).click();
  await expect(page).toHaveURL(
    new RegExp(`metal=${metalA.slug}%2C${metalB.slug}|metal=${metalA.slug},${metalB.slug}`),
  );
  await expect(facet(page, 'metal', metalB.slug)).toHaveAttribute('aria-current', 'true');
  const twoMetals = await totalShown(page);
  expect(twoMetals).toBeGreaterThan(metalA.count);
  expect(twoMetals).toBeLessThanOrEqual(allTotal);

  // Two stones: AND with the metals; a stone's count was its total under the metals.
  const stoneA = await someValue(page, 'stone');
  await facet(page, 'stone', stoneA.slug).click();
  await expect(page).toHaveURL(new RegExp(`stone=${stoneA.slug}`));
  await expectTotal(page, stoneA.count);
  // The metal counts apply the stone, not the metals: together exactly what is shown.
  const metals = await facetCounts(page, 'metal');
  expect(metals[metalA.slug]! + metals[metalB.slug]!).toBe(stoneA.count);
  const stoneB = await someValue(page, 'stone', [stoneA.slug]);
  await facet(page, 'stone', stoneB.slug).click();
  await expect(facet(page, 'stone', stoneB.slug)).toHaveAttribute('aria-current', 'true');
  const filtered = await totalShown(page);
  // Designs with either stone: at least the larger count, at most both added.
  expect(filtered).toBeGreaterThanOrEqual(Math.max(stoneA.count, stoneB.count));
  expect(filtered).toBeLessThanOrEqual(stoneA.count + stoneB.count);
  const names = await cardNames(page);
  expect(names.length).toBe(Math.min(16, filtered));

  // Not for search engines: noindex, canonical to the plain listing.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/shopall$/);

  // Shareable: the same address opened fresh, without any script, shows the same designs.
  const url = page.url();
  const fresh = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const other = await fresh.newPage();
  await other.setViewportSize({ width: 1366, height: 900 });
  await other.goto(url);
  expect(await cardNames(other)).toEqual(names);
  await expectTotal(other, filtered);
  await fresh.close();

  // Clear one value from the chips.
  await sidebar(page)
    .getByRole('link', { name: new RegExp(`^Remove filter: `) })
    .first()
    .click();
  await expect(page).not.toHaveURL(new RegExp(`metal=${metalA.slug}(%2C|,|&|$)`));
  await expect(facet(page, 'metal', metalA.slug)).not.toHaveAttribute('aria-current', 'true');

  // Sort by name: the designs in alphabetical order, filters kept.
  await sidebar(page).getByRole('link', { name: 'Name A–Z' }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(sidebar(page).getByRole('link', { name: 'Name A–Z' })).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const sorted = await cardNames(page);
  expect(sorted).toEqual(
    [...sorted].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
  );

  // Clear all: every facet value gone, the sort kept.
  await sidebar(page).getByRole('link', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/shopall\?sort=name$/);
  await expectTotal(page, allTotal);

  if (isScripted) {
    // Client navigation: the page was not reloaded along the way.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  }
}

test.describe('listing filters', () => {
  test('select, count, share, clear and sort with the page script', async ({ page }) => {
    await journey(page, true);
  });

  test('a phone shows the filters in a section that opens', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/category/Rings');
    await expect(sidebar(page)).toBeHidden();
    const drawer = page.locator('[data-filter-drawer]');
    await expect(drawer.locator('a[data-facet]').first()).toBeHidden();
    await drawer.locator('summary').click();
    const link = drawer.locator('a[data-facet^="metal:"]').first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/category\/Rings\?metal=/);
  });

  test('unknown values in the address are ignored', async ({ page }) => {
    const response = await page.goto('/shopall?metal=unobtainium&stone=%3Cscript%3E&sort=cheapest');
    expect(response!.status()).toBe(200);
    await expect(cards(page)).toHaveCount(16);
  });
});

// The plain Playwright page: the suite's own waits for the page script to run.
plain.describe('listing filters without JavaScript', () => {
  plain.use({ javaScriptEnabled: false });

  plain('select, count, share, clear and sort by following links', async ({ page }) => {
    await journey(page, false);
  });
});
