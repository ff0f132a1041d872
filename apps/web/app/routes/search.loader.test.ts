import { describe, expect, it } from 'vitest';
import type { Product } from '@catalogue/shared/schemas/product';
import { AppError } from '@catalogue/shared/errors';
import type { ServerLoadContext } from '~/lib/load-context';
import { makeProduct } from '~/features/catalogue/test-utils';
import { loader, meta } from './search';

/*
 * The results page's loader, run as the server runs it: a Request and the load context. The
 * search service is a fake that answers a fixed catalogue of 40 results; expected values are
 * written here.
 */

type Viewer = NonNullable<ServerLoadContext['viewer']>;
const BUYER: Viewer = {
  id: 'u-1',
  name: 'Asha',
  email: 'asha@example.com',
  role: 'user',
  emailVerified: true,
  status: 'active',
};

function setup(url: string, viewer: Viewer | null = null, total = 40) {
  const calls: Array<{ method: string; args: unknown[] }> = [];
  const search = {
    page: (query: string, page: number, limit: number) => {
      calls.push({ method: 'page', args: [query, page, limit] });
      if (query.length > 100)
        return Promise.reject(new AppError('BAD_REQUEST', 'search must be at most 100 characters'));
      const totalPages = Math.max(1, Math.ceil(total / limit));
      return Promise.resolve({
        query: query.trim(),
        ids: total ? [`id-${page}-a`, `id-${page}-b`] : [],
        totalItems: total,
        literalTotal: 0,
        currentPage: page,
        totalPages,
        interpretation: { corrected: 'necklace', synonyms: [] },
      });
    },
  };
  const reader = {
    listByIds: (ids: string[]): Promise<Product[]> => {
      calls.push({ method: 'listByIds', args: [ids] });
      return Promise.resolve(ids.map((id) => makeProduct({ _id: id })));
    },
  };
  const context = {
    services: { search, catalogue: { forViewer: () => reader } },
    viewer,
    nonce: 'n',
    publicEnv: {
      siteUrl: 'http://localhost:3000',
      siteVerification: '',
      publicPrices: false,
      newBadgeDays: 30,
    },
  } as unknown as ServerLoadContext;
  const args = { request: new Request(`http://localhost${url}`), params: {}, context } as never;
  return { calls, run: () => loader(args) };
}

function outcome(value: unknown): { status: number; data: Record<string, unknown> } {
  const { data, init } = value as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: init?.status ?? 200, data };
}

async function thrown(run: () => unknown) {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) {
      return { status: error.status, location: error.headers.get('location') };
    }
  }
  throw new Error('the loader answered instead of throwing');
}

describe('/search loader', () => {
  it('asks for 16 results of page 1 and hands the page its listing and reading of the query', async () => {
    const { calls, run } = setup('/search?q=neckalce');
    const result = outcome(await run());
    expect(result.status).toBe(200);
    expect(calls).toEqual([
      { method: 'page', args: ['neckalce', 1, 16] },
      { method: 'listByIds', args: [['id-1-a', 'id-1-b']] },
    ]);
    expect(result.data).toMatchObject({
      query: 'neckalce',
      listing: { status: 'ok', currentPage: 1, totalPages: 3, totalItems: 40 },
      interpretation: { corrected: 'necklace', synonyms: [] },
      refused: null,
      title: 'Search: neckalce',
    });
  });

  it('sends an anonymous visitor asking for page 2 to the login page, keeping the query', async () => {
    const { calls, run } = setup('/hi/search?q=jhumka&page=2');
    expect(await thrown(run)).toEqual({
      status: 302,
      location: `/hi/login?from=${encodeURIComponent('/hi/search?q=jhumka&page=2')}`,
    });
    expect(calls).toEqual([]);
  });

  it('serves page 2 to a logged-in buyer, and sends a page past the last to the last', async () => {
    const { calls, run } = setup('/search?q=ring&page=2', BUYER);
    expect(outcome(await run()).status).toBe(200);
    expect(calls[0]).toEqual({ method: 'page', args: ['ring', 2, 16] });
    const past = setup('/search?q=ring&page=9', BUYER);
    expect(await thrown(past.run)).toEqual({ status: 302, location: '/search?q=ring&page=3' });
  });

  it('answers 400 with the reason for text the search refuses, and an empty page for no query', async () => {
    const refused = outcome(await setup(`/search?q=${'x'.repeat(101)}`).run());
    expect(refused.status).toBe(400);
    expect(refused.data.refused).toBe('search must be at most 100 characters');
    const blank = outcome(await setup('/search', null, 0).run());
    expect(blank.status).toBe(200);
    expect(blank.data).toMatchObject({ query: '', listing: { status: 'ok', totalItems: 0 } });
  });

  it('marks the page noindex and titles it with the query', () => {
    const tags = meta({
      data: { title: 'Search: jhumka', description: 'Designs matching “jhumka”' },
      location: { pathname: '/search', search: '?q=jhumka', hash: '', state: null, key: 'k' },
      matches: [],
      params: {},
    } as never);
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(tags).toContainEqual({ title: 'Search: jhumka | Jaipur Jewellery House' });
  });
});
