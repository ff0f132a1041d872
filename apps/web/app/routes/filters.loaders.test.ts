import { describe, expect, it } from 'vitest';
import type { FilteredPage, ListingFilters } from '@catalogue/shared/schemas/listing-filters';
import type { ServerLoadContext } from '~/lib/load-context';
import { makeProduct } from '~/lib/test-utils';
import { isFilteredSearch } from '~/features/catalogue/filter-url';
import { canonicalPath } from '~/features/seo/seo';
import { loader as categoryLoader } from './category';
import { loader as subcategoryLoader } from './category-subcategory';
import { loader as shopallLoader } from './shopall';

/* The listing loaders with filters in the address: what they ask the catalogue, the login gate. */

const BUYER = {
  id: 'u-1',
  name: 'Asha',
  email: 'a@example.com',
  role: 'user',
  emailVerified: true,
  status: 'active',
};
const FACETS = {
  metal: [{ slug: 'brass', label: 'Brass', labelHi: 'पीतल', count: 3, selected: true }],
  finish: [],
  stone: [{ slug: 'kundan', label: 'Kundan', labelHi: 'कुंदन', count: 2, selected: true }],
  colour: [],
};

function setup(url: string, opts: { viewer?: unknown; params?: Record<string, string> } = {}) {
  const calls: Array<{ method: string; args: unknown }> = [];
  const page = (args: { page: number }) => ({
    products: [makeProduct()],
    currentPage: args.page,
    totalPages: 4,
    totalItems: 50,
  });
  const reader = {
    listPage: (args: { page: number }) => (
      calls.push({ method: 'listPage', args }),
      Promise.resolve(page(args))
    ),
    listCategoryPage: (args: { page: number }) => (
      calls.push({ method: 'listCategoryPage', args }),
      Promise.resolve(page(args))
    ),
    listSubcategoryPage: (args: { page: number }) => (
      calls.push({ method: 'listSubcategoryPage', args }),
      Promise.resolve(page(args))
    ),
    browse: (args: { page: number; filters: ListingFilters }): Promise<FilteredPage> => {
      calls.push({ method: 'browse', args });
      return Promise.resolve({ ...page(args), facets: FACETS, sort: args.filters.sort });
    },
    facetCounts: (args: unknown) => (calls.push({ method: 'facetCounts', args }), Promise.resolve(FACETS)),
  };
  const context = {
    services: {
      catalogue: {
        forViewer: () => reader,
        knownFilterValues: () =>
          Promise.resolve({
            metal: new Set(['brass', 'sterling-silver']),
            finish: new Set(['gold-plated']),
            stone: new Set(['kundan']),
            colour: new Set(['red']),
          }),
      },
    },
    viewer: opts.viewer ?? null,
  } as unknown as ServerLoadContext;
  return {
    calls,
    args: { request: new Request(`http://localhost${url}`), params: opts.params ?? {}, context } as never,
  };
}

const dataOf = (value: unknown) => (value as { data: Record<string, unknown> }).data;

async function thrownResponse(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('the loader answered instead of throwing');
}

describe('listing loaders with filters', () => {
  it('asks for the filtered page with the known values only, and hands the page the counts', async () => {
    const { calls, args } = setup(
      '/shopall?metal=brass,unobtainium,BRASS&stone=kundan&sort=name&colour=%3Cb%3E',
    );
    const data = dataOf(await shopallLoader(args));
    expect(calls).toEqual([
      {
        method: 'browse',
        args: {
          filters: {
            selected: { metal: ['brass'], finish: [], stone: ['kundan'], colour: [] },
            sort: 'name',
          },
          page: 1,
          limit: 16,
        },
      },
    ]);
    expect(data.facets).toEqual(FACETS);
    expect(data.listing).toMatchObject({ status: 'ok', totalItems: 50 });
  });

  it('keeps the plain, cached listing when nothing is filtered, and adds only the counts', async () => {
    const { calls, args } = setup('/category/Rings?filter=with&metal=gold&sort=newest', {
      params: { category: 'Rings' },
    });
    await categoryLoader(args);
    expect(calls.map((c) => c.method).sort()).toEqual(['facetCounts', 'listCategoryPage']);
    expect(calls.find((c) => c.method === 'facetCounts')!.args).toMatchObject({
      category: 'Rings',
      filter: 'with',
    });
  });

  it('filters a subcategory within its scope', async () => {
    const { calls, args } = setup('/category/Rings/withgemstone?finish=gold-plated', {
      params: { category: 'Rings', subcategory: 'withgemstone' },
      viewer: BUYER,
    });
    await subcategoryLoader(args);
    expect(calls).toEqual([
      {
        method: 'browse',
        args: expect.objectContaining({
          category: 'Rings',
          subcategory: 'withgemstone',
          filters: {
            selected: { metal: [], finish: ['gold-plated'], stone: [], colour: [] },
            sort: 'newest',
          },
        }),
      },
    ]);
  });

  it('sends an anonymous visitor asking for page 2 of a filtered listing to log in, filters kept in `from`', async () => {
    const { calls, args } = setup('/hi/shopall?metal=brass&sort=requested&page=2');
    const answer = await thrownResponse(() => shopallLoader(args));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(
      '/hi/login?from=%2Fhi%2Fshopall%3Fmetal%3Dbrass%26sort%3Drequested%26page%3D2',
    );
    expect(calls).toEqual([]);

    const buyer = setup('/shopall?metal=brass&page=2', { viewer: BUYER });
    await shopallLoader(buyer.args);
    expect(buyer.calls).toEqual([
      { method: 'browse', args: expect.objectContaining({ page: 2, limit: 16 }) },
    ]);
  });
});

describe('filtered pages and search engines', () => {
  it('marks a filtered or re-sorted address as not to be indexed; the plain pages stay indexable', () => {
    expect(isFilteredSearch('?metal=brass')).toBe(true);
    expect(isFilteredSearch('?sort=name&page=2')).toBe(true);
    expect(isFilteredSearch('?page=2')).toBe(false);
    expect(isFilteredSearch('?filter=with&sort=newest')).toBe(false);
    expect(isFilteredSearch('')).toBe(false);
  });

  it('points the canonical of a filtered page to the plain listing', () => {
    expect(canonicalPath('/hi/category/Rings', '?metal=brass&page=3')).toBe('/hi/category/Rings');
    expect(canonicalPath('/shopall', '?sort=requested')).toBe('/shopall');
    expect(canonicalPath('/shopall', '?page=3')).toBe('/shopall?page=3');
  });
});
