import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductPage } from '@catalogue/shared/schemas/product';
import type { ServerLoadContext } from '~/lib/load-context';
import { makeProduct } from '~/lib/test-utils';
import { loader as rootLoader } from '../root';
import { loader as allDesignsLoader } from './all-designs';
import { loader as blogDetailLoader } from './blog-detail';
import { loader as blogsLoader } from './blogs';
import { loader as cartLoader } from './cart';
import { loader as categoryLoader } from './category';
import { loader as subcategoryLoader } from './category-subcategory';
import { loader as homeLoader } from './home';
import { loader as loginLoader } from './login';
import { loader as signupLoader } from './signup';
import { loader as notFoundLoader } from './not-found';
import { loader as prefixLoader } from './prefix';
import { loader as profileLoader } from './profile';
import { loader as shopallLoader } from './shopall';
import { loader as singleProductLoader } from './single-product';

/*
 * Every page loader's rules, run the way the server's request handler runs them: a Request and the
 * load context (services, viewer). The browser journeys in e2e/ walk the same pages; these pin the
 * rules themselves (page sizes, the login gate, redirects, 404s, locale prefixes) where a broken one
 * fails in a second. Every expected number and address is written here.
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

type Call = { method: string; args: unknown[] };

/**
 * A catalogue that answers every listing with the page asked for, of at least 3, and records what
 * it was asked. (What a page past the last one shows is not pinned here.)
 */
function fakeServices() {
  const calls: Call[] = [];
  const page = (args: { page: number }): ProductPage => ({
    products: [makeProduct(), makeProduct()],
    currentPage: args.page,
    totalPages: Math.max(3, args.page),
    totalItems: 40,
  });
  const product = makeProduct({ _id: '11111111-2222-4333-8444-555555555555', name: 'Kundan ring' });
  const record =
    <A extends unknown[], R>(method: string, answer: (...args: A) => R) =>
    (...args: A) => {
      calls.push({ method, args });
      return Promise.resolve(answer(...args));
    };
  const catalogue = {
    listPage: record('listPage', page),
    listCategoryPage: record('listCategoryPage', page),
    listSubcategoryPage: record('listSubcategoryPage', page),
    listNewest: record('listNewest', () => [makeProduct(), makeProduct()]),
    getById: record('getById', (id: string) => (id === product._id ? product : null)),
    listRelated: record('listRelated', (): Product[] => [makeProduct()]),
    // The filter panel's counts beside every listing (routes/filters.loaders.test.ts pins them).
    facetCounts: record('facetCounts', () => ({ metal: [], finish: [], stone: [], colour: [] })),
  };
  const services = {
    catalogue: {
      // Loaders read the catalogue for their viewer (prices only for admins, unless public).
      forViewer: () => catalogue,
      knownFilterValues: () => Promise.resolve({}),
    },
    blogs: {
      getBySlug: record('getBySlug', () => null),
      list: record('list', () => ({ blogs: [], totalItems: 0 })),
    },
    users: {
      getProfile: record('getProfile', (id: string) => ({ _id: id, name: 'Asha' })),
    },
  };
  // The request's logger: what a loader logs, in order.
  const logged: Array<{ level: string; fields: unknown; message: string }> = [];
  const log = {
    error: (fields: unknown, message: string) => logged.push({ level: 'error', fields, message }),
    warn: (fields: unknown, message: string) => logged.push({ level: 'warn', fields, message }),
  };
  return { services, calls, product, log, logged };
}

type Fake = ReturnType<typeof fakeServices>;

function argsFor(url: string, opts: { viewer?: Viewer | null; params?: Record<string, string> } = {}) {
  const fake = fakeServices();
  const context = {
    services: fake.services,
    log: fake.log,
    viewer: opts.viewer ?? null,
    nonce: 'n',
    publicEnv: {
      siteUrl: 'http://localhost:3000',
      siteVerification: '',
      publicPrices: false,
      newBadgeDays: 30,
      isEmailVerificationRequired: true,
      isTradeApprovalOn: false,
    },
  } as unknown as ServerLoadContext;
  return {
    fake,
    args: { request: new Request(`http://localhost${url}`), params: opts.params ?? {}, context } as never,
  };
}

/** What a loader answered: its status (200 unless it set one) and its data. */
function outcome(value: unknown): { status: number; data: unknown } {
  if (value && typeof value === 'object' && (value as { type?: string }).type === 'DataWithResponseInit') {
    const { data, init } = value as { data: unknown; init: { status?: number } | null };
    return { status: init?.status ?? 200, data };
  }
  return { status: 200, data: value };
}

/** What a loader threw: a redirect (status and location) or an error answer (status). */
async function thrown(
  run: () => unknown,
): Promise<{ status: number; location: string | null; replace: boolean }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) {
      return {
        status: error.status,
        location: error.headers.get('location'),
        replace: error.headers.get('x-remix-replace') === 'true',
      };
    }
    return { status: outcome(error).status, location: null, replace: false };
  }
  throw new Error('the loader answered instead of throwing');
}

const listingCalls = (fake: Fake) =>
  fake.calls.filter((c) => c.method.startsWith('list') && c.method !== 'listRelated' && c.method !== 'list');

afterEach(() => vi.restoreAllMocks());

describe('listing pages: shop all and all designs', () => {
  describe.each([
    ['/shopall', shopallLoader],
    ['/category/alldesigns', allDesignsLoader],
  ] as const)('%s', (path, loader) => {
    it('asks the catalogue for 16 products of page 1 for an anonymous visitor', async () => {
      const { fake, args } = argsFor(path);
      const result = outcome(await loader(args));
      expect(result.status).toBe(200);
      expect(listingCalls(fake)).toEqual([{ method: 'listPage', args: [{ page: 1, limit: 16 }] }]);
      expect(result.data).toMatchObject({ listing: { status: 'ok', currentPage: 1, totalPages: 3 } });
    });

    it('asks for 16 products of the page a logged-in buyer asked for', async () => {
      for (const page of [2, 12, 123_456_789]) {
        const { fake, args } = argsFor(`${path}?page=${page}`, { viewer: BUYER });
        expect(outcome(await loader(args)).status).toBe(200);
        expect(listingCalls(fake)).toEqual([{ method: 'listPage', args: [{ page, limit: 16 }] }]);
      }
    });

    it('sends an anonymous visitor asking for page 2 to the login page, replacing the history entry', async () => {
      const { fake, args } = argsFor(`${path}?page=2`);
      const answer = await thrown(() => loader(args));
      expect(answer).toEqual({
        status: 302,
        location: `/login?from=${encodeURIComponent(`${path}?page=2`)}`,
        replace: true,
      });
      expect(fake.calls).toEqual([]);
    });

    it('keeps the locale or language prefix on the way to the login page', async () => {
      for (const prefix of ['/hi', '/en-in']) {
        const { args } = argsFor(`${prefix}${path}?page=3`);
        expect((await thrown(() => loader(args))).location).toBe(
          `${prefix}/login?from=${encodeURIComponent(`${prefix}${path}?page=3`)}`,
        );
      }
    });

    it.each(['0', '1', '-2', 'abc', '2.5', ''])(
      'reads ?page=%s as page 1, which needs no login',
      async (raw) => {
        const { fake, args } = argsFor(`${path}?page=${raw}`);
        expect(outcome(await loader(args)).status).toBe(200);
        expect(listingCalls(fake)).toEqual([{ method: 'listPage', args: [{ page: 1, limit: 16 }] }]);
      },
    );
  });
});

describe('category page', () => {
  const run = (url: string, category: string, viewer: Viewer | null = null) => {
    const { fake, args } = argsFor(url, { params: { category }, viewer });
    return { fake, run: () => categoryLoader(args) };
  };

  it('asks for 16 products of the category with the filter from the address', async () => {
    for (const [query, filter] of [
      ['', 'all'],
      ['?filter=with', 'with'],
      ['?filter=without', 'without'],
      ['?filter=other', 'all'],
    ] as const) {
      const { fake, run: load } = run(`/category/Rings${query}`, 'Rings');
      const result = outcome(await load());
      expect(result.status).toBe(200);
      expect(listingCalls(fake)).toEqual([
        { method: 'listCategoryPage', args: [{ category: 'Rings', filter, page: 1, limit: 16 }] },
      ]);
      expect(result.data).toMatchObject({ category: 'Rings', filter });
    }
  });

  it('gives a logged-in buyer page 2, and sends an anonymous visitor to log in', async () => {
    const buyer = run('/category/Earrings?filter=with&page=2', 'Earrings', BUYER);
    await buyer.run();
    expect(listingCalls(buyer.fake)).toEqual([
      { method: 'listCategoryPage', args: [{ category: 'Earrings', filter: 'with', page: 2, limit: 16 }] },
    ]);
    const anonymous = run('/hi/category/Earrings?filter=with&page=2', 'Earrings');
    expect(await thrown(anonymous.run)).toEqual({
      status: 302,
      location: '/hi/login?from=%2Fhi%2Fcategory%2FEarrings%3Ffilter%3Dwith%26page%3D2',
      replace: true,
    });
  });

  it('answers 404 for a category that does not exist', async () => {
    const { fake, run: load } = run('/category/Watches', 'Watches');
    expect((await thrown(load)).status).toBe(404);
    expect(fake.calls).toEqual([]);
  });

  it('moves another spelling (case, singular) to the one address with 301, keeping prefix and query', async () => {
    expect(await thrown(run('/category/rings', 'rings').run)).toEqual({
      status: 301,
      location: '/category/Rings',
      replace: false,
    });
    expect((await thrown(run('/en-gb/category/ring?filter=with', 'ring').run)).location).toBe(
      '/en-gb/category/Rings?filter=with',
    );
  });

  it('redirects a wrong spelling before asking for a login', async () => {
    expect(await thrown(run('/category/necklace?page=2', 'necklace').run)).toMatchObject({
      status: 301,
      location: '/category/Necklaces?page=2',
    });
  });
});

describe('subcategory page', () => {
  const run = (url: string, category: string, subcategory: string, viewer: Viewer | null = null) => {
    const { fake, args } = argsFor(url, { params: { category, subcategory }, viewer });
    return { fake, run: () => subcategoryLoader(args) };
  };

  it('asks for 16 products of the subcategory', async () => {
    const { fake, run: load } = run('/category/Rings/withgemstone', 'Rings', 'withgemstone');
    expect(outcome(await load())).toMatchObject({ status: 200, data: { subcategory: 'withgemstone' } });
    expect(listingCalls(fake)).toEqual([
      {
        method: 'listSubcategoryPage',
        args: [{ category: 'Rings', subcategory: 'withgemstone', page: 1, limit: 16 }],
      },
    ]);
  });

  it('gates page 2 behind the login, and serves it to a buyer', async () => {
    const anonymous = run('/category/Rings/withoutgemstone?page=2', 'Rings', 'withoutgemstone');
    expect(await thrown(anonymous.run)).toEqual({
      status: 302,
      location: '/login?from=%2Fcategory%2FRings%2Fwithoutgemstone%3Fpage%3D2',
      replace: true,
    });
    const buyer = run('/category/Rings/withoutgemstone?page=2', 'Rings', 'withoutgemstone', BUYER);
    await buyer.run();
    expect(listingCalls(buyer.fake)[0]!.args).toEqual([
      { category: 'Rings', subcategory: 'withoutgemstone', page: 2, limit: 16 },
    ]);
  });

  it('answers 404 for an unknown category, and a 404 page without asking the catalogue for an unknown subcategory', async () => {
    expect((await thrown(run('/category/Watches/withgemstone', 'Watches', 'withgemstone').run)).status).toBe(
      404,
    );
    const unknown = run('/category/Rings/plated', 'Rings', 'plated');
    expect(outcome(await unknown.run())).toMatchObject({ status: 404, data: { subcategory: null } });
    expect(unknown.fake.calls).toEqual([]);
  });

  it('moves another spelling to the one address with 301', async () => {
    expect(await thrown(run('/hi/category/ring/WithGemstone', 'ring', 'WithGemstone').run)).toEqual({
      status: 301,
      location: '/hi/category/Rings/withgemstone',
      replace: false,
    });
  });
});

describe('home page', () => {
  it('asks for the 8 newest products and 20 candidates for the most-loved carousel', async () => {
    const { fake, args } = argsFor('/');
    const result = outcome(await homeLoader(args));
    expect(fake.calls.map((c) => [c.method, c.args])).toEqual([
      ['listPage', [{ page: 1, limit: 8 }]],
      ['listNewest', [20]],
    ]);
    expect(result.data).toMatchObject({ latest: { totalItems: 40 } });
  });
});

describe('product page', () => {
  it('answers the product and asks for 4 related designs', async () => {
    const { fake, args } = argsFor('/singleproduct/11111111-2222-4333-8444-555555555555', {
      params: { id: '11111111-2222-4333-8444-555555555555' },
    });
    const result = outcome(await singleProductLoader(args));
    expect(result.data).toMatchObject({ product: { name: 'Kundan ring' } });
    expect(fake.calls.find((c) => c.method === 'listRelated')!.args[1]).toBe(4);
  });

  it.each([
    ['no id', undefined],
    ['an id that cannot be one', 'not-an-id'],
    ['an unknown id', '99999999-2222-4333-8444-555555555555'],
  ])('answers 404 for %s', async (_what, id) => {
    const { fake, args } = argsFor(`/singleproduct/${id ?? ''}`, { params: id ? { id } : {} });
    expect((await thrown(() => singleProductLoader(args))).status).toBe(404);
    expect(fake.calls.filter((c) => c.method === 'getById')).toHaveLength(id === 'not-an-id' || !id ? 0 : 1);
  });

  it('answers 500 when the product cannot be read, logging the failure on the request', async () => {
    const { fake, args } = argsFor('/singleproduct/11111111-2222-4333-8444-555555555555', {
      params: { id: '11111111-2222-4333-8444-555555555555' },
    });
    const broken = new Error('database away');
    fake.services.catalogue.forViewer = () => ({ getById: () => Promise.reject(broken) }) as never;
    expect((await thrown(() => singleProductLoader(args))).status).toBe(500);
    expect(fake.logged).toEqual([
      { level: 'error', fields: { err: broken }, message: 'product detail failed' },
    ]);
  });

  it('still answers the product when its related designs fail, and logs why', async () => {
    const { fake, args } = argsFor('/singleproduct/11111111-2222-4333-8444-555555555555', {
      params: { id: '11111111-2222-4333-8444-555555555555' },
    });
    const catalogue = fake.services.catalogue.forViewer();
    const broken = new Error('timeout');
    fake.services.catalogue.forViewer = () => ({ ...catalogue, listRelated: () => Promise.reject(broken) });
    const result = outcome(await singleProductLoader(args));
    expect(result.data).toMatchObject({ product: { name: 'Kundan ring' }, related: [] });
    expect(fake.logged).toEqual([
      { level: 'error', fields: { err: broken }, message: 'related products failed' },
    ]);
  });
});

describe('blog pages', () => {
  it('lists 10 posts for the first 8 shown (structured data names ten), more as the address asks', async () => {
    for (const [query, shown, limit] of [
      ['', 8, 10],
      ['?show=16', 16, 16],
      ['?show=17', 24, 24],
      ['?show=5000', 96, 96],
      ['?show=x', 8, 10],
    ] as const) {
      const { fake, args } = argsFor(`/blogs${query}`);
      expect(outcome(await blogsLoader(args)).data).toMatchObject({ status: 'ok', shown });
      expect(fake.calls).toEqual([{ method: 'list', args: [{ page: 1, limit }] }]);
    }
  });

  it('answers 404 for a post that does not exist', async () => {
    const { args } = argsFor('/blogs/no-such-post', { params: { slug: 'no-such-post' } });
    expect(outcome(await blogDetailLoader(args)).status).toBe(404);
  });
});

describe('pages for a logged-in buyer', () => {
  it('sends an anonymous visitor from the enquiry list to the login page, under the same prefix', async () => {
    expect(await thrown(() => cartLoader(argsFor('/cart').args))).toEqual({
      status: 302,
      location: '/login?from=%2Fcart',
      replace: false,
    });
    expect((await thrown(() => cartLoader(argsFor('/fr-fr/cart').args))).location).toBe(
      '/fr-fr/login?from=%2Ffr-fr%2Fcart',
    );
    // A buyer stays, and the price request form starts from their account.
    expect(await cartLoader(argsFor('/cart', { viewer: BUYER }).args)).toMatchObject({
      account: { name: 'Asha' },
    });
  });

  it("renders the profile with the viewer's own account, and none for a visitor", async () => {
    const buyer = argsFor('/profile', { viewer: BUYER });
    expect(await profileLoader(buyer.args)).toEqual({ profile: { _id: 'u-1', name: 'Asha' } });
    expect(buyer.fake.calls).toEqual([{ method: 'getProfile', args: ['u-1'] }]);
    const anonymous = argsFor('/profile');
    expect(await profileLoader(anonymous.args)).toEqual({ profile: null });
    expect(anonymous.fake.calls).toEqual([]);
  });
});

describe('locale prefixes and unknown addresses', () => {
  const prefixed = (url: string, prefix: string) => () =>
    prefixLoader(argsFor(url, { params: { prefix } }).args);

  it.each(['en-in', 'en-gb', 'en-us', 'fr-fr', 'en-uk', 'en-ca', 'en-ae', 'hi', 'en', 'EN-IN'])(
    'serves pages under /%s',
    async (prefix) => {
      expect(await prefixed(`/${prefix}/shopall`, prefix)()).toBeNull();
    },
  );

  it('moves another two-letter prefix to the page without it (301), keeping the query', async () => {
    expect(await thrown(prefixed('/xx/shopall?page=2', 'xx'))).toEqual({
      status: 301,
      location: '/shopall?page=2',
      replace: false,
    });
    expect((await thrown(prefixed('/zz', 'zz'))).location).toBe('/');
  });

  it('answers 404 for any other first segment, and for an address no page has', async () => {
    expect((await thrown(prefixed('/en-zz/shopall', 'en-zz'))).status).toBe(404);
    expect((await thrown(prefixed('/shop/x', 'shop'))).status).toBe(404);
    expect((await thrown(() => notFoundLoader())).status).toBe(404);
  });
});

describe('the root loader of every page', () => {
  it('renders Hindi under /hi and English elsewhere, and tells the page only the name and role of the viewer', async () => {
    const hindi = (await rootLoader(argsFor('/hi/shopall', { viewer: BUYER }).args)) as {
      language: string;
      viewer: unknown;
    };
    expect(hindi.language).toBe('hi');
    expect(hindi.viewer).toEqual({ name: 'Asha', role: 'user' });
    const english = (await rootLoader(argsFor('/en-gb/shopall').args)) as {
      language: string;
      viewer: unknown;
    };
    expect(english.language).toBe('en');
    expect(english.viewer).toBeNull();
  });
});

describe('login and sign-up for a visitor who is already logged in', () => {
  const ADMIN: Viewer = { ...BUYER, id: 'u-2', role: 'admin' };

  it('tells sign-up what a new account goes through next, as the server is set up', () => {
    expect(signupLoader(argsFor('/signup').args)).toEqual({
      next: { needsVerification: true, needsApproval: false },
    });
  });

  it.each([
    ['login', loginLoader],
    ['signup', signupLoader],
  ])('/%s sends them back where they came from, or home', async (page, loader) => {
    if (page === 'login') expect(await loader(argsFor(`/${page}`).args)).toBeNull();
    expect(
      await thrown(() =>
        loader(argsFor(`/${page}?from=${encodeURIComponent('/shopall?page=2')}`, { viewer: BUYER }).args),
      ),
    ).toMatchObject({ status: 302, location: '/shopall?page=2' });
    expect(await thrown(() => loader(argsFor(`/hi/${page}`, { viewer: BUYER }).args))).toMatchObject({
      status: 302,
      location: '/hi',
    });
  });

  it('keeps a visitor whom an admin screen sent to log in on the login page, instead of bouncing back', async () => {
    for (const from of ['/dashboard', '/hi/product-list', '/orderlist/42']) {
      const url = `/login?from=${encodeURIComponent(from)}`;
      expect(await loginLoader(argsFor(url, { viewer: BUYER }).args)).toBeNull();
      expect(await loginLoader(argsFor(url, { viewer: ADMIN }).args)).toBeNull();
    }
  });
});
