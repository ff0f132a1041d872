import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

type Listed = { _id: string; name: string; secondImageUrl?: string | null };
type Detail = { images: Array<{ url: string; alt: string }> };

/** A demo design with at least three pictures, and its gallery as the API answers it. */
async function productWithGallery(page: Page) {
  const listed = (await (await page.request.get('/api/products?limit=16')).json()) as Listed[];
  for (const item of listed.filter((p) => p.secondImageUrl)) {
    const detail = (await (await page.request.get(`/api/products/single/${item._id}`)).json()) as Detail;
    if (detail.images.length >= 3) return { id: item._id, images: detail.images };
  }
  throw new Error('the demo catalogue has no product with three pictures');
}

const mediaId = (url: string) => /\/media\/([0-9a-f-]{36})/.exec(url)![1]!;
const zoomArea = (page: Page) => page.getByRole('group', { name: /^Product image/ });
const mainPicture = (page: Page) => zoomArea(page).getByRole('img');
const thumbnails = (page: Page) => page.getByRole('group', { name: 'Choose a picture' }).getByRole('button');

async function expectShowing(page: Page, url: string) {
  await expect(mainPicture(page)).toHaveAttribute('src', new RegExp(mediaId(url)));
}

test.describe('product gallery', () => {
  test('thumbnails and arrow keys change the picture; zoom works on the second picture', async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const { id, images } = await productWithGallery(page);
    await page.goto(`/singleproduct/${id}`);
    await expectShowing(page, images[0]!.url);
    await expect(mainPicture(page)).toHaveAttribute('fetchpriority', 'high');
    await expect(mainPicture(page)).toHaveAttribute('alt', images[0]!.alt);
    await expect(thumbnails(page)).toHaveCount(images.length);
    await expect(thumbnails(page).first()).toHaveAttribute('aria-current', 'true');
    await page.screenshot({ path: info.outputPath('gallery-desktop.png') });

    await thumbnails(page).nth(1).click();
    await expectShowing(page, images[1]!.url);
    await expect(thumbnails(page).nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(thumbnails(page).first()).not.toHaveAttribute('aria-current', 'true');

    await zoomArea(page).focus();
    await page.keyboard.press('ArrowRight');
    await expectShowing(page, images[2]!.url);
    await page.keyboard.press('ArrowLeft');
    await expectShowing(page, images[1]!.url);

    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByRole('status', { name: 'Zoom level 1.5 times' })).toBeVisible();
    await expect(mainPicture(page)).toHaveAttribute('style', /scale\(1\.5\)/);
    // Zoomed, the arrows move the picture instead of changing it.
    await zoomArea(page).focus();
    await page.keyboard.press('ArrowRight');
    await expectShowing(page, images[1]!.url);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('a swipe moves to the next and the previous picture', async ({ page }, info) => {
      const { id, images } = await productWithGallery(page);
      await page.goto(`/singleproduct/${id}`);
      await expectShowing(page, images[0]!.url);
      const box = (await zoomArea(page).boundingBox())!;
      const y = box.y + box.height / 2;
      const cdp = await page.context().newCDPSession(page);
      const swipe = async (fromX: number, toX: number) => {
        const point = (x: number) => [{ x, y, id: 1 }];
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(fromX) });
        for (let i = 1; i <= 6; i++) {
          const x = fromX + ((toX - fromX) * i) / 6;
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x) });
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
      await expectShowing(page, images[1]!.url);
      await expect(thumbnails(page).nth(1)).toHaveAttribute('aria-current', 'true');
      await page.screenshot({ path: info.outputPath('gallery-phone.png'), fullPage: false });
      await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
      await expectShowing(page, images[0]!.url);
    });
  });
});
