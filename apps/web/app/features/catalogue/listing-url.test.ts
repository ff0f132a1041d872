import { describe, expect, it } from 'vitest';
import {
  pageHref,
  pageOfHref,
  readPage,
  redirectToCanonical,
  requireLoginForPage,
} from '~/features/catalogue/listing-url';
import { categoryPath } from '~/lib/paths';

const params = (query: string) => new URLSearchParams(query);

function thrown(fn: () => void): Response {
  try {
    fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a response to be thrown');
}

describe('listing addresses', () => {
  it.each([
    ['', 1],
    ['page=3', 3],
    ['page=0', 1],
    ['page=-2', 1],
    ['page=abc', 1],
    ['page=2.5', 1],
    ['page=99999999999', 1],
  ])('?%s is page %i', (query, page) => {
    expect(readPage(params(query))).toBe(page);
  });

  it('builds page links that keep the other filters and drop the prefix (links add it back)', () => {
    expect(pageHref('/shopall', params(''), 2)).toBe('/shopall?page=2');
    expect(pageHref('/en-in/category/Rings', params('filter=with&page=3'), 1)).toBe(
      '/category/Rings?filter=with',
    );
    expect(pageHref('/hi/category/Rings', params('filter=with'), 4)).toBe(
      '/category/Rings?filter=with&page=4',
    );
    expect(pageOfHref('/en-in/shopall?page=4')).toBe(4);
    expect(pageOfHref('/shopall')).toBe(1);
  });
});

describe('requireLoginForPage', () => {
  it('lets anyone see page 1 and a logged-in visitor any page', () => {
    expect(() => requireLoginForPage(new Request('http://x/shopall'), false)).not.toThrow();
    expect(() => requireLoginForPage(new Request('http://x/shopall?page=1'), false)).not.toThrow();
    expect(() => requireLoginForPage(new Request('http://x/shopall?page=2'), true)).not.toThrow();
  });

  it('redirects an anonymous request for page 2 to the login page, replacing the history entry', () => {
    const response = thrown(() =>
      requireLoginForPage(new Request('http://x/en-in/category/Rings?filter=with&page=2'), false),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `/en-in/login?from=${encodeURIComponent('/en-in/category/Rings?filter=with&page=2')}`,
    );
    expect(response.headers.get('X-Remix-Replace')).toBe('true');
  });
});

describe('canonical category addresses', () => {
  it('answers the one spelling the site links to, keeping prefix and query', () => {
    expect(redirectToCanonical(new Request('http://x/category/Rings'), '/category/Rings')).toBeNull();
    expect(
      redirectToCanonical(new Request('http://x/en-in/category/rings?filter=with'), '/category/Rings'),
    ).toBe('/en-in/category/Rings?filter=with');
    expect(
      redirectToCanonical(
        new Request('http://x/category/RINGS/WithGemstone'),
        categoryPath('Rings', 'withgemstone'),
      ),
    ).toBe('/category/Rings/withgemstone');
  });
});

describe('malformed addresses', () => {
  it('compares an address that cannot be decoded as written, and moves it to the one spelling', () => {
    expect(redirectToCanonical(new Request('http://x/category/Rings%E0'), '/category/Rings')).toBe(
      '/category/Rings',
    );
  });
});
