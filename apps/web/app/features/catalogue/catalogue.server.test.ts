import { describe, expect, it, vi } from 'vitest';
import { loadListing } from './catalogue.server';

const pageOf = (currentPage: number, totalPages: number) => ({
  products: [],
  currentPage,
  totalPages,
  totalItems: totalPages * 16,
});

const log = { error: vi.fn() };

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('loadListing', () => {
  it('passes a page inside the listing through', async () => {
    const request = new Request('http://x/shopall?page=2');
    await expect(loadListing(request, () => Promise.resolve(pageOf(2, 5)), log)).resolves.toEqual({
      listing: { status: 'ok', ...pageOf(2, 5) },
      status: 200,
    });
  });

  it('redirects ?page= past the last page to the last page, keeping the rest of the query', async () => {
    const request = new Request('http://x/en-in/category/rings?filter=with&page=6');
    const answer = await thrown(loadListing(request, () => Promise.resolve(pageOf(6, 5)), log));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get('Location')).toBe('/en-in/category/rings?filter=with&page=5');
  });

  it('sends a page past an empty or one-page listing to page 1', async () => {
    const request = new Request('http://x/shopall?page=3');
    const answer = (await thrown(loadListing(request, () => Promise.resolve(pageOf(3, 0)), log))) as Response;
    expect(answer.headers.get('Location')).toBe('/shopall');
  });

  it('turns a failure into the error state with a 500, logged on the request', async () => {
    const request = new Request('http://x/shopall');
    const broken = new Error('db down');
    await expect(loadListing(request, () => Promise.reject(broken), log)).resolves.toEqual({
      listing: { status: 'error' },
      status: 500,
    });
    expect(log.error).toHaveBeenCalledWith({ err: broken }, 'catalogue listing failed');
  });
});
