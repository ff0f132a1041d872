import { bulkProductName, MOTIFS, STYLES } from '../../apps/server/src/db/seed/bulk-names.ts';
import type { Scenario, Step, StepContext } from './measure.ts';
import { realTrafficPages, seededRandom, uniformPages } from './pages.ts';
import { createMailbox, tokenOf } from '../../scripts/mailbox.mjs';

/** What the scenarios need to know about the seeded catalogue, read through the public API. */
export type Catalogue = {
  totalPages: number;
  totalItems: number;
  /** Pages per category and filter, e.g. `Rings/with`. */
  categoryPages: Record<string, number>;
  productIds: string[];
  imagePath: string | null;
  blogSlug: string | null;
};

const CATEGORIES = ['Rings', 'Bracelets', 'Earrings', 'Necklaces', 'Pendants'];
const FILTERS = ['all', 'with', 'without'] as const;
/** Enough distinct requests that every connection walks its own part of the distribution. */
const DRAWS = 5000;

async function getJson<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(baseUrl + path);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

type Page = { products: { _id: string; imageUrl: string | null }[]; totalPages: number; totalItems: number };

export async function discoverCatalogue(baseUrl: string): Promise<Catalogue> {
  const first = await getJson<Page>(baseUrl, '/api/products/paginated?page=1');
  const categoryPages: Record<string, number> = {};
  for (const category of CATEGORIES) {
    for (const filter of FILTERS) {
      const page = await getJson<Page>(
        baseUrl,
        `/api/products/category/${category}/paginated?filter=${filter}`,
      );
      categoryPages[`${category}/${filter}`] = page.totalPages;
    }
  }
  // Products from pages spread over the whole catalogue, so detail requests are not all cached ones.
  const random = seededRandom(7);
  const ids = new Set(first.products.map((p) => p._id));
  for (const page of uniformPages(first.totalPages, 20, random)) {
    for (const p of (await getJson<Page>(baseUrl, `/api/products/paginated?page=${page}`)).products)
      ids.add(p._id);
  }
  // Answers carry absolute picture addresses (from SITE_URL or MEDIA_BASE_URL); the bench asks for
  // the path on the server under test.
  const ourImage = first.products.find((p) => p.imageUrl && /\/media\/[^/]+$/.test(p.imageUrl))?.imageUrl;
  const imagePath = ourImage ? new URL(ourImage, baseUrl).pathname : null;
  const blogs = await getJson<{ blogs: { slug: string }[] }>(baseUrl, '/api/blogs?limit=1');
  return {
    totalPages: first.totalPages,
    totalItems: first.totalItems,
    categoryPages,
    productIds: [...ids],
    imagePath,
    blogSlug: blogs.blogs[0]?.slug ?? null,
  };
}

const HTML = { accept: 'text/html' };

/**
 * Fresh products read for the two cache-miss scenarios (half each); fewer than half of this and
 * they would run out of fresh pages. Half is 12,000: a 20-s warm-up and three 3-s rounds, each with
 * paths for over 400 first renders a second. A 10,000-product catalogue has fewer, so the scenarios
 * run at 100,000 only (the size their budget names).
 */
export const MISS_PRODUCTS = 24000;
/**
 * The cache-miss scenarios' warm-up. The run's 2 s are ~250 first renders, and a server fresh from
 * start renders its first ~2,000-2,700 pages slower while V8 still compiles the render's code: in
 * 5-s windows from a fresh start, 105, 132, 137, 156, 150, 154, 162 pages a second (measured
 * 2026-11-28 on one machine; on another the same day: 105-125, then 145-190). Ten seconds left the rounds on that slope (128-139
 * a second against 143-161 after it). The rounds measure the server as it runs; the warm-up's own
 * rate, a fresh server's first seconds, is kept beside them (`warmupRps`) and printed.
 */
export const MISS_WARMUP_SECONDS = 20;
/** The cache-miss scenarios: the bench's gzip client, then a browser's encodings. */
export const MISS_SCENARIOS = ['ssr-product-miss', 'ssr-product-miss-browser'] as const;
/** What a browser asks for: a page rendered first for one is compressed in Brotli. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * Products whose page nobody has asked for yet (none of `catalogue.productIds`, which the other
 * scenarios visit), read from the listing's last pages backwards: up to `count`, fewer in a small
 * catalogue.
 */
export async function freshProductIds(baseUrl: string, catalogue: Catalogue, count = MISS_PRODUCTS) {
  const seen = new Set(catalogue.productIds);
  const fresh: string[] = [];
  for (let page = catalogue.totalPages; page >= 1 && fresh.length < count; page--) {
    for (const p of (await getJson<Page>(baseUrl, `/api/products/paginated?page=${page}`)).products)
      if (!seen.has(p._id) && fresh.length < count) fresh.push(p._id);
  }
  return fresh;
}

/**
 * Search terms. Answers are cached per term for a short while, so a handful of terms repeated
 * would measure the cache; these are thousands of distinct terms, as a day of header searches
 * would be. Short ones (two characters) cannot use a trigram index and match thousands of names;
 * long ones are names and codes of the generated catalogue (`npm run seed -- --products N`), whole
 * or in part, plus phrases that match nothing.
 */
export function searchTerms(kind: 'short' | 'long', generated: number, random: () => number): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  if (kind === 'short') {
    const pairs = [...alphabet].flatMap((a) => [...alphabet].map((b) => a + b));
    return pairs
      .map((p) => ({ p, k: random() }))
      .sort((x, y) => x.k - y.k)
      .map((x) => x.p);
  }
  const terms: string[] = [];
  for (let i = 0; i < DRAWS; i++) {
    const g = 1 + Math.floor(random() * Math.max(1, generated));
    const name = bulkProductName(g);
    switch (i % 4) {
      case 0:
        terms.push(name);
        break;
      case 1:
        terms.push(name.split(' ').slice(1).join(' ')); // e.g. "Hammered Bracelet 4521"
        break;
      case 2:
        terms.push(`BX-${String(g + 96).padStart(7, '0')}`); // the generated codes follow the 96 demo products
        break;
      default:
        terms.push(`${STYLES[i % STYLES.length]} ${MOTIFS[(i >> 3) % MOTIFS.length]} ${g}`); // words in an order no name has
    }
  }
  return terms;
}

/**
 * Misspelled searches: the kind word of a generated name with two inner letters swapped
 * ("Necklace" → "Neckalce", "Bracelet" → "Brcaelet"), then the product's number, so each term is
 * distinct and none matches literally: every one goes through the close-spelling pass.
 */
export function misspelledTerms(generated: number, random: () => number): string[] {
  const terms: string[] = [];
  for (let i = 0; i < DRAWS; i++) {
    const g = 1 + Math.floor(random() * Math.max(1, generated));
    const words = bulkProductName(g).split(' ');
    const kind = words[2]!.toLowerCase();
    const at = 1 + (i % (kind.length - 3));
    const typo = kind.slice(0, at) + kind[at + 1]! + kind[at]! + kind.slice(at + 2);
    // Swapping a double letter changes nothing: drop one of them instead ("earings").
    terms.push(`${typo === kind ? kind.slice(0, at) + kind.slice(at + 1) : typo} ${g}`);
  }
  return terms;
}

/** Credentials of a buyer the session scenarios act as. */
export type Buyer = { id: string; token: string; email: string };

/** Steps of one buyer's visit: browse a listing and a product, add it to the list, ask for a price. */
export function buyerSessionSteps(
  buyers: Buyer[],
  productIds: string[],
  options: { browse: boolean; listingPages?: number[]; onOrder?: (orderId: number) => void },
): Step[] {
  let next = 0;
  let draw = 0;
  let key = 0;
  const runId = Date.now().toString(36);
  // Each pass through the steps (a connection's loop) is one buyer with one product.
  const visit = (ctx: StepContext) => {
    if (!ctx.buyer) {
      ctx.buyer = buyers[next++ % buyers.length];
      ctx.productId = productIds[draw++ % productIds.length];
      ctx.key = `${runId}-${key++}`;
    }
    return ctx as { buyer: Buyer; productId: string; key: string };
  };
  const auth = (ctx: StepContext) => ({ authorization: `Bearer ${visit(ctx).buyer.token}` });
  const pages = options.listingPages ?? [1];
  let page = 0;
  const browse: Step[] = options.browse
    ? [
        { path: (ctx) => (visit(ctx), `/api/products/paginated?page=${pages[page++ % pages.length]}`) },
        { path: (ctx) => `/api/products/single/${visit(ctx).productId}` },
      ]
    : [];
  return [
    ...browse,
    {
      method: 'POST',
      path: '/api/cart/add',
      headers: auth,
      body: (ctx) => ({ userId: visit(ctx).buyer.id, productId: visit(ctx).productId, quantity: 1 }),
    },
    {
      method: 'POST',
      path: '/api/orders/submit-order',
      headers: (ctx) => ({ ...auth(ctx), 'idempotency-key': visit(ctx).key }),
      body: (ctx) => ({
        firstName: 'Bench Buyer',
        email: visit(ctx).buyer.email,
        contactNumber: '+91 98765 43210',
        country: 'IN',
        companyName: 'Bench Traders',
        message: 'Benchmark price request',
        // At or above any demo design's minimum order (6 to 50 pieces), below which it is refused.
        orderDetails: [{ productId: visit(ctx).productId, quantity: 50 }],
      }),
      onResponse: (status, body) => {
        if (status !== 201 || !options.onOrder) return;
        const orderId = (JSON.parse(body) as { orderId?: number }).orderId;
        if (typeof orderId === 'number') options.onOrder(orderId);
      },
    },
  ];
}

/**
 * The catalogue scenarios (the buyers scenario is separate: it writes). Those read as a ratio to
 * nginx use wrk, as nginx's side does. `freshIds` are products whose page has not been rendered
 * yet: the cache-miss scenario asks for each once, and runs only when there are enough of them.
 */
export function catalogueScenarios(
  catalogue: Catalogue,
  buyers: Buyer[],
  freshIds: string[] = [],
): Scenario[] {
  const random = seededRandom(42);
  const listing = (pages: number[]) => pages.map((p) => `/api/products/paginated?page=${p}`);
  const categoryPaths = (filter: (typeof FILTERS)[number]) =>
    Array.from({ length: DRAWS }, (_, i) => {
      const category = CATEGORIES[i % CATEGORIES.length]!;
      const [page] = realTrafficPages(catalogue.categoryPages[`${category}/${filter}`] ?? 1, 1, random);
      return `/api/products/category/${category}/paginated?filter=${filter}&page=${page}`;
    });
  const ids = catalogue.productIds;
  const generated = catalogue.totalItems - 96;
  const search = (t: string) => `/api/products/product?search=${encodeURIComponent(t)}`;
  // Close spellings are the results page's: the header's search is literal.
  const fullSearch = (t: string) => `/api/search?q=${encodeURIComponent(t)}`;
  const scenarios: Scenario[] = [
    {
      key: 'listing-real',
      name: 'listing, real-traffic pages',
      paths: listing(realTrafficPages(catalogue.totalPages, DRAWS, random)),
      client: 'wrk',
    },
    {
      key: 'listing-uniform',
      name: 'listing, uniform pages',
      paths: listing(uniformPages(catalogue.totalPages, DRAWS, random)),
      client: 'wrk',
    },
    ...FILTERS.map((filter) => ({
      key: `category-${filter}`,
      name: `category listing, filter=${filter}`,
      paths: categoryPaths(filter),
    })),
    {
      // Two facets with one or two values each (the default lists' slugs) over every listing, with
      // the facet counts; the in-process facet index answers these.
      key: 'listing-facets',
      name: 'filtered listing, two facets with counts',
      paths: Array.from({ length: DRAWS }, (_, i) => {
        const metals = ['brass', 'sterling-silver', 'brass,sterling-silver', 'alloy,copper'];
        const stones = ['kundan', 'pearl,polki', 'none', 'cubic-zirconia,semi-precious'];
        const sorts = ['', '&sort=name', '&sort=requested'];
        const scope =
          i % 3 === 0
            ? '/api/products/paginated?'
            : `/api/products/category/${CATEGORIES[i % CATEGORIES.length]}/paginated?`;
        const page = 1 + Math.floor(random() * 3);
        return `${scope}metal=${metals[i % metals.length]}&stone=${stones[Math.floor(i / 4) % stones.length]}${sorts[i % sorts.length]}&page=${page}`;
      }),
    },
    {
      key: 'search-short',
      name: 'search, 1,296 two-character terms',
      paths: searchTerms('short', generated, random).map(search),
    },
    {
      key: 'search-long',
      name: `search, ${DRAWS.toLocaleString('en')} long terms`,
      paths: searchTerms('long', generated, random).map(search),
    },
    {
      key: 'search-typo',
      name: `results page search, ${DRAWS.toLocaleString('en')} misspelled terms`,
      paths: misspelledTerms(generated, random).map(fullSearch),
    },
    { key: 'product-detail', name: 'product detail', paths: ids.map((id) => `/api/products/single/${id}`) },
    { key: 'ssr-home', name: 'SSR home page', paths: ['/'], headers: HTML, client: 'wrk', primed: true },
    {
      key: 'ssr-category',
      name: 'SSR category page',
      paths: CATEGORIES.map((c) => `/category/${c}`),
      headers: HTML,
      client: 'wrk',
      primed: true,
    },
    {
      key: 'ssr-product',
      name: 'SSR product page',
      paths: ids.slice(0, 200).map((id) => `/singleproduct/${id}`),
      headers: HTML,
      client: 'wrk',
      primed: true,
    },
  ];
  if (freshIds.length >= MISS_PRODUCTS / 2) {
    // Each scenario its own half of the fresh products: none finds a page the other rendered.
    const half = Math.floor(freshIds.length / 2);
    const pagesOf = (ids: string[]) => ids.map((id) => `/singleproduct/${id}`);
    scenarios.push(
      {
        key: MISS_SCENARIOS[0],
        name: 'SSR product page rendered for the first time (cache miss)',
        paths: pagesOf(freshIds.slice(0, half)),
        headers: HTML,
        client: 'wrk',
        once: true,
        warmupSeconds: MISS_WARMUP_SECONDS,
      },
      {
        key: MISS_SCENARIOS[1],
        name: 'SSR product page rendered for the first time, asked for as a browser does (Brotli)',
        paths: pagesOf(freshIds.slice(half)),
        headers: { ...HTML, ...BROWSER_ENCODINGS },
        client: 'wrk',
        once: true,
        warmupSeconds: MISS_WARMUP_SECONDS,
      },
    );
  }
  if (catalogue.imagePath) {
    scenarios.push({
      key: 'image-variant',
      name: 'cached image variant (WebP 400×400)',
      paths: [`${catalogue.imagePath}?w=400&h=400&fit=cover`],
      // A browser without AVIF: the scenario measures one fixed WebP answer (nginx serves the same).
      headers: { accept: 'image/webp,*/*' },
    });
  }
  if (buyers.length) {
    scenarios.push({
      key: 'buyer-session',
      name: 'buyer session (browse, add, price request)',
      steps: buyerSessionSteps(buyers, ids, {
        browse: true,
        listingPages: realTrafficPages(catalogue.totalPages, DRAWS, random),
      }),
    });
  }
  return scenarios;
}

/**
 * Registers, verifies and signs in `count` buyers (a few at a time: each costs an argon2 hash).
 * Each opens the verification link the server mailed it (an `.eml` file under `mailDir`), as a
 * buyer must before sending a price request.
 */
export async function createBuyers(baseUrl: string, count: number, mailDir: string): Promise<Buyer[]> {
  const password = 'bench-buyer-password';
  const mailbox = createMailbox(mailDir);
  const runId = Date.now().toString(36);
  const one = async (i: number): Promise<Buyer> => {
    const email = `bench-${runId}-${i}@example.com`;
    const post = (path: string, body: unknown) =>
      fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const registered = await post('/api/users/register', {
      name: `Bench Buyer ${i}`,
      email,
      password,
      contactNumber: '+91 98765 43210',
      country: 'IN',
    });
    if (registered.status !== 201)
      throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
    const link = await mailbox.link(email, 'verify-email', { timeoutMs: 60_000 });
    const verified = await post('/api/users/verify-email', { token: tokenOf(link) });
    if (!verified.ok) throw new Error(`verify-email answered ${verified.status}`);
    const login = await post('/api/users/login', { email, password });
    if (!login.ok) throw new Error(`login answered ${login.status}`);
    const { token, user } = (await login.json()) as { token: string; user: { _id: string } };
    return { id: user._id, token, email };
  };
  const buyers: Buyer[] = [];
  for (let i = 0; i < count; i += 4) {
    buyers.push(...(await Promise.all(Array.from({ length: Math.min(4, count - i) }, (_, j) => one(i + j)))));
  }
  return buyers;
}

/** Order numbers the server lists, read as the administrator. */
export async function listOrderNumbers(
  baseUrl: string,
  adminEmail: string,
  adminPassword: string,
): Promise<Set<number>> {
  const login = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${baseUrl}/api/orders/orders`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET /api/orders/orders answered ${response.status}`);
  const { orders } = (await response.json()) as { orders: { orderId: number }[] };
  return new Set(orders.map((o) => o.orderId));
}
