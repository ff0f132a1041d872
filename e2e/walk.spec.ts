import { ADMIN, apiLogin, expect, logInBrowser, registerBuyer, someProducts, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

test.describe('what a buyer notices', () => {
  test('a failed page load on navigation is retried 3 times, then says so inside the page frame', async ({
    page,
  }) => {
    await page.goto('/');
    let attempts = 0;
    // Every data request for the next page fails (the page's and the frame's texts alike).
    await page.route(/\/shopall\.data/, (route) => {
      if (new URL(route.request().url()).searchParams.get('_routes') === 'shopall') attempts += 1;
      return route.abort('failed');
    });
    const started = Date.now();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Jewellery Designs' }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText('Failed to load products.', { timeout: 10_000 });
    expect(attempts).toBe(3);
    // Three attempts one second apart take at least two seconds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    await expect(main.getByRole('heading', { level: 1, name: 'The Latest Gems' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });

  test('a product that fails to load says Failed to fetch product details. in the frame', async ({
    page,
    request,
  }) => {
    const [product] = await someProducts(request, 1);
    await page.goto('/');
    await page.route(/\/singleproduct\/[^/]+\.data/, (route) => route.abort('failed'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: product!.name, exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Failed to fetch product details.' })).toBeVisible({
      timeout: 10_000,
    });
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('?page= past the last page goes to the last page, and Previous/Next at the ends are disabled buttons', async ({
    page,
  }) => {
    await logInBrowser(page, ADMIN, { everyPage: true });
    await page.goto('/shopall?page=9999');
    await expect(page).toHaveURL(/\/shopall\?page=\d+$/);
    const last = Number(new URL(page.url()).searchParams.get('page'));
    expect(last).toBeGreaterThan(1);
    expect(last).toBeLessThan(9999);
    const pages = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pages.getByRole('link', { name: `Page ${last}` })).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(await page.locator('main article').count()).toBeGreaterThan(0);
  });

  test('logged in: the footer offers the account and Logout; /login and /signup send the visitor back', async ({
    page,
    request,
  }) => {
    const buyer = await registerBuyer(request);
    await logInBrowser(page, buyer, { everyPage: true });
    await page.goto('/aboutus');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/profile');
    await expect(footer.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Login' })).toHaveCount(0);

    await page.goto('/login?from=%2Ffaq');
    await expect(page).toHaveURL('/faq');
    await page.goto('/signup');
    await expect(page).toHaveURL('/');
  });

  test('the price request form starts with the buyer’s own details', async ({ page, request }) => {
    const buyer = await registerBuyer(request, { companyName: 'Walk Gems' });
    await logInBrowser(page, buyer, { everyPage: true });
    await page.goto('/cart');
    await expect(page.getByLabel(/First name/)).toHaveValue(buyer.name);
    await expect(page.getByLabel(/E-mail/)).toHaveValue(buyer.email);
    await expect(page.getByLabel(/Country/)).toHaveValue('IN');
    await expect(page.getByLabel(/Company name/)).toHaveValue('Walk Gems');
  });

  test('the country select is as wide as the fields around it, on a phone and a desktop', async ({
    page,
  }) => {
    for (const size of [PHONE, { width: 1366, height: 900 }]) {
      await page.setViewportSize(size);
      await page.goto('/contactus');
      const country = await page.getByLabel(/Country/).boundingBox();
      const email = await page
        .getByLabel(/E-mail|Email/)
        .first()
        .boundingBox();
      expect(country!.width).toBeCloseTo(email!.width, 0);
      expect(country!.x).toBeCloseTo(email!.x, 0);
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the chat button steps aside from the product’s actions, and the zoom hint says Tap to zoom', async ({
    page,
    request,
  }) => {
    const [product] = await someProducts(request, 1);
    await page.goto(`/singleproduct/${product!._id}`);
    await expect(page.getByText(/^Tap to zoom\./)).toBeVisible();
    const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
    await expect(chat).toBeVisible();
    // Bring the Add to List row to the bottom right, where the chat button floats.
    const add = page.getByRole('button', { name: 'Add to List' });
    const box = (await add.boundingBox())!;
    const chatBox = (await chat.boundingBox())!;
    await page.evaluate(
      (by) => window.scrollBy(0, by),
      box.y + box.height / 2 - (chatBox.y + chatBox.height / 2),
    );
    await expect(chat).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(chat).toBeVisible();
  });

  test('neither floating button covers a card’s Add To Enquiry List button or takes its tap', async ({
    page,
  }) => {
    await page.goto('/shopall');
    await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    let buttonsSeen = 0;
    let stepsWithBackToTop = 0;
    // A step smaller than a card, so every card's button passes the floating buttons' corner.
    for (let top = 0; top < height; top += 90) {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      // The check runs in the next frame; a button stepping aside stops taking taps at once.
      await page.waitForTimeout(250);
      const seen = await page.evaluate(() => {
        const floating = [
          document.querySelector<HTMLElement>('button[aria-label="Back to Top"]')!,
          document.querySelector<HTMLElement>('a[aria-label="Chat with us on WhatsApp"]')!,
        ];
        const takesTaps = (el: HTMLElement) => {
          const style = getComputedStyle(el);
          return (
            style.visibility === 'visible' && style.pointerEvents !== 'none' && Number(style.opacity) > 0
          );
        };
        const overlaps = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
        const problems: string[] = [];
        let buttons = 0;
        for (const button of Array.from(document.querySelectorAll<HTMLElement>('main article button'))) {
          if (button.textContent?.trim() !== 'Add To Enquiry List') continue;
          const box = button.getBoundingClientRect();
          const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
          if (y < 0 || y >= innerHeight || x < 0 || x >= innerWidth) continue;
          const hit = document.elementFromPoint(x, y);
          if (hit?.closest('header')) continue;
          buttons += 1;
          if (!hit || !button.contains(hit))
            problems.push(`a card button's tap goes to ${hit?.outerHTML.slice(0, 80)}`);
          for (const widget of floating)
            if (takesTaps(widget) && overlaps(widget.getBoundingClientRect(), box))
              problems.push(`${widget.getAttribute('aria-label')} covers a card button`);
        }
        return { problems, buttons, backToTop: takesTaps(floating[0]!) };
      });
      expect(seen.problems, `scrolled to ${top}`).toEqual([]);
      buttonsSeen += seen.buttons;
      if (seen.backToTop) stepsWithBackToTop += 1;
    }
    expect(buttonsSeen).toBeGreaterThan(10);
    // Back to Top was there to be tested (it shows once the page is scrolled).
    expect(stepsWithBackToTop).toBeGreaterThan(0);
  });

  test('both floating buttons stand out on the dark footer', async ({ page }) => {
    await page.goto('/aboutus');
    await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Far enough down for Back to Top to show.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    for (const button of [
      page.getByRole('button', { name: 'Back to Top' }),
      page.getByRole('link', { name: 'Chat with us on WhatsApp' }),
    ]) {
      await expect(button).toBeVisible();
      await expect(button).toHaveCSS('opacity', '1');
      const seen = await button.evaluate((node) => {
        const rgb = (colour: string) =>
          colour
            .match(/[\d.]+/g)!
            .slice(0, 3)
            .map(Number);
        const luminance = (colour: string) => {
          const [r, g, b] = rgb(colour).map((c) => {
            const v = c / 255;
            return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const box = node.getBoundingClientRect();
        const behind = document
          .elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2)
          .find((el) => !node.contains(el) && !el.contains(node));
        // What shows around the button: the nearest painted background behind it.
        let painted: Element | null = behind ?? null;
        const isClear = (colour: string) => colour === 'transparent' || /,\s*0\)$/.test(colour);
        while (painted && isClear(getComputedStyle(painted).backgroundColor)) painted = painted.parentElement;
        const style = getComputedStyle(node);
        // The button's outer edge: its ring when it has one, else its fill.
        const edge = parseFloat(style.borderTopWidth) >= 1 ? style.borderTopColor : style.backgroundColor;
        const around = painted ? getComputedStyle(painted).backgroundColor : 'rgb(255, 255, 255)';
        const [a, b] = [luminance(edge), luminance(around)];
        return {
          isOnFooter: Boolean(behind?.closest('footer')),
          contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
        };
      });
      expect(seen.isOnFooter).toBe(true);
      // WCAG's 3:1 for the edge of a control against what is around it.
      expect(seen.contrast).toBeGreaterThanOrEqual(3);
    }
  });
});

test.describe('admin screens', () => {
  test('carry neither the shop’s footer nor the chat button', async ({ page }) => {
    await logInBrowser(page, ADMIN, { everyPage: true });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveCount(0);
    const session = await apiLogin(page.request, ADMIN);
    expect(session.role).toBe('admin');
  });
});
