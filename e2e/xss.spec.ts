import type { APIRequestContext, Page } from '@playwright/test';
import { XSS_PAYLOADS } from '../apps/server/test/fixtures/xss-payloads.ts';
import { ADMIN, expect, hydrated, test, verifyEmail } from './fixtures.ts';

/**
 * The XSS corpus stored in every text field a page shows (product name and
 * description, blog title and content, buyer name and company, price-request message and contact
 * fields), then viewed in Chromium on the storefront and in the admin screens. Nothing may run:
 * no dialog, no `window.__xss`, no request to evil.example. The page policy admits no inline script.
 */

/** A 1×1 PNG: the product form needs a real picture. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const MARK = `XSS${Date.now().toString(36)}`;
// Payloads with control characters are refused by the API's text rules (safe by refusal); the
// rest are stored and must be shown harmlessly.
// eslint-disable-next-line no-control-regex
const HTML = XSS_PAYLOADS.map((p) => p.html).filter((h) => !/[\u0000-\u001f\u007f]/.test(h));

/** Payload chunks that fit a field of `max` characters. */
function chunks(max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const html of HTML) {
    if (current && current.length + html.length + 1 > max) {
      out.push(current);
      current = '';
    }
    current += `${html} `;
  }
  if (current) out.push(current);
  return out;
}

type Stored = { productIds: string[]; blogIds: string[]; blogSlugs: string[] };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call site reads its own fields
async function apiOk(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<any> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

async function login(request: APIRequestContext, email: string, password: string) {
  const body = await apiOk(await request.post('/api/users/login', { data: { email, password } }));
  return body as { token: string; user: { _id: string; role: string } };
}

/** Stores the corpus through the API, as an administrator and as a buyer would. */
async function storePayloads(request: APIRequestContext): Promise<Stored> {
  const admin = await login(request, ADMIN.email, ADMIN.password);
  const auth = { authorization: `Bearer ${admin.token}` };
  const stored: Stored = { productIds: [], blogIds: [], blogSlugs: [] };

  // One product per payload chunk: the name carries a payload, the description a run of them.
  const descriptions = chunks(4_900);
  const names = HTML.filter((h) => h.length <= 180);
  for (let i = 0; i < Math.max(descriptions.length, 6); i++) {
    const body = await apiOk(
      await request.post('/api/products/admin/add', {
        headers: auth,
        multipart: {
          name: `${MARK} ${names[i % names.length]}`,
          description: descriptions[i % descriptions.length]!,
          category: 'Rings',
          subcategory: 'withgemstone',
          code: `${MARK}-${i}`,
          image: { name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL },
        },
      }),
    );
    stored.productIds.push(body.product._id);
  }

  for (let i = 0; i < 3; i++) {
    const body = await apiOk(
      await request.post('/api/blogs/create', {
        headers: auth,
        multipart: {
          title: `${MARK} ${names[i]}`.slice(0, 200),
          content: HTML.join('\n'),
          excerpt: names[i + 3]!.slice(0, 160),
          metaTitle: names[i + 6]!.slice(0, 60),
          metaDescription: names[i + 9]!.slice(0, 160),
        },
      }),
    );
    stored.blogIds.push(body.blog._id);
    stored.blogSlugs.push(body.slug);
  }

  // Buyers whose name and company are payloads, each sending a price request and a message.
  for (let i = 0; i < 3; i++) {
    const email = `${MARK.toLowerCase()}-${i}@example.com`;
    const password = 'Xss-buyer-passw0rd!';
    await apiOk(
      await request.post('/api/users/register', {
        data: {
          name: names[i]!,
          email,
          password,
          contactNumber: '+91 98765 43210',
          country: 'IN',
          companyName: names[i + 1]!,
          // The website rule refuses quotes and brackets; what is left of an attack must stay a plain link.
          companyWebsite: 'example.com/?next=javascript:alert(1)',
        },
      }),
    );
    await verifyEmail(request, email);
    const buyer = await login(request, email, password);
    await apiOk(
      await request.post('/api/orders/submit-order', {
        headers: { authorization: `Bearer ${buyer.token}` },
        data: {
          firstName: names[i + 2]!.slice(0, 100),
          email,
          contactNumber: '+91 98765 43210',
          country: 'IN',
          companyName: names[i + 3]!,
          message: chunks(4_900)[i % chunks(4_900).length],
          orderDetails: [{ productId: stored.productIds[i]!, quantity: 2 }],
        },
      }),
    );
    await apiOk(
      await request.post('/api/contact/send', {
        data: {
          name: names[i + 4]!.slice(0, 100),
          email,
          contactNumber: '+91 98765 43210',
          country: 'IN',
          companyName: names[i + 5]!,
          message: chunks(4_900)[i % chunks(4_900).length],
        },
      }),
    );
  }
  return stored;
}

/** Records everything a successful payload would do, in every frame, before any page script. */
async function watch(page: Page) {
  const hits: string[] = [];
  page.on('dialog', (dialog) => {
    hits.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.text().includes('XSS-RAN')) hits.push(`console: ${message.text()}`);
  });
  await page.route('https://evil.example/**', (route) => {
    hits.push(`request: ${route.request().url()}`);
    return route.abort();
  });
  await page.addInitScript(() => {
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => undefined,
      set: (value) => console.error(`XSS-RAN __xss=${String(value)}`),
    });
  });
  return hits;
}

async function view(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(500);
  // Give load handlers, lazy images and hydration time to do whatever they would.
  await page.waitForLoadState('networkidle');
}

test.describe('stored XSS', () => {
  test.describe.configure({ mode: 'serial' });
  let stored: Stored;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL: baseURL! });
    stored = await storePayloads(request);
    await request.dispose();
  });

  test('pages carry a policy that admits no inline script of their content', async ({ request }) => {
    for (const url of [
      '/',
      `/singleproduct/${stored.productIds[0]}`,
      `/blogs/${stored.blogSlugs[0]}`,
      '/dashboard',
    ]) {
      const response = await request.get(url);
      const policy = response.headers()['content-security-policy'] ?? '';
      const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      // A page rendered for one visitor names its scripts by nonce; one stored for every anonymous
      // visitor, by the hashes of the scripts the render marked (never a script the content added).
      expect(scriptSrc, url).toMatch(/'nonce-|'sha256-/);
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
      expect(scriptSrc, url).not.toContain("'unsafe-eval'");
    }
  });

  test('the watch sees a payload that does run (on a page without our policy)', async ({ page }) => {
    const hits = await watch(page);
    await page.goto('about:blank');
    await page.setContent('<img src="x" onerror="window.__xss=1"><script>alert(1)</script>');
    await expect.poll(() => hits.length).toBe(2);
  });

  test('the storefront shows the stored payloads as text and runs none', async ({ page }) => {
    const hits = await watch(page);
    for (const id of stored.productIds) await view(page, `/singleproduct/${id}`);
    // The payloads are really on the page, as text.
    await expect(page.getByRole('heading', { level: 1 })).toContainText(MARK);
    for (const url of [
      '/',
      '/shopall',
      '/category/Rings',
      '/category/Rings/withgemstone',
      '/category/alldesigns',
    ]) {
      await view(page, url);
    }
    await expect(page.getByText(MARK).first()).toBeVisible();
    for (const slug of stored.blogSlugs) await view(page, `/blogs/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(MARK);
    await view(page, '/blogs');
    await expect(page.getByText(MARK).first()).toBeVisible();

    // Search results, from the header search box.
    await view(page, '/en-in');
    await hydrated(page);
    await page.getByRole('button', { name: 'Search products' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill(MARK);
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(hits).toEqual([]);
  });

  test('the admin screens show the stored payloads and run none', async ({ page }) => {
    const hits = await watch(page);
    // Log in through the API: the answer sets the sid cookie; the screens read the token from storage.
    const response = await page.request.post('/api/users/login', { data: ADMIN });
    const { token, user } = (await response.json()) as { token: string; user: { _id: string; role: string } };
    await page.goto('/');
    await page.evaluate(
      ([t, id, role]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('userId', id);
        localStorage.setItem('role', role);
      },
      [token, user._id, user.role] as const,
    );
    for (const url of [
      '/dashboard',
      '/product-list',
      '/orderlist',
      '/userview',
      '/blog-list',
      ...stored.productIds.slice(0, 3).map((id) => `/admin/edit-product/${id}`),
      ...stored.blogIds.map((id) => `/admin/edit-blog/${id}`),
    ]) {
      await view(page, url);
    }
    expect(hits).toEqual([]);
  });
});
