import { describe, expect, it } from 'vitest';
import type { Product } from '@catalogue/shared/schemas/product';
import { AppError } from '@catalogue/shared/errors';
import type { ServerLoadContext } from '~/lib/load-context';
import { makeProduct } from '~/lib/test-utils';
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

const NO_FACETS = { metal: [], finish: [], stone: [], colour: [] };

function setup(url: string, viewer: Viewer | null = null, total = 40) {
  const calls: Array<{ method: string; args: unknown[] }> = [];
  const ranked = Array.from({ length: total }, (_, i) => `id-${i}`);
  const search = {
    matches: (query: string) => {
      calls.push({ method: 'matches', args: [query] });
      if (query.length > 100)
        return Promise.reject(new AppError('BAD_REQUEST', 'search must be at most 100 characters'));
      return Promise.resolve({
        query: query.trim(),
        ids: query.trim() ? ranked : [],
        literalTotal: 0,
        interpretation: { corrected: 'necklace', synonyms: [] },
      });
    },
  };
  const reader = {
    listByIds: (ids: string[]): Promise<Product[]> => {
      calls.push({ method: 'listByIds', args: [ids] });
      return Promise.resolve(ids.map((id) => makeProduct({ _id: id })));
    },
    facetCounts: (args: unknown) => {
      calls.push({ method: 'facetCounts', args: [args] });
      return Promise.resolve(NO_FACETS);
    },
    browse: (args: { within: string[]; page: number }) => {
      calls.push({ method: 'browse', args: [args] });
      return Promise.resolve({
        products: [makeProduct({ _id: args.within[3]! })],
        currentPage: args.page,
        totalPages: 1,
        totalItems: 1,
        facets: NO_FACETS,
        sort: 'newest',
      });
    },
  };
  const known = { metal: new Set(['brass']), finish: new Set(), stone: new Set(), colour: new Set() };
  const context = {
    services: {
      search,
      catalogue: { forViewer: () => reader, knownFilterValues: () => Promise.resolve(known) },
    },
    log: { error: () => {} },
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
  return { calls, ranked, run: () => loader(args) };
}

const called = (calls: Array<{ method: string; args: unknown[] }>, method: string) =>
  calls.filter((c) => c.method === method).map((c) => c.args);

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
    expect(called(calls, 'matches')).toEqual([['neckalce']]);
    expect(called(calls, 'listByIds')).toEqual([
      [
        ['id-0', 'id-1', 'id-2', 'id-3', 'id-4', 'id-5', 'id-6', 'id-7'].concat([
          'id-8',
          'id-9',
          'id-10',
          'id-11',
          'id-12',
          'id-13',
          'id-14',
          'id-15',
        ]),
      ],
    ]);
    // The facet counts are over every result, unfiltered.
    expect(called(calls, 'facetCounts')).toHaveLength(1);
    expect((called(calls, 'facetCounts')[0]![0] as { within: string[] }).within).toHaveLength(40);
    expect(result.data).toMatchObject({
      query: 'neckalce',
      facets: NO_FACETS,
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
    expect(called(calls, 'listByIds')[0]![0]).toEqual(
      ['id-16', 'id-17', 'id-18', 'id-19', 'id-20', 'id-21', 'id-22', 'id-23'].concat([
        'id-24',
        'id-25',
        'id-26',
        'id-27',
        'id-28',
        'id-29',
        'id-30',
        'id-31',
      ]),
    );
    const past = setup('/search?q=ring&page=9', BUYER);
    expect(await thrown(past.run)).toEqual({ status: 302, location: '/search?q=ring&page=3' });
  });

  it('narrows the results by the filters of the address, known values only, within the ranked ids', async () => {
    const { calls, ranked, run } = setup('/search?q=ring&metal=brass,tin&sort=name');
    const result = outcome(await run());
    expect(result.status).toBe(200);
    const [browse] = called(calls, 'browse');
    expect(browse![0]).toMatchObject({
      within: ranked,
      page: 1,
      limit: 16,
      filters: { selected: { metal: ['brass'], finish: [], stone: [], colour: [] }, sort: 'name' },
    });
    expect(called(calls, 'listByIds')).toEqual([]);
    expect(result.data).toMatchObject({
      listing: { status: 'ok', totalItems: 1, products: [{ _id: 'id-3' }] },
      filters: { selected: { metal: ['brass'] }, sort: 'name' },
    });
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
