import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import type { FacetIndex } from './facet-index.ts';
import { readFacetVersion } from './facets.repository.ts';
import { LiveFacetIndex } from './facets.service.ts';

const settle = () => new Promise((r) => setTimeout(r, 5));

describe('LiveFacetIndex refresh', () => {
  const harness = (versions: string[]) => {
    let builds = 0;
    let checks = 0;
    const live = new LiveFacetIndex(
      async () => {
        builds++;
        return { build: builds } as unknown as FacetIndex;
      },
      async () => versions[Math.min(checks++, versions.length - 1)]!,
      1,
    );
    return { live, builds: () => builds };
  };

  it('keeps the index when the version it was built from has not changed', async () => {
    const h = harness(['v1']);
    const first = await h.live.current();
    expect(h.builds()).toBe(1);
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 3));
      expect(await h.live.current()).toBe(first);
      await settle();
    }
    expect(h.builds()).toBe(1);
  });

  it('rebuilds in the background when the version changed, answering with the old index meanwhile', async () => {
    const h = harness(['v1', 'v2']);
    const first = await h.live.current();
    await new Promise((r) => setTimeout(r, 3));
    expect(await h.live.current()).toBe(first);
    await settle();
    expect(h.builds()).toBe(2);
    expect(await h.live.current()).not.toBe(first);
  });

  it('waits for a rebuild after an invalidation', async () => {
    const h = harness(['v1']);
    const first = await h.live.current();
    h.live.invalidate();
    const next = await h.live.current();
    expect(next).not.toBe(first);
    expect(h.builds()).toBe(2);
  });
});

describe('readFacetVersion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.database.db.execute(sql`
      INSERT INTO products (name, description, category, subcategory, code)
      SELECT 'Design ' || i, 'd', 'Rings', 'withgemstone', 'VER-' || i FROM generate_series(1, 3) AS i`);
    await t.database.db.execute(sql`
      INSERT INTO product_attributes (product_id, value_id)
      SELECT p.id, av.id FROM products p, attribute_values av WHERE av.kind = 'metal' AND av.slug = 'brass'`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('changes with a request count, a list value label and a product–value link, and not otherwise', async () => {
    const db = t.database.db;
    const before = await readFacetVersion(db);
    expect(await readFacetVersion(db)).toBe(before);

    await db.execute(sql`UPDATE products SET request_count = request_count + 1
      WHERE id = (SELECT id FROM products ORDER BY id LIMIT 1)`);
    const afterRequest = await readFacetVersion(db);
    expect(afterRequest).not.toBe(before);

    await db.execute(sql`UPDATE attribute_values SET label_en = label_en || ' (renamed)'
      WHERE id = (SELECT id FROM attribute_values ORDER BY id LIMIT 1)`);
    const afterLabel = await readFacetVersion(db);
    expect(afterLabel).not.toBe(afterRequest);

    await db.execute(sql`DELETE FROM product_attributes
      WHERE (product_id, value_id) = (SELECT product_id, value_id FROM product_attributes ORDER BY 1, 2 LIMIT 1)`);
    expect(await readFacetVersion(db)).not.toBe(afterLabel);
  });
});
