import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOG_IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  MAX_ORDER_LINES,
  MAX_PAGE_LIMIT,
  MAX_QUANTITY,
  MAX_SEARCH_LENGTH,
  MAX_SEARCH_RESULTS,
  MAX_UNPAGED_CATEGORY,
  MIN_QUANTITY,
  PAGE_SIZE,
  PRODUCT_IMAGE_MAX_BYTES,
} from '@catalogue/shared/domain/limits';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@catalogue/shared/schemas/product-import';
import { buildTestApp, createUser, type TestApp } from '../test/helpers.ts';
import { parseEnv } from './env.ts';
import { DOWNLOAD_LINK_TTL_SECONDS } from './modules/orders/download-links.ts';

/*
 * The numbers a deployment runs with when nobody sets anything. Every other test may set its own
 * limits; this file is where the shipped values are written down, so raising a limit, shortening
 * a page or lengthening a session is a change someone has to make here too, on purpose.
 */

const MiB = 1024 * 1024;

describe('deployment defaults: the configuration', () => {
  const env = parseEnv({});

  it('limits the public forms per 60-second window: login 10, sign-up 5, contact 5, price request 10', () => {
    expect(env.RATE_LIMIT_WINDOW_SECONDS).toBe(60);
    expect(env.RATE_LIMIT_LOGIN).toBe(10);
    expect(env.RATE_LIMIT_REGISTER).toBe(5);
    expect(env.RATE_LIMIT_CONTACT).toBe(5);
    expect(env.RATE_LIMIT_ORDER).toBe(10);
  });

  it('limits comments on price requests to 20 a window per account', () => {
    expect(env.RATE_LIMIT_COMMENT).toBe(20);
  });

  it('wants an ADMIN_PASSWORD of at least 8 characters when one is set', () => {
    expect(() => parseEnv({ ADMIN_PASSWORD: 'seven77' })).toThrow(/ADMIN_PASSWORD/);
    expect(parseEnv({ ADMIN_PASSWORD: 'eight888' }).ADMIN_PASSWORD).toBe('eight888');
  });

  it('keeps a session 30 days from its last use and serves cached catalogue reads for 30 s', () => {
    expect(env.SESSION_TTL_DAYS).toBe(30);
    expect(env.CATALOGUE_CACHE_SECONDS).toBe(30);
  });

  it('runs as production on port 3000, behind no proxy, with no other site allowed to call the API', () => {
    expect(env.NODE_ENV).toBe('production');
    expect(env.PORT).toBe(3000);
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.CORS_ORIGINS).toEqual([]);
    expect(env.SITEMAP_MAX_URLS).toBe(50_000);
  });

  it('wants a signing secret of at least 32 characters when one is set', () => {
    expect(() => parseEnv({ SIGNING_SECRET: 'x'.repeat(31) })).toThrow(/SIGNING_SECRET/);
    expect(parseEnv({ SIGNING_SECRET: 'x'.repeat(32) }).SIGNING_SECRET).toBe('x'.repeat(32));
  });
});

describe('deployment defaults: the business limits', () => {
  it('shows 16 products a page on every storefront listing, 10 on the admin lists, 8 on the home page and blogs', () => {
    expect(PAGE_SIZE).toEqual({
      shopAll: 16,
      category: 16,
      allDesigns: 16,
      adminProducts: 10,
      adminOrders: 10,
      homeLatest: 8,
      blogsInitial: 8,
      blogsMore: 8,
    });
    expect(MAX_PAGE_LIMIT).toBe(100);
    expect(MAX_UNPAGED_CATEGORY).toBe(100);
  });

  it('takes quantities from 1 to 10,000 and at most 500 lines in a price request', () => {
    expect(MIN_QUANTITY).toBe(1);
    expect(MAX_QUANTITY).toBe(10_000);
    expect(MAX_ORDER_LINES).toBe(500);
  });

  it('caps searches at 100 characters and 50 results', () => {
    expect(MAX_SEARCH_LENGTH).toBe(100);
    expect(MAX_SEARCH_RESULTS).toBe(50);
  });

  it('takes product images under 5 MB, blog images under 2 MB, at most 50 megapixels, workbooks up to 10 MB and 20,000 rows', () => {
    expect(PRODUCT_IMAGE_MAX_BYTES).toBe(5 * MiB);
    expect(BLOG_IMAGE_MAX_BYTES).toBe(2 * MiB);
    expect(IMAGE_MAX_PIXELS).toBe(50_000_000);
    expect(IMPORT_MAX_BYTES).toBe(10 * MiB);
    expect(IMPORT_MAX_ROWS).toBe(20_000);
  });

  it('lets a quotation download link work for one hour', () => {
    expect(DOWNLOAD_LINK_TTL_SECONDS).toBe(3600);
  });
});

describe('deployment defaults: what the server built with them enforces', () => {
  // The test app sets nothing but where its data lives: every limit below is the shipped default.
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('takes JSON bodies up to 1 MB', () => {
    expect(t.app.initialConfig.bodyLimit).toBe(1 * MiB);
  });

  it('answers the 11th login attempt for one e-mail within the window with 429', async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        // A different address each time: only the e-mail's counter can reach the limit.
        remoteAddress: `198.51.100.${i + 1}`,
        payload: { email: 'limit-check@example.com', password: 'not the password' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(401);
    const refused = await attempt(10);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many login attempts, please try again later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('gives a login a session cookie that lives 30 days', async () => {
    const buyer = await createUser(t.database, { email: 'cookie-life@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress: '203.0.113.9',
      payload: { email: buyer.email, password: buyer.password },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/(?:^|;\s*)Max-Age=2592000(?:;|$)/);
  });
});
