import type { Browser } from '@playwright/test';
import { expect, expectAccessible, hydrated, test, skipLocaleRedirect } from './fixtures';
import { publicPaths } from './public-paths';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

/** A visitor whose locale redirect has already happened this session: the address stays put. */
async function settledContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  await skipLocaleRedirect(context);
  return context;
}

test.describe('storefront shell', () => {
  test('every public page answers 200 with its own title in the server HTML', async ({ request }) => {
    test.setTimeout(120_000);
    const titles = new Map<string, string>();
    for (const path of await publicPaths(request)) {
      for (const prefixed of [path, `/en-in${path === '/' ? '' : path}`]) {
        const response = await request.get(prefixed);
        expect(response.status(), prefixed).toBe(200);
        const title = titleOf(await response.text());
        expect(title, prefixed).not.toBe('');
        titles.set(path, title);
      }
    }
    // Every page names itself; the SEO table gives the listed paths distinct titles.
    expect(new Set(titles.values()).size).toBe(titles.size);
    expect(titles.get('/aboutus')).toBe('About Jaipur Jewellery House - Timeless Jewelry Design Excellence');
  });

  test('a visitor without a prefix is sent once per session to their country prefix', async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': 'FR' } });
    // Test browsers are left alone by the redirect (navigator.webdriver); this one plays a person.
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
    );
    const page = await context.newPage();
    await page.goto('/faq?x=1');
    await expect(page).toHaveURL(/\/fr-fr\/faq\?x=1$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('lang_auto_set'))).toBe('true');
    await page.goto('/privacy');
    await hydrated(page);
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/privacy$/);
    await context.close();
  });

  test('a failed country lookup is silent and still sets the flag', async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
    );
    const page = await context.newPage();
    await page.route('**/api/geo', (route) => route.abort());
    await page.goto('/faq');
    await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('lang_auto_set'))).toBe('true');
    await expect(page).toHaveURL(/\/faq$/);
    await context.close();
  });

  test('every locale and language prefix serves the page; an unknown language falls back to English', async ({
    request,
  }) => {
    for (const prefix of [
      'en-in',
      'en-gb',
      'en-us',
      'fr-fr',
      'en-uk',
      'en-ca',
      'en-ae',
      'en',
      'hi',
      'fr',
      'de',
      'es',
      'it',
      'pt',
    ])
      expect((await request.get(`/${prefix}/faq`)).status(), prefix).toBe(200);
    const unknown = await request.get('/xx/faq?q=1', { maxRedirects: 0 });
    expect(unknown.status()).toBe(301);
    expect(unknown.headers().location).toBe('/faq?q=1');
    expect((await request.get('/not-a-prefix/faq')).status()).toBe(404);
  });

  test('Hindi texts on /hi pages, with the language in <html lang>', async ({ page }) => {
    await page.goto('/hi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('जयपुर में थोक आभूषण निर्माता');
    await expect(
      page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'होम' }),
    ).toHaveAttribute('href', '/hi');
    await page.goto('/hi/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('गोपनीयता नीति');
    await expect(page).toHaveTitle(/गोपनीयता नीति/);
    await page.goto('/en-in/privacy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  });

  test('canonical, og:url and hreflang alternates on five sample pages', async ({ request, baseURL }) => {
    const { blogs } = (await (await request.get('/api/blogs?limit=1')).json()) as {
      blogs: { slug: string }[];
    };
    const samples: [path: string, canonical: string][] = [
      ['/', '/'],
      ['/en-uk/aboutus', '/en-gb/aboutus'],
      ['/hi/faq', '/hi/faq'],
      ['/category/Rings/withgemstone?utm_source=x', '/category/Rings/withgemstone'],
      [`/en-in/blogs/${blogs[0]!.slug}`, `/en-in/blogs/${blogs[0]!.slug}`],
    ];
    for (const [path, canonical] of samples) {
      const html = await (await request.get(path)).text();
      const links = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map(
        (m) => [m[1], m[2]],
      );
      expect(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1], path).toBe(`${baseURL}${canonical}`);
      expect(/<meta property="og:url" content="([^"]*)"/.exec(html)?.[1], path).toBe(
        `${baseURL}${canonical}`,
      );
      expect(links.map(([lang]) => lang)).toEqual([
        'en-in',
        'en-gb',
        'en-us',
        'fr-fr',
        'en-ca',
        'en-ae',
        'hi',
        'x-default',
      ]);
      const rest = canonical.replace(/^\/(en-gb|en-in|hi)(?=\/|$)/, '').replace(/\?.*$/, '');
      expect(links.find(([lang]) => lang === 'x-default')?.[1]).toBe(`${baseURL}${rest || '/'}`);
      expect(links.find(([lang]) => lang === 'en-gb')?.[1]).toBe(
        `${baseURL}/en-gb${rest === '/' ? '' : rest}`,
      );
      expect(html.includes('"@type":"Organization"'), path).toBe(true);
    }
  });

  test('structured data: FAQPage on home and FAQ, a post list on blogs, BreadcrumbList on a category', async ({
    request,
    baseURL,
  }) => {
    expect(await (await request.get('/')).text()).toContain('"@type":"FAQPage"');
    expect(await (await request.get('/faq')).text()).toContain('"@type":"FAQPage"');
    const blogs = await (await request.get('/blogs')).text();
    expect(blogs).toContain('"@type":"Blog"');
    expect((blogs.match(/"@type":"BlogPosting"/g) ?? []).length).toBeLessThanOrEqual(10);
    expect(await (await request.get('/category/Rings')).text()).toContain('"@type":"BreadcrumbList"');
    // A product page: Product with its code as sku and no offer, since prices are not public here.
    const [first] = (await (await request.get('/api/products?limit=1')).json()) as {
      _id: string;
      price: unknown;
    }[];
    expect(first!.price).toBeNull();
    const html = await (await request.get(`/singleproduct/${first!._id}`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const product = blocks.find((b) => b['@type'] === 'Product');
    expect(product).toMatchObject({ sku: expect.any(String), url: `${baseURL}/singleproduct/${first!._id}` });
    expect(product).not.toHaveProperty('offers');
  });

  test('the mobile drawer at 375 px opens, keeps the prefix and closes', async ({ browser }) => {
    const context = await settledContext(browser, { viewport: { width: 375, height: 740 }, hasTouch: true });
    const page = await context.newPage();
    await page.goto('/en-us');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Jewellery Design' })).toHaveAttribute(
      'href',
      '/en-us/shopall',
    );
    await expectAccessible(page);
    await drawer.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/en-us\/faq$/);
    await expect(drawer).toBeHidden();
    await context.close();
  });

  test('header search: debounced results that link to products, cleared on close', async ({ browser }) => {
    const context = await settledContext(browser);
    const page = await context.newPage();
    await page.goto('/en-in');
    // A click that lands before hydration does nothing.
    await hydrated(page);
    await page.getByRole('button', { name: 'Search products' }).click();
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.fill('ring');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results).toBeVisible();
    const first = results.getByRole('link').first();
    await expect(first).toHaveAttribute('href', /^\/en-in\/singleproduct\//);
    await page.getByRole('button', { name: 'Close search' }).click();
    await page.getByRole('button', { name: 'Search products' }).click();
    await expect(box).toHaveValue('');
    await box.fill('zzzz-no-such-design');
    await expect(page.getByText('No product found')).toBeVisible();
    await context.close();
  });

  test('client navigation shows the transition spinner, scrolls to the top and shifts nothing', async ({
    browser,
  }) => {
    const context = await settledContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await hydrated(page);
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[])
              if (!entry.hadRecentInput) total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 1500);
        }),
    );
    expect(shifts).toBeLessThanOrEqual(0.01);
    await page.mouse.wheel(0, 2000);
    // The spinner shows for 0.4 s once the next page is in; a polling check can fall either side of
    // that window on a loaded machine, so the page itself records whether it ever appeared.
    await page.evaluate(() => {
      const seen = window as { __sawTransition?: boolean };
      seen.__sawTransition = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="page-transition"]')) seen.__sawTransition = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Visit Jaipur' }).click();
    await expect(page).toHaveURL(/\/visitjaipur$/);
    await expect
      .poll(() => page.evaluate(() => (window as { __sawTransition?: boolean }).__sawTransition))
      .toBe(true);
    await expect(page.getByTestId('page-transition')).toBeHidden();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  test('a reload and the back button return to where the visitor was; a new visit starts at the top', async ({
    browser,
  }) => {
    // The head script gives a new history entry its state before React Router's scripts do, so
    // their scroll restoration must still find the entry's saved position.
    const context = await settledContext(browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/shopall');
    await hydrated(page);
    expect(await page.evaluate(() => window.history.state)).toMatchObject({
      idx: 0,
      key: expect.any(String),
    });
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);

    await page.getByRole('main').getByRole('article').nth(8).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/singleproduct\//);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/shopall$/);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);

    await page.goto('/aboutus');
    await page.goto('/shopall');
    await hydrated(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  test('no third-party request while browsing, and the home banner is served by us', async ({ browser }) => {
    const context = await settledContext(browser);
    const page = await context.newPage();
    const foreign: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'))
        foreign.push(r.url());
    });
    await page.goto('/');
    await expect(page.locator('img[fetchpriority="high"]').first()).toHaveJSProperty('complete', true);
    await page.goto('/blogs');
    await page.goto('/fairtrade');
    expect(foreign).toEqual([]);
    await context.close();
  });
});
