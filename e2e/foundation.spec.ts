import { expect, test } from './fixtures';

test.describe('foundation', () => {
  test('the server renders the shell with a title before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/.+/);
    await expect(page.locator('header')).toBeVisible();
    await expect(page.locator('main')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await context.close();
  });

  test('the page hydrates and client navigation works', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('link', { name: /privacy/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test('the scripts download after the page has loaded, all at once, and the page hydrates', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/category/Rings');
    // The fixture's goto waits for <html data-hydrated>: the page runs on the client.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, startTime: entry.startTime }));
      return { loadStart: navigation!.loadEventStart, scripts };
    });
    expect(timing.scripts.length).toBeGreaterThan(3);
    for (const script of timing.scripts) expect(script.startTime).toBeGreaterThanOrEqual(timing.loadStart);
    // Preloaded side by side: the entry (React DOM) is not fetched only after the route modules ran.
    const entry = timing.scripts.find((script) => script.name.includes('/entry.client-'))!;
    const root = timing.scripts.find((script) => script.name.includes('/root-'))!;
    expect(entry.startTime).toBeLessThanOrEqual(root.startTime);
    expect(violations).toEqual([]);
  });

  test('unknown pages answer 404 with the shared error screen', async ({ page }) => {
    const response = await page.goto('/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('API and page answers carry their security policies', async ({ request }) => {
    // An anonymous page is stored once: its policy names each of its inline scripts by hash.
    const page = await request.get('/');
    expect(page.headers()['content-security-policy']).toMatch(
      /script-src 'self' ('sha256-[A-Za-z0-9+/]{43}=' )+'strict-dynamic'/,
    );
    expect(page.headers()['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(await page.text()).not.toContain('nonce=');
    const api = await request.get('/readyz');
    expect(await api.json()).toMatchObject({ status: 'ready' });
  });
});
