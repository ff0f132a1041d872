import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { insertProduct } from '../../../test/buyer-fixtures.ts';
import { seedDemoSelection } from './demo-selection.ts';

describe('the demo selection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is made once, for the first administrator, and its link opens the newest designs without prices', async () => {
    expect(await seedDemoSelection(t.database.db, 'http://localhost:3000')).toBeNull(); // no admin yet
    await createUser(t.database, { role: 'admin' });
    expect(await seedDemoSelection(t.database.db, 'http://localhost:3000')).toBeNull(); // no product yet
    for (let i = 0; i < 14; i++) await insertProduct(t.database, { code: `DS-${i}`, name: `Demo ${i}` });

    const made = await seedDemoSelection(t.database.db, 'http://localhost:3000/');
    expect(made?.url).toMatch(/^http:\/\/localhost:3000\/s\/[A-Za-z0-9_-]{22,}$/);
    const token = made!.url.split('/s/')[1]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/s/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    const { selection } = res.json<{
      selection: { title: string; designs: Array<Record<string, unknown>> };
    }>();
    expect(selection.title).toBe('New this season: silver and brass');
    expect(selection.designs).toHaveLength(12);
    for (const design of selection.designs) expect(design).not.toHaveProperty('price');

    expect(await seedDemoSelection(t.database.db, 'http://localhost:3000')).toBeNull(); // once
  });
});
