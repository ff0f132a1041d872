import * as XLSX from '@e965/xlsx';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/db/schema/content.ts';
import { insertMedia, insertProduct } from './buyer-fixtures.ts';
import { buildTestApp, createUser, type TestApp, type TestUser } from './helpers.ts';
import { multipart, sampleImage } from './image-fixtures.ts';

/**
 * The previous site's own front end (a single-page app on another origin) runs unchanged against
 * this server. Each call it makes is replayed here as it sends it (its headers and bodies, from an
 * origin allowed by CORS_ORIGINS) and the fields and statuses it reads are checked, so a change
 * that would break that client fails here first.
 */
const ORIGIN = 'https://old-shop.example';
const SITE = 'https://shop.example';
const MEDIA = 'https://cdn.shop.example/catalogue';
/** What its HTTP client (axios) sends with every call. */
const CLIENT_HEADERS = { origin: ORIGIN, accept: 'application/json, text/plain, */*' };

type Call = Omit<InjectOptions, 'headers'> & {
  token?: string;
  json?: unknown;
  headers?: Record<string, string>;
};

function clientOf(t: () => TestApp) {
  return async function call(options: Call): Promise<LightMyRequestResponse> {
    const { token, json, headers, ...rest } = options;
    const res = await t().app.inject({
      ...rest,
      ...(json !== undefined ? { payload: JSON.stringify(json) } : {}),
      headers: {
        ...CLIENT_HEADERS,
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    } as InjectOptions);
    // The browser drops any answer without this: the client would see a network error.
    expect(res.headers['access-control-allow-origin'], `${options.method} ${options.url}`).toBe(ORIGIN);
    return res;
  };
}

const productKeys = [
  '_id',
  'name',
  'description',
  'category',
  'subcategory',
  'code',
  'price',
  'imageUrl',
  'imageurl',
  'cloudinaryId',
  'createdAt',
  'updatedAt',
  // Added beside the old fields (the old client reads none of them): jewellery attributes.
  'attributes',
  'weightGrams',
  'minOrderQuantity',
  'tags',
  'collection',
].sort();

describe('the previous front end against this server', () => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let mediaId: string;
  let ringId: string;
  const call = clientOf(() => t);

  beforeAll(async () => {
    t = await buildTestApp({
      CORS_ORIGINS: `https://elsewhere.example, ${ORIGIN}`,
      SITE_URL: SITE,
      MEDIA_BASE_URL: MEDIA,
      RATE_LIMIT_CONTACT: '1000',
      RATE_LIMIT_ORDER: '1000',
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_REGISTER: '1000',
    });
    buyer = await createUser(t.database);
    admin = await createUser(t.database, { role: 'admin' });
    mediaId = await insertMedia(t.database, t.app.services.mediaStore);
    ringId = (
      await insertProduct(t.database, { name: 'Kundan Ring', code: 'OLD-RING', price: 24.5, mediaId })
    ).id;
    await insertProduct(t.database, {
      name: 'Hosted Bangle',
      code: 'OLD-EXT',
      imageUrl: 'https://img.example/b.jpg',
    });
  });
  afterAll(() => t?.close());

  it('answers the preflight of an authorised JSON call from its origin, and no other origin', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/cart/add',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'authorization',
    );
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { origin: 'https://evil.example' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  describe('the three breakages, replayed', () => {
    it('pictures: absolute addresses from MEDIA_BASE_URL, cloudinaryId null, whatever Host says', async () => {
      const res = await call({
        method: 'GET',
        url: `/api/products/single/${ringId}`,
        headers: { host: 'evil.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        imageUrl: `${MEDIA}/media/${mediaId}`,
        imageurl: `${MEDIA}/media/${mediaId}`,
        cloudinaryId: null,
      });
      const all = (await call({ method: 'GET', url: '/api/products' })).json() as Record<string, unknown>[];
      expect(all.find((p) => p.code === 'OLD-RING')).toMatchObject({ imageUrl: `${MEDIA}/media/${mediaId}` });
      // An external picture stays as it was given.
      expect(all.find((p) => p.code === 'OLD-EXT')).toMatchObject({
        imageUrl: 'https://img.example/b.jpg',
        cloudinaryId: null,
      });
      // The address it builds is served.
      const picture = await t.app.inject({ method: 'GET', url: `/media/${mediaId}?w=400&h=400&fit=cover` });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });

    it('contact: the country by its name, as the contact page sends it, is stored as its code', async () => {
      const res = await call({
        method: 'POST',
        url: '/api/contact/send',
        json: {
          name: 'Priya Sharma',
          email: 'priya@example.co.uk',
          message: 'Please send your brass catalogue.',
          contactNumber: '+44 20 7946 0958',
          companyName: 'Sharma Imports',
          country: 'United Kingdom',
          companyWebsite: '',
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Message received' });
      const [row] = await t.database.db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt))
        .limit(1);
      expect(row).toMatchObject({ name: 'Priya Sharma', country: 'GB' });
      const wrong = await call({
        method: 'POST',
        url: '/api/contact/send',
        json: { name: 'A', email: 'a@example.com', message: 'x', contactNumber: '1', country: 'Atlantis' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toContain('country');
    });

    it('blogs: the admin list carries each post content (its list reads it; edit finds the post in it)', async () => {
      const created = await call({
        method: 'POST',
        url: '/api/blogs/create',
        token: admin.token,
        json: { title: 'Kundan craft', content: '<p>Gold foil, by hand.</p>' },
      });
      expect(created.statusCode).toBe(201);
      const list = await call({ method: 'GET', url: '/api/blogs', token: admin.token });
      expect(list.statusCode).toBe(200);
      const post = (list.json().blogs as Record<string, unknown>[]).find((b) => b.title === 'Kundan craft');
      expect(post).toMatchObject({ _id: expect.any(String), content: '<p>Gold foil, by hand.</p>' });
    });
  });

  describe('every call it makes (the fields and statuses it reads)', () => {
    it('GET /api/products: an array of products', async () => {
      const res = await call({ method: 'GET', url: '/api/products' });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Record<string, unknown>[];
      expect(Array.isArray(list)).toBe(true);
      expect(Object.keys(list[0]!).sort()).toEqual(productKeys);
    });

    it.each([
      '/api/products/paginated?page=1&limit=16',
      '/api/products/categorys/Rings/subcategory/withgemstone/paginated?page=1&limit=16',
      '/api/products/category/Rings/paginated?filter=with&page=1&limit=16',
      '/api/products/category/Rings/paginated?filter=all&page=1&limit=16',
    ])('GET %s: products and totalPages', async (url) => {
      const res = await call({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.totalPages).toBeGreaterThanOrEqual(1);
      expect(body.products.map((p: { code: string }) => p.code)).toContain('OLD-RING');
    });

    it('GET /api/products/product?search=: an array', async () => {
      const res = await call({ method: 'GET', url: '/api/products/product?search=kundan' });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((p: { code: string }) => p.code)).toContain('OLD-RING');
    });

    it('GET /api/products/single/{id}: the product', async () => {
      const res = await call({ method: 'GET', url: `/api/products/single/${ringId}` });
      expect(res.statusCode).toBe(200);
      // Every field it reads, plus the gallery (`images`), which it ignores.
      expect(Object.keys(res.json()).sort()).toEqual([...productKeys, 'images'].sort());
      expect(res.json()).toMatchObject({ _id: ringId, name: 'Kundan Ring', code: 'OLD-RING' });
    });

    it('GET /api/products/admin/paginated: products and totalPages', async () => {
      const res = await call({
        method: 'GET',
        url: '/api/products/admin/paginated?page=1&limit=10&search=',
        token: admin.token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ products: expect.any(Array), totalPages: expect.any(Number) });
    });

    it('POST, PUT and DELETE /api/products/admin: add (message "Product added"), edit, delete', async () => {
      const image = await sampleImage('jpeg', 64, 64);
      const fields = {
        name: 'Old Client Pendant',
        description: 'Added by the previous admin screen',
        category: 'Pendants',
        code: 'OLD-ADD-1',
        subcategory: 'withoutgemstone',
      };
      const form = multipart(fields, [
        { field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: image },
      ]);
      const added = await call({
        method: 'POST',
        url: '/api/products/admin/add',
        token: admin.token,
        payload: form.payload,
        headers: form.headers,
      });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({ message: 'Product added', product: { code: 'OLD-ADD-1' } });
      expect(added.json().product.imageUrl).toMatch(new RegExp(`^${MEDIA}/media/`));
      const id = added.json().product._id as string;
      const edit = multipart({ ...fields, name: 'Renamed Pendant' });
      const edited = await call({
        method: 'PUT',
        url: `/api/products/admin/${id}`,
        token: admin.token,
        payload: edit.payload,
        headers: edit.headers,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().product.name).toBe('Renamed Pendant');
      const deleted = await call({ method: 'DELETE', url: `/api/products/admin/${id}`, token: admin.token });
      expect(deleted.statusCode).toBe(200);
    });

    it('POST /api/products/admin/uploadexcel: status 200 and a count', async () => {
      const sheet = XLSX.utils.aoa_to_sheet([
        ['name', 'code', 'description', 'category', 'subcategory'],
        ['Imported Earring', 'OLD-XL-1', 'From the old screen', 'Earrings', 'withgemstone'],
      ]);
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
      const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
      const form = multipart({}, [
        {
          field: 'file',
          filename: 'products.xlsx',
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          data,
        },
      ]);
      const res = await call({
        method: 'POST',
        url: '/api/products/admin/uploadexcel',
        token: admin.token,
        payload: form.payload,
        headers: form.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().count).toBe(1);
    });

    it('POST /api/users/register, then /login: token and user (_id, role); on error a message', async () => {
      const body = {
        name: 'Old Client Buyer',
        email: 'old-client@example.com',
        password: 'Str0ng!Passw0rd',
        contactNumber: '+91 98765 43210',
        country: 'IN',
        companyName: 'Old Client Traders',
        companyWebsite: 'https://old-client.example',
      };
      const registered = await call({ method: 'POST', url: '/api/users/register', json: body });
      expect(registered.statusCode).toBe(201);
      const again = await call({ method: 'POST', url: '/api/users/register', json: body });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toEqual(expect.any(String));
      const login = await call({
        method: 'POST',
        url: '/api/users/login',
        json: { email: body.email, password: body.password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({
        token: expect.any(String),
        user: { _id: expect.any(String), role: 'user' },
      });
      expect(login.json().user).not.toHaveProperty('password');
      const logout = await call({ method: 'POST', url: '/api/users/logout', token: login.json().token });
      expect(logout.statusCode).toBe(204);
      const after = await call({
        method: 'GET',
        url: `/api/cart/${login.json().user._id}`,
        token: login.json().token,
      });
      expect(after.statusCode).toBe(401);
    });

    it('GET /api/users/all: an array of users', async () => {
      const res = await call({ method: 'GET', url: '/api/users/all', token: admin.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((u: { _id: string }) => u._id)).toContain(buyer.id);
    });

    it('the enquiry list calls: add, quantity, read, remove, merge, clear', async () => {
      const id = buyer.id;
      const token = buyer.token;
      // The client sends the line's name, price and picture too; the server ignores them.
      const added = await call({
        method: 'POST',
        url: '/api/cart/add',
        token,
        json: { userId: id, productId: ringId, name: 'Kundan Ring', price: 24.5, quantity: 1, imageUrl: 'x' },
      });
      expect(added.statusCode).toBe(200);
      const quantity = await call({
        method: 'PUT',
        url: '/api/cart/quantity',
        token,
        json: { userId: id, productId: ringId, quantity: 3, name: 'Kundan Ring', price: 24.5, imageUrl: 'x' },
      });
      expect(quantity.statusCode).toBe(200);
      const read = await call({ method: 'GET', url: `/api/cart/${id}`, token });
      expect(read.statusCode).toBe(200);
      expect(read.json().items).toEqual([
        {
          productId: ringId,
          name: 'Kundan Ring',
          code: 'OLD-RING',
          price: null,
          quantity: 3,
          imageUrl: `${MEDIA}/media/${mediaId}`,
        },
      ]);
      const removed = await call({ method: 'DELETE', url: `/api/cart/remove/${id}/${ringId}`, token });
      expect(removed.statusCode).toBe(200);
      const merged = await call({
        method: 'POST',
        url: '/api/cart/merge',
        token,
        json: { userId: id, items: [{ _id: ringId, quantity: 2, name: 'Kundan Ring', price: 24.5 }] },
      });
      expect(merged.statusCode).toBe(200);
      expect(merged.json().cart.items.map((i: { quantity: number }) => i.quantity)).toEqual([2]);
      const cleared = await call({ method: 'DELETE', url: `/api/cart/clear/${id}`, token });
      expect(cleared.statusCode).toBe(200);
    });

    it('POST /api/orders/submit-order, then GET /api/orders/orders and the download link it derives', async () => {
      const submitted = await call({
        method: 'POST',
        url: '/api/orders/submit-order',
        token: buyer.token,
        json: {
          firstName: 'Asha',
          email: buyer.email,
          contactNumber: '+91 98765 43210',
          country: 'IN',
          companyName: 'Asha Gems',
          companyWebsite: 'https://asha.example',
          message: 'Best price for 50?',
          orderDetails: [
            {
              productId: ringId,
              quantity: 50,
              name: 'Kundan Ring',
              sku: 'OLD-RING',
              imageUrl: 'x',
              cloudinaryId: null,
            },
          ],
        },
      });
      expect(submitted.statusCode).toBe(201);
      const orders = await call({ method: 'GET', url: '/api/orders/orders', token: admin.token });
      expect(orders.statusCode).toBe(200);
      const order = orders.json().orders[0];
      expect(order).toMatchObject({
        orderId: submitted.json().orderId,
        firstName: 'Asha',
        orderDetails: [
          {
            productId: ringId,
            name: 'Kundan Ring',
            sku: 'OLD-RING',
            quantity: 50,
            imageUrl: `${MEDIA}/media/${mediaId}`,
          },
        ],
      });
      // The client swaps the uploads segment for the download route and follows it as a plain link.
      const link = (order.excelFilePath as string).replace('/uploads/', '/api/orders/download/');
      const file = await t.app.inject({ method: 'GET', url: link });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    });

    it('GET /api/blogs/{slug}: blog and relatedBlogs', async () => {
      const list = (await call({ method: 'GET', url: '/api/blogs' })).json().blogs as { slug: string }[];
      const res = await call({ method: 'GET', url: `/api/blogs/${list[0]!.slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        blog: { slug: list[0]!.slug, content: expect.any(String) },
        relatedBlogs: expect.any(Array),
      });
    });

    it('POST, PUT and DELETE /api/blogs (multipart): 201 with the slug, then edit and delete', async () => {
      const form = multipart({
        title: 'Old screen post',
        content: '<p>Body</p>',
        excerpt: '',
        metaTitle: '',
        metaDescription: '',
      });
      const created = await call({
        method: 'POST',
        url: '/api/blogs/create',
        token: admin.token,
        payload: form.payload,
        headers: form.headers,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().slug).toBe('old-screen-post');
      const id = created.json().blog._id as string;
      const edit = multipart({ title: 'Old screen post', content: '<p>Edited</p>' });
      const edited = await call({
        method: 'PUT',
        url: `/api/blogs/${id}`,
        token: admin.token,
        payload: edit.payload,
        headers: edit.headers,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().blog.content).toBe('<p>Edited</p>');
      const deleted = await call({ method: 'DELETE', url: `/api/blogs/${id}`, token: admin.token });
      expect(deleted.statusCode).toBe(200);
    });
  });
});

/** Prices on every answer that carries one: anonymous, buyer and admin, with PUBLIC_PRICES off and on. */
describe.each([
  ['off', 'false'],
  ['on', 'true'],
])('prices with PUBLIC_PRICES %s', (_label, setting) => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  let ringId: string;
  const call = clientOf(() => t);
  const isPublic = setting === 'true';

  beforeAll(async () => {
    t = await buildTestApp({ CORS_ORIGINS: ORIGIN, PUBLIC_PRICES: setting });
    buyer = await createUser(t.database);
    admin = await createUser(t.database, { role: 'admin' });
    ringId = (await insertProduct(t.database, { name: 'Priced Ring', code: 'PRICE-1', price: 24.5 })).id;
    await insertProduct(t.database, { name: 'Other Ring', code: 'PRICE-2', price: 7 });
  });
  afterAll(() => t?.close());

  /** The prices of the product PRICE-1 in each answer that lists products. */
  async function pricesSeenBy(token?: string) {
    const find = (list: { code: string; price: unknown }[]) => list.find((p) => p.code === 'PRICE-1')?.price;
    const get = async (url: string) => {
      const res = await call({ method: 'GET', url, ...(token ? { token } : {}) });
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    return {
      all: find(await get('/api/products')),
      limited: find(await get('/api/products?limit=8')),
      page: find((await get('/api/products/paginated?page=1&limit=16')).products),
      category: find(
        (await get('/api/products/category/Rings/paginated?filter=all&page=1&limit=16')).products,
      ),
      subcategory: find(
        (await get('/api/products/categorys/Rings/subcategory/withgemstone/paginated?page=1&limit=16'))
          .products,
      ),
      categoryList: find(await get('/api/products/category/Rings')),
      subcategoryList: find(await get('/api/products/categorys/Rings/subcategory/withgemstone')),
      search: find(await get('/api/products/product?search=PRICE-1')),
      single: (await get(`/api/products/single/${ringId}`)).price,
    };
  }
  const everywhere = (price: number | null) => ({
    all: price,
    limited: price,
    page: price,
    category: price,
    subcategory: price,
    categoryList: price,
    subcategoryList: price,
    search: price,
    single: price,
  });

  it(`anonymous visitors get ${isPublic ? 'the price' : 'null'} on every product answer`, async () => {
    expect(await pricesSeenBy()).toEqual(everywhere(isPublic ? 24.5 : null));
  });

  it(`buyers get ${isPublic ? 'the price' : 'null'} on every product answer and on their list`, async () => {
    expect(await pricesSeenBy(buyer.token)).toEqual(everywhere(isPublic ? 24.5 : null));
    const added = await call({
      method: 'POST',
      url: '/api/cart/add',
      token: buyer.token,
      json: { userId: buyer.id, productId: ringId },
    });
    expect(added.json().cart.items[0].price).toBe(isPublic ? 24.5 : null);
    const read = await call({ method: 'GET', url: `/api/cart/${buyer.id}`, token: buyer.token });
    expect(read.json().items[0].price).toBe(isPublic ? 24.5 : null);
  });

  it('admins always get the price, in answers no shared cache keeps', async () => {
    expect(await pricesSeenBy(admin.token)).toEqual(everywhere(24.5));
    const adminList = await call({
      method: 'GET',
      url: '/api/products/admin/paginated?search=PRICE-1',
      token: admin.token,
    });
    expect(adminList.json().products[0].price).toBe(24.5);
    const added = await call({
      method: 'POST',
      url: '/api/cart/add',
      token: admin.token,
      json: { userId: admin.id, productId: ringId },
    });
    expect(added.json().cart.items[0].price).toBe(24.5);
    const page = await call({ method: 'GET', url: '/api/products/paginated', token: admin.token });
    if (!isPublic) {
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(String(page.headers.vary)).toContain('Authorization');
      // After the admin's read, an anonymous read of the same page still has no price.
      const anonymous = await call({ method: 'GET', url: '/api/products/paginated' });
      expect(anonymous.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(anonymous.headers.etag).not.toBe(page.headers.etag);
      expect(anonymous.json().products.every((p: { price: unknown }) => p.price === null)).toBe(true);
    }
  });

  it('the storefront page data follows the same rule', async () => {
    const catalogue = t.app.services.catalogue;
    const expected = isPublic ? 24.5 : null;
    expect((await catalogue.getById(ringId))?.price).toBe(expected);
    expect(
      (await catalogue.listPage({ page: 1, limit: 16 })).products.find((p) => p._id === ringId)?.price,
    ).toBe(expected);
    expect((await catalogue.forViewer({ role: 'admin' }).getById(ringId))?.price).toBe(24.5);
  });
});
