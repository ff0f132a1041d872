import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { singularCategoryRedirect } from './category-redirects.ts';

const SINGULAR_TO_PLURAL = [
  ['Pendant', 'Pendants'],
  ['Ring', 'Rings'],
  ['Bracelet', 'Bracelets'],
  ['Earring', 'Earrings'],
  ['Necklace', 'Necklaces'],
] as const;

describe('singularCategoryRedirect', () => {
  it('moves singular category pages to the plural, keeping prefix, rest of path and query', () => {
    expect(singularCategoryRedirect('/category/Ring')).toBe('/category/Rings');
    expect(singularCategoryRedirect('/category/ring/')).toBe('/category/Rings/');
    expect(singularCategoryRedirect('/en-uk/category/Earring/withgemstone?page=2')).toBe(
      '/en-uk/category/Earrings/withgemstone?page=2',
    );
    expect(singularCategoryRedirect('/EN-IN/category/Pendant')).toBe('/en-in/category/Pendants');
  });

  it('leaves every other address alone', () => {
    for (const url of [
      '/category/Rings',
      '/category/alldesigns',
      '/category',
      '/xx/category/Ring',
      '/api/products/category/Ring',
      '/blogs/category/Ring',
      '/categoryRing',
      '/category/Rin',
    ]) {
      expect(singularCategoryRedirect(url), url).toBeNull();
    }
  });
});

describe('singular category pages answer 301 before any rendering', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => t.app.inject({ method, url });

  it.each(SINGULAR_TO_PLURAL)('/category/%s → /category/%s', async (singular, plural) => {
    const res = await get(`/category/${singular}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/category/${plural}`);
  });

  it.each([
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
  ])('keeps the /%s prefix', async (prefix) => {
    const res = await get(`/${prefix}/category/Ring`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/${prefix}/category/Rings`);
  });

  it('keeps the query string and a subcategory', async () => {
    const res = await get('/hi/category/Necklace/withoutgemstone?page=3&filter=with&q=a%20b');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/hi/category/Necklaces/withoutgemstone?page=3&filter=with&q=a%20b');
    const bare = await get('/category/Bracelet?page=2');
    expect(bare.headers.location).toBe('/category/Bracelets?page=2');
  });

  it('answers HEAD too, but not a form post', async () => {
    expect((await get('/category/Ring', 'HEAD')).statusCode).toBe(301);
    expect((await get('/category/Ring', 'POST')).statusCode).not.toBe(301);
  });

  it('does not touch plural pages, unknown prefixes or the API', async () => {
    for (const url of ['/category/Rings', '/zz/category/Ring', '/api/products/category/Ring']) {
      const res = await get(url);
      expect(res.statusCode, url).not.toBe(301);
      expect(res.headers.location, url).toBeUndefined();
    }
  });
});
