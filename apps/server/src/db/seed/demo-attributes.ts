import { sql } from 'drizzle-orm';
import type { Category } from '@catalogue/shared/domain/categories';
import type { Db } from '../client.ts';
import { attributeValues, productAttributes } from '../schema/products.ts';
import type { DemoProduct } from './demo-products.ts';
import { createRandom } from './images.ts';

/** Slugs of the default lists (migration 0005) that the demo products use, per kind. */
export type DemoAttributes = {
  metal: string[];
  finish: string[];
  stone: string[];
  colour: string[];
  weightGrams: string;
  minOrderQuantity: number;
  tags: string[];
};

const WEIGHT: Record<Category, [number, number]> = {
  Rings: [3, 9],
  Bracelets: [14, 42],
  Earrings: [6, 22],
  Necklaces: [24, 85],
  Pendants: [4, 14],
};

const BY_METAL: Record<string, { metal: string; finishes: string[]; colour: string }> = {
  Brass: { metal: 'brass', finishes: ['gold-plated', 'matte'], colour: 'gold' },
  '925 Sterling Silver': {
    metal: 'sterling-silver',
    finishes: ['rhodium-plated', 'silver-plated'],
    colour: 'silver',
  },
  'Rose Gold Plated': { metal: 'brass', finishes: ['rose-gold-plated'], colour: 'pink' },
  'Oxidised Silver': { metal: 'sterling-silver', finishes: ['oxidised'], colour: 'black' },
};

const BY_GEM: Record<string, { stones: string[]; colour: string }> = {
  Ruby: { stones: ['kundan', 'cubic-zirconia'], colour: 'red' },
  Emerald: { stones: ['kundan', 'semi-precious'], colour: 'green' },
  Sapphire: { stones: ['cubic-zirconia', 'semi-precious'], colour: 'blue' },
  Amethyst: { stones: ['semi-precious', 'glass'], colour: 'multicolour' },
  Pearl: { stones: ['pearl', 'polki'], colour: 'white' },
  Turquoise: { stones: ['semi-precious', 'meenakari'], colour: 'blue' },
  Citrine: { stones: ['cubic-zirconia', 'polki'], colour: 'gold' },
};

/**
 * Believable attributes for a demo product: the metal and finish of its look, stones matching its
 * gemstone subcategory and colour, a weight in the range of its category, a minimum order and a
 * few tags from its name. Deterministic per product.
 */
export function demoAttributes(item: DemoProduct, index: number): DemoAttributes {
  const random = createRandom(9000 + index);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const metal = BY_METAL[item.look.metal.name]!;
  const gem = item.look.gem ? BY_GEM[item.look.gem.name] : undefined;
  const stones = gem
    ? [...new Set([pick(gem.stones), ...(random() < 0.3 ? [pick(gem.stones)] : [])])]
    : ['none'];
  const [low, high] = WEIGHT[item.category];
  const words = item.name.toLowerCase().split(' ');
  return {
    metal: [metal.metal],
    finish: [pick(metal.finishes)],
    stone: stones,
    colour: [...new Set([metal.colour, ...(gem ? [gem.colour] : [])])],
    weightGrams: (low + random() * (high - low)).toFixed(2),
    minOrderQuantity: pick([6, 12, 12, 24, 50]),
    tags: [...new Set([words[1]!, 'handmade', ...(item.category === 'Necklaces' ? ['bridal'] : [])])],
  };
}

/** Links products to list values by slug (values missing from the lists are skipped). */
export async function linkDemoAttributes(
  db: Db,
  links: Array<{ productId: string; attributes: DemoAttributes }>,
): Promise<void> {
  const values = await db
    .select({ id: attributeValues.id, kind: attributeValues.kind, slug: attributeValues.slug })
    .from(attributeValues);
  const idOf = new Map(values.map((v) => [`${v.kind}/${v.slug}`, v.id]));
  const rows = links.flatMap(({ productId, attributes }) =>
    (['metal', 'finish', 'stone', 'colour'] as const).flatMap((kind) =>
      attributes[kind].flatMap((slug) => {
        const valueId = idOf.get(`${kind}/${slug}`);
        return valueId ? [{ productId, valueId }] : [];
      }),
    ),
  );
  if (rows.length) await db.insert(productAttributes).values(rows).onConflictDoNothing();
}

/**
 * Attributes for the bulk benchmark products `BX-<from>`…`BX-<to>` in set-based SQL: a metal, a
 * finish, a stone matching the subcategory and one or two colours, chosen from the code's hash.
 */
export async function linkBulkAttributes(db: Db, codes: { from: number; to: number }): Promise<void> {
  const pickOne = (kind: string, where = sql`TRUE`, salt = 0) => sql`
    INSERT INTO ${productAttributes} (product_id, value_id)
    SELECT p.id, ids[1 + ((abs(hashtext(p.code)) / ${1 + salt * 7}) % cardinality(ids))]
    FROM generate_series(${codes.from}::int, ${codes.to}::int) AS g
    JOIN products p ON lower(p.code) = lower('BX-' || lpad(g::text, 7, '0')),
    LATERAL (SELECT array_agg(id ORDER BY position) AS ids FROM ${attributeValues}
             WHERE kind = ${kind} AND ${where}) v
    WHERE cardinality(ids) > 0
    ON CONFLICT DO NOTHING`;
  await db.execute(pickOne('metal'));
  await db.execute(pickOne('finish', sql`TRUE`, 1));
  await db.execute(sql`
    INSERT INTO ${productAttributes} (product_id, value_id)
    SELECT p.id, CASE WHEN p.subcategory = 'withgemstone'
        THEN gems[1 + (abs(hashtext(p.code)) % cardinality(gems))] ELSE plain END
    FROM generate_series(${codes.from}::int, ${codes.to}::int) AS g
    JOIN products p ON lower(p.code) = lower('BX-' || lpad(g::text, 7, '0')),
    LATERAL (SELECT array_agg(id ORDER BY position) FILTER (WHERE slug <> 'none') AS gems,
                    min(id::text) FILTER (WHERE slug = 'none')::uuid AS plain
             FROM ${attributeValues} WHERE kind = 'stone') v
    WHERE (p.subcategory = 'withgemstone' AND cardinality(gems) > 0) OR (p.subcategory <> 'withgemstone' AND plain IS NOT NULL)
    ON CONFLICT DO NOTHING`);
  await db.execute(pickOne('colour', sql`TRUE`, 2));
  await db.execute(pickOne('colour', sql`TRUE`, 3));
}
