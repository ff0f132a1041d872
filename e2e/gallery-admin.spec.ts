import { ADMIN, expect, logInBrowser, PNG, test } from './fixtures';

type Gallery = { images: Array<{ _id: string; url: string; alt: string; altHi: string }> };

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const mediaId = (url: string) => /\/media\/([0-9a-f-]{36})/.exec(url)![1]!;

test.describe('admin: product gallery', () => {
  test('uploads two pictures, reorders by keyboard, sets alt text, and the product page follows', async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const { token } = await logInBrowser(page, ADMIN, { everyPage: true });
    const auth = { authorization: `Bearer ${token}` };
    const code = `GAL-${unique()}`;
    const created = await page.request.post('/api/products/admin/add', {
      headers: auth,
      multipart: {
        name: `Gallery Journey ${code}`,
        description: 'A design for the gallery journey',
        category: 'Rings',
        subcategory: 'withgemstone',
        code,
        image: { name: 'first.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { product: { _id: string } }).product._id;
    const gallery = async () =>
      ((await (await page.request.get(`/api/products/single/${id}`)).json()) as Gallery).images;

    await page.goto(`/admin/edit-product/${id}`);
    const pictures = page.getByRole('list', { name: 'Pictures' });
    await expect(pictures.getByRole('listitem')).toHaveCount(1);
    await page.getByLabel('Add pictures').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: PNG },
      { name: 'green.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(pictures.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByText('Uploading', { exact: false })).toHaveCount(0);
    const [first, second, third] = await gallery();

    // The last picture to the front, by keyboard: focus stays on the moved picture's button.
    await page.getByRole('button', { name: 'Move picture 3 earlier' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Picture moved to position 2 of 3')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Move picture 2 earlier' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Picture moved to position 1 of 3')).toBeAttached();
    await expect
      .poll(async () => (await gallery()).map((i) => i._id))
      .toEqual([third!._id, first!._id, second!._id]);

    const main = pictures.getByRole('listitem').first();
    await main.getByLabel('Alt text (English)').fill('Gallery journey, front view');
    await main.getByLabel('Alt text (Hindi)').fill('गैलरी यात्रा, सामने से');
    await main.getByRole('button', { name: 'Save alt text' }).click();
    await expect(main.getByRole('status')).toHaveText('Alt text saved');
    await page.screenshot({ path: info.outputPath('gallery-editor-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: info.outputPath('gallery-editor-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.goto(`/singleproduct/${id}`);
    const shown = page.getByRole('group', { name: /^Product image/ }).getByRole('img');
    await expect(shown).toHaveAttribute('src', new RegExp(mediaId(third!.url)));
    await expect(shown).toHaveAttribute('alt', 'Gallery journey, front view');
    const thumbs = page.getByRole('group', { name: 'Choose a picture' }).getByRole('button');
    await expect(thumbs).toHaveCount(3);
    await thumbs.nth(1).click();
    await expect(shown).toHaveAttribute('src', new RegExp(mediaId(first!.url)));
    await page.goto(`/hi/singleproduct/${id}`);
    await expect(page.getByRole('img', { name: 'गैलरी यात्रा, सामने से' })).toBeVisible();

    expect((await page.request.delete(`/api/products/admin/${id}`, { headers: auth })).status()).toBe(200);
  });
});
