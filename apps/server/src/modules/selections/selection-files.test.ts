import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertMedia, insertProduct } from '../../../test/buyer-fixtures.ts';

describe("a selection link's files", () => {
  let t: TestApp;
  let admin: TestUser;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_SELECTION_LINK: '1000' });
    admin = await createUser(t.database, { role: 'admin' });
    const colours = ['#c0392b', '#2980b9', '#27ae60', '#8e44ad', '#f39c12', '#16a085', '#d35400'];
    const ids: string[] = [];
    for (const [i, colour] of colours.entries()) {
      const mediaId = await insertMedia(t.database, t.app.services.mediaStore, colour);
      ids.push((await insertProduct(t.database, { name: `Polki Set ${i}`, code: `PS-${i}`, mediaId })).id);
    }
    // One design without a picture of ours: its code is drawn instead, nothing is fetched.
    ids.push(
      (await insertProduct(t.database, { code: 'EXT-1', imageUrl: 'https://images.example.com/x.jpg' })).id,
    );
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/selections',
      headers: bearer(admin.token),
      payload: { title: 'Bridal sets', productIds: ids },
    });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/selections/${made.json().selection._id}/links`,
      headers: bearer(admin.token),
      payload: { recipient: { name: 'Meera' } },
    });
    token = link.json().link.token;
  });
  afterAll(() => t.close());

  it('the preview is a 1200×630 JPEG of at most 250 KB showing the first designs, made once and kept', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/s/${token}/preview.jpg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const body = res.rawPayload;
    expect(body.length).toBeLessThanOrEqual(250 * 1024);
    const info = await sharp(body).metadata();
    expect(info).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // The first tile is the first design's red picture, the second the blue one's.
    const { data } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
    const [r1, g1, b1] = pixel(200, 160);
    expect(r1).toBeGreaterThan(150);
    expect(g1).toBeLessThan(100);
    expect(b1).toBeLessThan(100);
    const [r2, , b2] = pixel(600, 160);
    expect(b2).toBeGreaterThan(150);
    expect(r2).toBeLessThan(100);
    const again = await t.app.inject({ method: 'GET', url: `/s/${token}/preview.jpg` });
    expect(again.rawPayload.equals(body)).toBe(true);
  });

  it('an unknown link has no preview (404)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/s/${'C'.repeat(43)}/preview.jpg` });
    expect(res.statusCode).toBe(404);
  });
});
