import { describe, expect, it } from 'vitest';
import { readReturnPath, sanitiseReturnPath } from './return-path';

describe('readReturnPath', () => {
  it('prefers the navigation state, then the query', () => {
    const search = new URLSearchParams({ from: '/shopall?page=2' });
    expect(readReturnPath({ from: '/category/Rings?page=3' }, search)).toBe('/category/Rings?page=3');
    expect(readReturnPath(null, search)).toBe('/shopall?page=2');
    expect(readReturnPath({ from: 42 }, search)).toBe('/shopall?page=2');
    expect(readReturnPath({ from: 'https://evil.example' }, search)).toBe('/shopall?page=2');
    expect(readReturnPath(undefined, new URLSearchParams())).toBeNull();
  });

  it('keeps a locale prefix, the query and the hash', () => {
    expect(sanitiseReturnPath('/en-in/category/alldesigns?page=2#grid')).toBe(
      '/en-in/category/alldesigns?page=2#grid',
    );
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    ' /shopall',
    '/\t/evil.example',
    'shopall',
    '',
    '/login',
    '/en-in/login?from=/x',
    '/hi/signup',
  ])('refuses %j', (value) => {
    expect(sanitiseReturnPath(value)).toBeNull();
  });
});
