import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { splitPathPrefix } from '@catalogue/shared/domain/locales';
import { ADMIN_PAGES, PAGES } from './page-table';
import {
  isAdminPath,
  pageTextsOf,
  parseTextsJson,
  scopeTexts,
  scopedTextsJson,
  textsKey,
} from './text-scope';

describe('text scope', () => {
  it('recognises the admin screens with or without a prefix', () => {
    for (const path of [
      '/dashboard',
      '/hi/orderlist',
      '/en-in/admin/edit-blog/1',
      '/excelfile',
      '/blog-list',
      '/Dashboard',
    ])
      expect(isAdminPath(path), path).toBe(true);
    for (const path of ['/', '/blogs', '/hi/blogs/a', '/category/Rings', '/administration-guide'])
      expect(isAdminPath(path), path).toBe(false);
  });

  it('finds a page as the router ranks routes, with or without a prefix', () => {
    expect(pageTextsOf('/')).toEqual(['home', 'catalogue']);
    expect(pageTextsOf('/hi')).toEqual(['home', 'catalogue']);
    expect(pageTextsOf('/en-in/singleproduct/abc')).toEqual(['catalogue', 'gallery', 'filters']);
    expect(pageTextsOf('/singleproduct')).toEqual(['catalogue', 'gallery', 'filters']);
    expect(pageTextsOf('/category')).toEqual(['pages']);
    expect(pageTextsOf('/category/alldesigns')).toEqual(['catalogue', 'gallery', 'filters']);
    expect(pageTextsOf('/hi/blogs/some-post')).toEqual(['blog']);
    expect(pageTextsOf('/no/such/page')).toEqual([]);
  });

  it('sends a storefront page the shell texts and its own only; admin screens get everything', () => {
    const texts = { common: {}, admin: {}, home: {}, catalogue: {}, blog: {} };
    expect(Object.keys(scopeTexts(texts, '/'))).toEqual(['common', 'home', 'catalogue']);
    expect(Object.keys(scopeTexts(texts, '/hi/blogs'))).toEqual(['common', 'blog']);
    expect(Object.keys(scopeTexts(texts, '/nowhere'))).toEqual(['common']);
    expect(Object.keys(scopeTexts(texts, '/dashboard'))).toEqual(Object.keys(texts));
  });

  it('keys paths by the texts they need', () => {
    expect(textsKey('/singleproduct/a')).toBe(textsKey('/hi/category/Rings/withgemstone'));
    expect(textsKey('/singleproduct/a')).not.toBe(textsKey('/blogs'));
    expect(textsKey('/')).toBe('catalogue,common,home');
    expect(textsKey('/orderlist')).toBe('*');
  });
});

describe('texts as one JSON string', () => {
  // The strings are kept per language and set of namespaces for the module's life, and this file
  // shares its worker's modules with files that render real pages in English and Hindi: its own
  // language names keep what they made from being theirs.
  const EN = 'en-scope-test';
  const HI = 'hi-scope-test';
  const english = {
    common: { close: 'Close' },
    home: { title: 'Home' },
    catalogue: { new: 'New' },
    blog: { more: 'More' },
  };
  const hindi = {
    common: { close: 'बंद करें' },
    home: { title: 'होम' },
    catalogue: { new: 'नया' },
    blog: { more: 'और' },
  };

  it('holds exactly the scoped texts, per language', () => {
    expect(JSON.parse(scopedTextsJson(EN, english, '/'))).toEqual({
      common: { close: 'Close' },
      home: { title: 'Home' },
      catalogue: { new: 'New' },
    });
    expect(JSON.parse(scopedTextsJson(HI, hindi, '/hi/blogs'))).toEqual({
      common: { close: 'बंद करें' },
      blog: { more: 'और' },
    });
  });

  it('is made once per language and set of namespaces', () => {
    const first = scopedTextsJson(EN, english, '/singleproduct/a');
    const other = { common: { close: 'changed' } };
    // Same language and namespaces: the string already made, whatever the caller passes now.
    expect(scopedTextsJson(EN, other, '/category/Rings/withgemstone')).toBe(first);
    expect(scopedTextsJson(HI, other, '/singleproduct/a')).toBe('{"common":{"close":"changed"}}');
  });

  it('parses a string once and shares the object', () => {
    const json = '{"common":{"close":"Close"},"home":{"title":"Home"}}';
    const texts = parseTextsJson(json);
    expect(texts).toEqual({ common: { close: 'Close' }, home: { title: 'Home' } });
    // The same text received again (another answer's string, equal but not the same one).
    const again = ['{"common":{"close":"Close"},', '"home":{"title":"Home"}}'].join('');
    expect(parseTextsJson(again)).toBe(texts);
    expect(parseTextsJson('{"common":{}}')).not.toBe(texts);
  });

  it('reads anything but a JSON object as no texts', () => {
    for (const value of [undefined, null, 42, { common: {} }, '', 'not json', '[1,2]', 'null', '"text"']) {
      expect(parseTextsJson(value), String(value)).toEqual({});
    }
    expect(parseTextsJson('{"common":{"close":"Close"},"home":"Home","blog":null}')).toEqual({
      common: { close: 'Close' },
    });
  });
});

describe('finding a page by its first segment', () => {
  // The router over the whole table is the reference: the shortcut must never find another page.
  const everyRoute = [
    ...PAGES.map(({ path, texts }) => ({ path: path || '/', texts })),
    ...ADMIN_PAGES.map(({ path }) => ({ path, texts: 'all' as const })),
  ];
  const reference = (pathname: string) =>
    matchRoutes(everyRoute, splitPathPrefix(pathname).rest)?.[0]?.route.texts ?? [];

  it('finds what the router finds over the whole table, for every page and for strays', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // the router's word on a malformed path
    const filled = (path: string) => `/${path.replace(/:\w+\??/g, 'x1').replace('*', 'a/b')}`;
    const paths = [...PAGES, ...ADMIN_PAGES].flatMap(({ path }) => {
      const plain = filled(path);
      return [plain, plain.toUpperCase(), `/hi${plain}`, `/en-in${plain}/`, `${plain}/extra`];
    });
    paths.push(
      '/',
      '',
      '/%73ingleproduct/x',
      '/%E0%A4%A/x',
      '/singleproduct',
      '/category/Rings/withgemstone/more',
      '/admin',
      '/admin/edit-blog',
      '/-',
      '/no_such_page',
      '/hi',
      '//double//slashes',
    );
    for (const path of paths) expect(pageTextsOf(path), path).toEqual(reference(path));
    expect(paths.length).toBeGreaterThan(200);
  });
});
