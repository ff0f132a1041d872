import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductPage, ProductSaved } from '@catalogue/shared/schemas/product';
import type { GallerySaved, ProductImage } from '@catalogue/shared/schemas/product-gallery';
import { media } from '../../db/schema/media.ts';
import { productImages, products } from '../../db/schema/products.ts';
import {
  bearer,
  buildTestApp,
  createUser,
  TEST_SITE_URL,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import { multipart, sampleImage, TEXT_FILE } from '../../../test/image-fixtures.ts';

const FIELDS = {
  name: 'Meenakari Jhumka',
  description: 'Enamelled brass jhumkas',
  category: 'Earrings',
  subcategory: 'withgemstone',
  code: 'ER-GAL',
};
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('product galleries', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let jpeg: Buffer;
  let png: Buffer;
  let seq = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.database, { role: 'admin' });
    buyer = await createUser(t.database);
    jpeg = await sampleImage('jpeg', 300, 200);
    png = await sampleImage('png', 120, 160);
  });
  afterAll(() => t.close());

  const file = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') => ({
    field: 'image',
    filename,
    contentType,
    data,
  });

  async function newProduct(): Promise<Product> {
    const form = multipart({ ...FIELDS, code: `ER-GAL-${++seq}` }, [file(jpeg)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/admin/add',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin.token) },
    });
    expect(res.statusCode).toBe(201);
    return res.json<ProductSaved>().product;
  }

  function addPicture(
    productId: string,
    fields: Record<string, string> = {},
    files = [file(png, 'side.png', 'image/png')],
    token = admin.token,
  ) {
    const form = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/products/admin/${productId}/images`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
  }

  const reorder = (productId: string, ids: unknown, token = admin.token) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/products/admin/${productId}/images/order`,
      payload: { ids },
      headers: bearer(token),
    });

  const setAlt = (productId: string, imageId: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/products/admin/${productId}/images/${imageId}`,
      payload,
      headers: bearer(admin.token),
    });

  const remove = (productId: string, imageId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/products/admin/${productId}/images/${imageId}`,
      headers: bearer(admin.token),
    });

  async function single(productId: string): Promise<Product> {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/single/${productId}` });
    expect(res.statusCode).toBe(200);
    return res.json<Product>();
  }

  async function productRow(productId: string) {
    const [row] = await t.database.db
      .select({ mediaId: products.mediaId, imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.id, productId));
    return row!;
  }

  const mediaIdIn = (url: string) => /\/media\/([0-9a-f-]{36})$/.exec(url)![1]!;

  /** The product row's picture is the gallery's first, and the read's imageUrl is its address. */
  async function expectFirstMirrored(productId: string, images: ProductImage[]) {
    const row = await productRow(productId);
    expect(row.mediaId).toBe(mediaIdIn(images[0]!.url));
    expect(row.imageUrl).toBeNull();
    const product = await single(productId);
    expect(product.imageUrl).toBe(images[0]!.url);
    expect(product.imageurl).toBe(images[0]!.url);
  }

  it('a new product has its one picture as the gallery, with the existing fields unchanged', async () => {
    const product = await newProduct();
    const read = await single(product._id);
    expect(read.imageUrl).toMatch(new RegExp(`^${TEST_SITE_URL}/media/[0-9a-f-]{36}$`));
    expect(read.images).toEqual([
      { _id: expect.any(String), url: read.imageUrl, alt: '', altHi: '', width: 300, height: 200 },
    ]);
    for (const key of ['_id', 'name', 'code', 'price', 'imageurl', 'cloudinaryId', 'createdAt'])
      expect(read).toHaveProperty(key);
  });

  it('keeps the order and the alt texts in both languages through the API', async () => {
    const product = await newProduct();
    const second = await addPicture(product._id, { alt: 'Side view', altHi: 'बगल से' });
    expect(second.statusCode).toBe(201);
    expect(second.json<GallerySaved>().message).toBe('Picture added');
    const third = await addPicture(product._id, { alt: 'Worn' }, [file(jpeg)]);
    const images = third.json<GallerySaved>().images;
    expect(images.map((i) => [i.alt, i.altHi, i.width, i.height])).toEqual([
      ['', '', 300, 200],
      ['Side view', 'बगल से', 120, 160],
      ['Worn', '', 300, 200],
    ]);
    expect(new Set(images.map((i) => i.url)).size).toBe(3);

    const [first, side, worn] = images;
    const saved = await setAlt(product._id, first!._id, { alt: '  Front view ', altHi: 'सामने से' });
    expect(saved.statusCode).toBe(200);
    const moved = await reorder(product._id, [worn!._id, first!._id, side!._id]);
    expect(moved.statusCode).toBe(200);

    // Read first after the write, by the id in capitals: the gallery is read with the product (one
    // JSON column), and answers exactly what the write answered from the gallery's own read.
    const read = await single(product._id.toUpperCase());
    expect(read.images).toEqual(moved.json<GallerySaved>().images);
    expect(read.images!.map((i) => [i._id, i.alt, i.altHi])).toEqual([
      [worn!._id, 'Worn', ''],
      [first!._id, 'Front view', 'सामने से'],
      [side!._id, 'Side view', 'बगल से'],
    ]);
    await expectFirstMirrored(product._id, read.images!);
  });

  it('first picture follows every add, reorder and remove', async () => {
    const product = await newProduct();
    const original = (await single(product._id)).images![0]!;
    const added = (await addPicture(product._id)).json<GallerySaved>().images;
    await expectFirstMirrored(product._id, added);
    expect(added[0]!._id).toBe(original._id);

    const swapped = (await reorder(product._id, [added[1]!._id, original._id])).json<GallerySaved>().images;
    expect(swapped[0]!._id).toBe(added[1]!._id);
    await expectFirstMirrored(product._id, swapped);

    const afterRemove = (await remove(product._id, swapped[0]!._id)).json<GallerySaved>().images;
    expect(afterRemove.map((i) => i._id)).toEqual([original._id]);
    await expectFirstMirrored(product._id, afterRemove);
    // The removed picture's file is gone: nothing else used it.
    const gone = await t.database.db
      .select()
      .from(media)
      .where(eq(media.id, mediaIdIn(swapped[0]!.url)));
    expect(gone).toEqual([]);

    const empty = await remove(product._id, original._id);
    expect(empty.json<GallerySaved>().images).toEqual([]);
    expect(await productRow(product._id)).toEqual({ mediaId: null, imageUrl: null });
    expect((await single(product._id)).imageUrl).toBeNull();
  });

  it('editing the product with a new image replaces the first picture and keeps the others', async () => {
    const product = await newProduct();
    const before = (await addPicture(product._id, { alt: 'Back' })).json<GallerySaved>().images;
    await setAlt(product._id, before[0]!._id, { alt: 'Old front' });
    const form = multipart({ ...FIELDS, code: product.code }, [file(png, 'new.png', 'image/png')]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/admin/${product._id}`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin.token) },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<ProductSaved>().product;
    const read = await single(product._id);
    expect(read.images).toHaveLength(2);
    expect(read.images![0]).toMatchObject({ url: updated.imageUrl, alt: '', width: 120, height: 160 });
    expect(read.images![1]).toMatchObject({ _id: before[1]!._id, alt: 'Back' });
    // The replaced picture's file went with it.
    const old = await t.database.db
      .select()
      .from(media)
      .where(eq(media.id, mediaIdIn(before[0]!.url)));
    expect(old).toEqual([]);
  });

  it('refuses a 13th picture and stores nothing for it', async () => {
    const product = await newProduct();
    for (let i = 2; i <= 12; i++) expect((await addPicture(product._id)).statusCode).toBe(201);
    const mediaBefore = (await t.database.db.select({ id: media.id }).from(media)).length;
    const res = await addPicture(product._id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'A product can have at most 12 pictures' });
    expect((await single(product._id)).images).toHaveLength(12);
    expect((await t.database.db.select({ id: media.id }).from(media)).length).toBe(mediaBefore);
  });

  it('refuses an order that is not exactly the set of pictures', async () => {
    const product = await newProduct();
    const images = (await addPicture(product._id)).json<GallerySaved>().images;
    const [a, b] = images.map((i) => i._id);
    for (const ids of [[a], [a, b, UNKNOWN], [a, a], [a, UNKNOWN], [], 'nope']) {
      const res = await reorder(product._id, ids);
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await reorder(product._id, [a, UNKNOWN])).json()).toMatchObject({
      message: "The order must list each of the product's pictures exactly once",
    });
    // Another product's picture is not one of this product's.
    const other = await newProduct();
    const otherFirst = (await single(other._id)).images![0]!._id;
    expect((await reorder(product._id, [a, otherFirst])).statusCode).toBe(400);
    expect((await single(product._id)).images!.map((i) => i._id)).toEqual([a, b]);
  });

  it('checks each upload as a product picture: type, size, missing file, alt text', async () => {
    const product = await newProduct();
    const wrongType = await addPicture(product._id, {}, [file(TEXT_FILE, 'x.jpg')]);
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ message: 'Only image files are allowed (JPEG, PNG, etc.)' });
    const huge = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await addPicture(product._id, {}, [file(huge)]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ message: 'Image size must be less than 5MB' });
    const none = await addPicture(product._id, {}, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'Please select a product image' });
    const longAlt = await addPicture(product._id, { alt: 'x'.repeat(301) });
    expect(longAlt.statusCode).toBe(400);
    expect(longAlt.json()).toMatchObject({ message: 'alt must be at most 300 characters' });
    const badAlt = await setAlt(product._id, (await single(product._id)).images![0]!._id, {
      altHi: 'a\u0000b',
    });
    expect(badAlt.statusCode).toBe(400);
    expect(badAlt.json()).toMatchObject({ message: 'altHi must not contain control characters' });
    expect((await single(product._id)).images).toHaveLength(1);
  });

  it('answers 404 for an unknown product or picture', async () => {
    const product = await newProduct();
    expect((await addPicture(UNKNOWN)).statusCode).toBe(404);
    expect((await addPicture('not-an-id')).statusCode).toBe(404);
    expect((await remove(product._id, UNKNOWN)).json()).toMatchObject({ message: 'Picture not found' });
    expect((await setAlt(product._id, 'nope', { alt: 'x' })).statusCode).toBe(404);
    expect((await reorder(UNKNOWN, [])).statusCode).toBe(404);
  });

  it('deleting a product removes every picture file of its gallery', async () => {
    const product = await newProduct();
    const images = (await addPicture(product._id)).json<GallerySaved>().images;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/admin/${product._id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    for (const image of images) {
      expect(
        await t.database.db
          .select()
          .from(media)
          .where(eq(media.id, mediaIdIn(image.url))),
      ).toEqual([]);
    }
    expect(
      await t.database.db.select().from(productImages).where(eq(productImages.productId, product._id)),
    ).toEqual([]);
  });

  it('listings carry the second picture only, and see gallery changes at once', async () => {
    const product = await newProduct();
    const page = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/products/paginated?page=1&limit=50' }))
        .json<ProductPage>()
        .products.find((p) => p._id === product._id)!;
    const before = await page();
    expect(before.secondImageUrl).toBeNull();
    expect(before).not.toHaveProperty('images');
    const images = (await addPicture(product._id)).json<GallerySaved>().images;
    expect((await page()).secondImageUrl).toBe(images[1]!.url);
    const newest = (await t.app.inject({ method: 'GET', url: '/api/products?limit=1' })).json<Product[]>();
    expect(newest[0]).toMatchObject({ _id: product._id, secondImageUrl: images[1]!.url });
    // A newer product of the same category lists it below itself, as a card with the same picture.
    const newer = await newProduct();
    const related = await t.app.services.catalogue.listRelated(newer, 4);
    expect(related[0]).toMatchObject({ _id: product._id, secondImageUrl: images[1]!.url });
    expect(related[0]).not.toHaveProperty('secondMediaId');
    expect(related[0]).not.toHaveProperty('secondUrl');
    expect(related[0]).not.toHaveProperty('images');
  });

  describe('authorisation', () => {
    const calls = [
      ['POST', `/api/products/admin/${UNKNOWN}/images`],
      ['PUT', `/api/products/admin/${UNKNOWN}/images/order`],
      ['PUT', `/api/products/admin/${UNKNOWN}/images/${UNKNOWN}`],
      ['DELETE', `/api/products/admin/${UNKNOWN}/images/${UNKNOWN}`],
    ] as const;

    it.each(calls)('%s %s is 401 without a session and 403 for a buyer', async (method, url) => {
      const anonymous = await t.app.inject({ method, url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ message: 'Unauthorized' });
      const asBuyer = await t.app.inject({ method, url, headers: bearer(buyer.token) });
      expect(asBuyer.statusCode).toBe(403);
      expect(asBuyer.json()).toMatchObject({ message: 'Forbidden' });
    });

    it('a buyer changes nothing', async () => {
      const product = await newProduct();
      expect((await addPicture(product._id, {}, undefined, buyer.token)).statusCode).toBe(403);
      const first = (await single(product._id)).images![0]!._id;
      expect((await reorder(product._id, [first], buyer.token)).statusCode).toBe(403);
      expect((await single(product._id)).images).toHaveLength(1);
    });
  });
});
