import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../buyer-fixtures.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../helpers.ts';
import { oversizedJpeg } from '../image-fixtures.ts';
import { listRoutes } from './routes.ts';

/**
 * At least 10,000 malformed requests spread over every route the app serves
 * (taken from the router, so a new endpoint is fuzzed without anyone listing it). Whatever comes
 * in, the answer is never a 5xx, an error is always JSON with a message, and a refused write
 * leaves every table as it was. `FUZZ_RUNS` and `FUZZ_SEED` change the count and the seed (CI's
 * PostgreSQL pass sends 2,500 under another seed after the first pass's 10,000).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/**
 * Answers that are not JSON when they succeed: files, pictures, XML, text, the import template, the
 * production board's workbook, line sheets, a quote's files and a shared selection's files, the API reference page and its scripts and styles (and the document as YAML).
 */
const NON_JSON_SUCCESS =
  /^\/(media|uploads|robots\.txt|sitemap|api\/orders\/download|api\/products\/admin\/import-template|api\/admin\/catalogue\/(export|imports\/jobs\/[^/]+\/errors)|api\/admin\/fulfilment\/export\.xlsx|api\/cart\/[^/]+\/linesheet\.(pdf|xlsx)|api\/orders\/[^/]+\/quote\.(pdf|xlsx)|s\/|api\/docs)/;

const IMAGE_ROUTES = /^\/(media|uploads)\//;

const nest = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\udfff\ud800',
      '\uffff',
      '__proto__',
      'constructor',
      "' OR 1=1 --",
      '%',
      '_',
      '.*',
      '(a+)+$',
      '../../../etc/passwd',
      '..%2f..%2fetc%2fpasswd',
      '<script>alert(1)</script>',
      '${jndi:ldap://x}',
      '1e308',
      'NaN',
      '-1',
      '00000000-0000-0000-0000-000000000000',
      'Rings',
      'withgemstone',
      'admin',
      'IN',
      'a@b.c',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.integer() },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      -1,
      0,
      1,
      0.5,
      -0.0,
      1e308,
      -1e308,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53 + 2,
      10_001,
    ),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }) },
  { weight: 2, arbitrary: fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 3_000 }).map((d) => nest(d, 'x')) },
);

/** Bodies close to valid, so the fuzz gets past the first check and into the services. */
type Templates = Record<string, (ids: Ids) => Record<string, unknown>>;
type Ids = { buyerId: string; productId: string; email: string };
const TEMPLATES: Templates = {
  'POST /api/users/register': () => ({
    name: 'Fuzz Buyer',
    email: 'fuzz@example.com',
    password: 'Str0ng-Passw0rd!',
    contactNumber: '+91 98765 43210',
    country: 'IN',
    companyName: 'Fuzz Traders',
    companyWebsite: 'https://example.com',
  }),
  'POST /api/users/login': (ids) => ({ email: ids.email, password: 'wrong password' }),
  'POST /api/contact/send': () => ({
    name: 'Fuzz',
    email: 'fuzz@example.com',
    contactNumber: '+91 98765 43210',
    country: 'IN',
    message: 'Hello',
  }),
  'POST /api/cart/add': (ids) => ({ userId: ids.buyerId, productId: ids.productId, quantity: 1 }),
  'PUT /api/cart/quantity': (ids) => ({ userId: ids.buyerId, productId: ids.productId, quantity: 2 }),
  'POST /api/cart/merge': (ids) => ({
    userId: ids.buyerId,
    items: [{ productId: ids.productId, quantity: 1 }],
  }),
  'POST /api/orders/submit-order': (ids) => ({
    firstName: 'Fuzz',
    email: ids.email,
    contactNumber: '+91 98765 43210',
    country: 'IN',
    orderDetails: [{ productId: ids.productId, quantity: 1 }],
  }),
  'POST /api/blogs/create': () => ({ title: 'Fuzz post', content: '<p>x</p>' }),
  'PUT /api/blogs/:p': () => ({ title: 'Fuzz post', content: '<p>x</p>' }),
  'POST /api/products/admin/add': () => ({
    name: 'Fuzz Ring',
    description: 'x',
    category: 'Rings',
    subcategory: 'withgemstone',
    code: 'FUZZ-1',
  }),
  'PUT /api/products/admin/:p': () => ({
    name: 'Fuzz Ring',
    description: 'x',
    category: 'Rings',
    subcategory: 'withgemstone',
    code: 'FUZZ-1',
  }),
};

/** One malformed change to a valid body: a field dropped, retyped, or a stranger added. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: hostileValue }),
  fc.record({ kind: fc.constant('extra' as const), key: hostileString, value: hostileValue }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(body: Record<string, unknown>, changes: Mutation[]) {
  const out: Record<string, unknown> = { ...body };
  for (const change of changes) {
    const keys = Object.keys(out);
    if (change.kind === 'extra') out[change.key] = change.value;
    else if (keys.length) {
      const key = keys[change.pick % keys.length]!;
      if (change.kind === 'drop') delete out[key];
      else out[key] = change.value;
    }
  }
  return out;
}

const rawJson = fc.oneof(
  fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])), // invalid UTF-8
  fc.constant(Buffer.from('{"email":"a@b.c","email":{"$ne":null},"password":"x","password":1}')), // duplicate keys
  fc.constant(Buffer.from('{"__proto__":{"role":"admin"},"constructor":{"prototype":{"isAdmin":true}}}')),
  fc.constant(Buffer.from('{"a":"\\u0000","b":"\\ud800"}')),
  fc.constant(Buffer.from('{"unterminated":')),
  fc.constant(Buffer.from('null')),
  fc.constant(Buffer.from('"a string"')),
  fc.constant(Buffer.from('1e999999')),
  fc.constant(Buffer.from('')),
  fc.integer({ min: 100, max: 20_000 }).map((d) => Buffer.from('['.repeat(d) + ']'.repeat(d))),
  fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
);

const multipartGarbage = fc.oneof(
  fc.constant('--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated'),
  fc.constant(
    '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
  ),
  fc.constant('no parts at all'),
  fc.constant('--xyz--\r\n'),
  fc.constant(
    '--xyz\r\nContent-Disposition: form-data; name="../../x"; filename="../../../etc/passwd"\r\n\r\nx\r\n--xyz--\r\n',
  ),
  fc.constant('--xyz\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--xyz--\r\n'),
  fc.string({ unit: 'binary', maxLength: 300 }).map((s) => `--xyz\r\n${s}`),
);

/** Every byte percent-encoded (encodeURIComponent refuses lone surrogates). */
const percentEncode = (s: string) => Buffer.from(s).toString('hex').replace(/(..)/g, '%$1');

const pathParam = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('ID', 'BUYER', 'x') },
  {
    weight: 4,
    arbitrary: hostileString.map((s) => percentEncode(s.slice(0, 600))),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%zz', '%', '%00', '%ff%fe', '..%2F..%2F', 'a%2Fb', '%C0%AE%C0%AE'),
  },
);

const queryPart = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'page',
          'limit',
          'search',
          'filter',
          'dryRun',
          'w',
          'h',
          'fit',
          'q',
          'dpr',
          'sig',
          'exp',
          'withContent',
          '__proto__',
        ),
        hostileString.map((s) => s.slice(0, 300)),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${percentEncode(v)}`).join('&')}`),
  fc.constantFrom('?page[]=1', '?limit=1&limit=2', '?search=%zz', '?page=-9999999999999999999', '?a=%00'),
);

type Body =
  | { kind: 'none' }
  | { kind: 'template'; changes: Mutation[] }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; data: Buffer; contentType: string }
  | { kind: 'multipart'; text: string };

const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 5,
    arbitrary: fc
      .array(mutation, { minLength: 1, maxLength: 3 })
      .map((changes) => ({ kind: 'template' as const, changes })),
  },
  { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      data: rawJson,
      contentType: fc.constantFrom(
        'application/json',
        'application/json; charset=latin1',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data',
      ),
    }),
  },
  { weight: 1, arbitrary: multipartGarbage.map((text) => ({ kind: 'multipart' as const, text })) },
);

/**
 * Writes and routes that take input in their path get most of the requests; fixed documents
 * (robots, sitemap, OpenAPI, health) have only a query string to fuzz.
 */
const routeWeight = (route: string) => (!route.startsWith('GET') ? 3 : route.includes(':p') ? 2 : 1);

const requestArb = (routes: string[]) =>
  fc.record({
    route: fc.oneof(
      ...routes.map((route) => ({ arbitrary: fc.constant(route), weight: routeWeight(route) })),
    ),
    who: fc.constantFrom('anonymous', 'buyer', 'admin', 'admin', 'buyer', 'forged'),
    params: fc.array(pathParam, { minLength: 3, maxLength: 3 }),
    query: queryPart,
    body,
    idempotencyKey: fc.option(
      hostileString.map((s) => s.slice(0, 400)),
      { nil: undefined },
    ),
  });

type FuzzRequest = ReturnType<typeof requestArb> extends fc.Arbitrary<infer R> ? R : never;

describe('hostile input', () => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let productId: string;
  let routes: string[];

  beforeAll(async () => {
    t = await buildTestApp({
      RATE_LIMIT_LOGIN: '1000000',
      RATE_LIMIT_REGISTER: '1000000',
      RATE_LIMIT_CONTACT: '1000000',
      RATE_LIMIT_ORDER: '1000000',
    });
    buyer = await createUser(t.database);
    admin = await createUser(t.database, { role: 'admin' });
    productId = (await insertProduct(t.database)).id;
    // Logging out would end the fuzz's sessions; it is fuzzed by the anonymous and forged callers.
    routes = listRoutes(t.app);
    await installWriteCounter();
  });
  afterAll(() => t?.close());

  /**
   * Rows written so far, counted by triggers on every table a request could write (sessions only
   * when one is created or removed: using a session extends it, which is not the request's data).
   * One cheap read per request instead of counting every table.
   */
  async function countWrites(): Promise<number> {
    const { rows } = await t.database.db.execute(sql`SELECT n FROM fuzz_writes`);
    return Number((rows[0] as { n: string }).n);
  }

  async function installWriteCounter() {
    await t.database.db.execute(sql`CREATE TABLE fuzz_writes (n bigint NOT NULL)`);
    await t.database.db.execute(sql`INSERT INTO fuzz_writes VALUES (0)`);
    await t.database.db.execute(sql`
      CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE fuzz_writes SET n = n + 1; RETURN NULL; END $$`);
    const tables = [
      'products',
      'users',
      'cart_items',
      'orders',
      'order_items',
      'quote_revisions',
      'quote_lines',
      'order_events',
      'order_comments',
      'contact_messages',
      'blogs',
      'media',
      'outbox',
      'counters',
    ];
    for (const table of tables) {
      await t.database.db.execute(
        sql.raw(
          `CREATE TRIGGER fuzz_count AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`,
        ),
      );
    }
    await t.database.db.execute(
      sql`CREATE TRIGGER fuzz_count AFTER INSERT OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`,
    );
  }

  function toInject(input: FuzzRequest): InjectOptions {
    const [method, template] = input.route.split(' ') as [InjectOptions['method'], string];
    let i = 0;
    const path = template.replace(/:p/g, () => {
      const p = input.params[i++]!;
      return p === 'ID' ? productId : p === 'BUYER' ? buyer.id : p;
    });
    const headers: Record<string, string> = {};
    if (input.who === 'buyer') Object.assign(headers, bearer(buyer.token));
    if (input.who === 'admin') Object.assign(headers, bearer(admin.token));
    if (input.who === 'forged') headers.authorization = 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    if (input.idempotencyKey !== undefined)
      headers['idempotency-key'] = input.idempotencyKey.replace(/[\r\n]/g, ' ');
    const options: InjectOptions = { method, url: `${path}${input.query}`, headers };
    if (method === 'GET' || (method === 'DELETE' && input.body.kind === 'none')) return options;
    const b = input.body;
    if (b.kind === 'template') {
      const base = TEMPLATES[input.route]?.({ buyerId: buyer.id, productId, email: buyer.email }) ?? {};
      options.payload = mutate(base, b.changes) as never;
    } else if (b.kind === 'json') {
      headers['content-type'] = 'application/json';
      options.payload = JSON.stringify(b.value) ?? 'null';
    } else if (b.kind === 'raw') {
      headers['content-type'] = b.contentType;
      options.payload = b.data;
    } else if (b.kind === 'multipart') {
      headers['content-type'] = 'multipart/form-data; boundary=xyz';
      options.payload = Buffer.from(b.text, 'latin1');
    }
    return options;
  }

  it(`answers ${RUNS} malformed requests over every route without a 5xx, always in JSON, storing nothing`, async () => {
    const seen = new Map<string, number>();
    const statuses = new Map<number, number>();
    let known = await countWrites();
    const timing = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(requestArb(routes), async (input) => {
        // Ending the fuzz's own sessions would turn every later request into a 401.
        const isSignOut =
          input.route === 'POST /api/users/logout' || input.route === 'POST /api/users/logout-all';
        if (isSignOut && (input.who === 'buyer' || input.who === 'admin')) {
          input = { ...input, who: 'forged' };
        }
        const options = toInject(input);
        const isWrite = options.method !== 'GET';
        const started = performance.now();
        const res = await t.app.inject(options);
        timing.set(input.route, (timing.get(input.route) ?? 0) + performance.now() - started);
        seen.set(input.route, (seen.get(input.route) ?? 0) + 1);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${options.method} ${options.url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        const path = String(options.url).split('?')[0]!;
        // A missing picture is a placeholder picture (it sits in an <img>), the one non-JSON 404.
        const isPlaceholder =
          res.statusCode === 404 &&
          IMAGE_ROUTES.test(path) &&
          /^image\//.test(String(res.headers['content-type']));
        const isJsonExpected =
          !isPlaceholder &&
          (res.statusCode >= 400 ||
            (!NON_JSON_SUCCESS.test(path) &&
              res.statusCode !== 204 &&
              !(res.statusCode >= 300 && res.statusCode < 400)));
        if (isJsonExpected) {
          expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
          const parsed = JSON.parse(res.body) as unknown;
          if (res.statusCode >= 400)
            expect(typeof (parsed as { message?: unknown }).message, where).toBe('string');
        }
        if (isWrite) {
          // Compared with the state after the last accepted write: one query per write, not two.
          const after = await countWrites();
          if (res.statusCode >= 400) expect(after, `${where}: a refused write changed data`).toBe(known);
          known = after;
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // Every route was really exercised, and not only by its first check.
    expect([...seen.keys()].sort()).toEqual(routes);
    if (process.env.FUZZ_TIMING) console.info([...timing].sort((a, b) => b[1] - a[1]).slice(0, 12));
    console.info(
      `hostile input: ${RUNS} requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
  }, 240_000);

  it('answers a torn multipart body with 400 JSON on every route that reads a form', async () => {
    const torn = [
      '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated',
      '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0',
      'no boundary at all',
    ];
    const forms = [
      ['POST', '/api/products/admin/add'],
      ['PUT', `/api/products/admin/${productId}`],
      ['POST', '/api/products/admin/uploadexcel'],
      ['POST', '/api/blogs/create'],
      ['POST', '/api/admin/catalogue/imports/jobs'],
    ] as const;
    const before = await countWrites();
    for (const [method, url] of forms) {
      for (const payload of torn) {
        const res = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'multipart/form-data; boundary=xyz', ...bearer(admin.token) },
          payload: Buffer.from(payload, 'latin1'),
        });
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ message: expect.any(String), code: 'BAD_REQUEST' });
      }
    }
    expect(await countWrites()).toBe(before);
  });

  it('answers a body over the limit with 413 JSON, on JSON and multipart routes alike', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1_100_000) });
    for (const route of [
      '/api/users/register',
      '/api/contact/send',
      '/api/cart/merge',
      '/api/blogs/create',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: route,
        headers: { 'content-type': 'application/json', ...bearer(admin.token) },
        payload: big,
      });
      expect(res.statusCode, route).toBe(413);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
    const before = await countWrites();
    const fields = Object.entries(TEMPLATES['POST /api/products/admin/add']!({} as Ids))
      .map(([k, v]) => `--xyz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`)
      .join('');
    const huge = Buffer.concat([
      Buffer.from(fields),
      Buffer.from(
        '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
      ),
      await oversizedJpeg(21 * 1024 * 1024),
      Buffer.from('\r\n--xyz--\r\n'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/admin/add',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', ...bearer(admin.token) },
      payload: huge,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
    expect(await countWrites()).toBe(before);
  });
});
