import type { Page } from '@playwright/test';
import { ADMIN, apiLogin, expect, expectAccessible, PNG, test } from './fixtures';

// These journeys add designs to the catalogue (and delete them): they run with the catalogue writers.

const zoomArea = (page: Page) => page.getByRole('group', { name: /^Product image/ });
const mainPicture = (page: Page) => zoomArea(page).getByRole('img');
const thumbnails = (page: Page) => page.getByRole('group', { name: 'Choose a picture' }).getByRole('button');

/** A new design with `count` pictures (the most a gallery holds is 12), added as an admin would. */
async function productWithPictures(page: Page, count: number) {
  const { token } = await apiLogin(page.request, ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  const code = `GALX-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const created = await page.request.post('/api/products/admin/add', {
    headers,
    multipart: {
      name: `Twelve Views ${code}`,
      description: 'A design photographed from every side',
      category: 'Rings',
      subcategory: 'withgemstone',
      code,
      image: { name: 'view-1.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { product: { _id: string } }).product._id;
  for (let i = 2; i <= count; i++) {
    const added = await page.request.post(`/api/products/admin/${id}/images`, {
      headers,
      multipart: { image: { name: `view-${i}.png`, mimeType: 'image/png', buffer: PNG }, alt: `View ${i}` },
    });
    expect(added.status()).toBe(201);
  }
  return {
    id,
    remove: async () =>
      expect((await page.request.delete(`/api/products/admin/${id}`, { headers })).status()).toBe(200),
  };
}

const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;

test.describe('product gallery: the thumbnail strip', () => {
  test('12 pictures: a vertical strip beside the picture on a desktop, a row that scrolls beneath it on a phone', async ({
    page,
  }, info) => {
    const product = await productWithPictures(page, 12);
    const strip = page.getByRole('group', { name: 'Choose a picture' });

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/singleproduct/${product.id}`);
    await expect(thumbnails(page)).toHaveCount(12);
    const picture = await box(zoomArea(page));
    const column = await box(strip);
    // Beside the picture, left of it, no taller than it: the buyer sees them without scrolling.
    expect(column.x + column.width).toBeLessThanOrEqual(picture.x);
    expect(Math.abs(column.y + 6 - picture.y)).toBeLessThanOrEqual(1);
    expect(column.height).toBeLessThanOrEqual(picture.height + 12 + 1);
    await expect(thumbnails(page).nth(11)).not.toBeInViewport();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath('gallery-12-desktop.png') });
    // Down the strip by keyboard: the strip scrolls, the page does not.
    await thumbnails(page).first().focus();
    for (let i = 0; i < 11; i++) await page.keyboard.press('ArrowDown');
    await expect(thumbnails(page).nth(11)).toBeFocused();
    await expect(thumbnails(page).nth(11)).toHaveAttribute('aria-current', 'true');
    await expect(thumbnails(page).nth(11)).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(mainPicture(page)).toHaveAttribute('alt', 'View 12');
    await page.screenshot({ path: info.outputPath('gallery-12-desktop-last.png') });
    // The arrows on the picture bring the strip back along with the picture.
    await zoomArea(page).focus();
    for (let i = 0; i < 11; i++) await page.keyboard.press('ArrowLeft');
    await expect(thumbnails(page).first()).toHaveAttribute('aria-current', 'true');
    await expect(thumbnails(page).first()).toBeInViewport({ ratio: 1 });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/singleproduct/${product.id}`);
    // The row scrolls inside itself: the page stays as wide as the phone and the picture on it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    const phonePicture = await box(zoomArea(page));
    expect(phonePicture.x).toBeGreaterThanOrEqual(0);
    expect(phonePicture.x + phonePicture.width).toBeLessThanOrEqual(390);
    const row = await box(strip);
    expect(row.y).toBeGreaterThan(phonePicture.y + phonePicture.height);
    await expect(thumbnails(page).first()).toBeInViewport({ ratio: 1 });
    await expect(thumbnails(page).nth(11)).not.toBeInViewport();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath('gallery-12-phone.png') });

    await product.remove();
  });

  test('one picture: no strip, the picture as wide as before', async ({ page }, info) => {
    const product = await productWithPictures(page, 1);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/singleproduct/${product.id}`);
    await expect(mainPicture(page)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Choose a picture' })).toHaveCount(0);
    const picture = await box(zoomArea(page));
    const crumbs = await box(page.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(Math.abs(picture.x - crumbs.x)).toBeLessThanOrEqual(1);
    expect(picture.width).toBeGreaterThanOrEqual(690);
    await page.screenshot({ path: info.outputPath('gallery-1-desktop.png') });
    await product.remove();
  });
});
