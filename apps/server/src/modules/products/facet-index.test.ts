import { describe, expect, it } from 'vitest';
import { noFilters } from '@catalogue/shared/schemas/listing-filters';
import { FacetIndex } from './facet-index.ts';

/** Product ids are UUIDs, as in the catalogue: `p(1)` is 00000000-0000-4000-8000-000000000001. */
const p = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Five products newest first (p(1) newest), two metals; expected answers written by hand. */
const metals = [[0], [1], [0], [], [0]]; // brass, silver, brass, none, brass
const index = new FacetIndex({
  products: [1, 2, 3, 4, 5].map((n, i) => ({
    id: p(n),
    category: i < 3 ? 'Rings' : 'Earrings',
    subcategory: 'withgemstone',
    name: `Design ${'EDCBA'[i]}`,
    requestCount: i,
    valuePositions: metals[i]!,
  })),
  values: [
    { kind: 'metal', slug: 'brass', labelEn: 'Brass', labelHi: 'पीतल' },
    { kind: 'metal', slug: 'sterling-silver', labelEn: 'Silver', labelHi: 'चाँदी' },
  ],
});

const query = (within: string[] | undefined, selected = noFilters().selected, sort = 'newest' as const) =>
  index.query({ scope: within ? { within } : {}, selected, sort, offset: 0, limit: 10 });

describe('FacetIndex within given products (search results)', () => {
  it('keeps the given order for the default sort and counts only those products', () => {
    const answer = query([p(5), p(2), p(1), '00000000-0000-4000-8000-999999999999', 'not-an-id']);
    expect(answer.ids).toEqual([p(5), p(2), p(1)]);
    expect(answer.total).toBe(3);
    expect(answer.facets.metal.map((v) => [v.slug, v.count])).toEqual([
      ['brass', 2],
      ['sterling-silver', 1],
    ]);
  });

  it('filters within them, and sorts by name when asked', () => {
    const brass = { ...noFilters().selected, metal: ['brass'] };
    expect(query([p(5), p(2), p(1)], brass).ids).toEqual([p(5), p(1)]);
    expect(
      index.query({
        scope: { within: [p(1), p(3), p(5)] },
        selected: brass,
        sort: 'name',
        offset: 0,
        limit: 10,
      }).ids,
    ).toEqual([p(5), p(3), p(1)]);
  });

  it('still limits to a category when one is given too, and pages within the order', () => {
    const answer = index.query({
      scope: { category: 'Rings', within: [p(5), p(3), p(2), p(1)] },
      selected: noFilters().selected,
      sort: 'newest',
      offset: 1,
      limit: 1,
    });
    expect(answer.ids).toEqual([p(2)]);
    expect(answer.total).toBe(3);
  });

  it('answers newest first without given products, as every listing does', () => {
    expect(query(undefined).ids).toEqual([p(1), p(2), p(3), p(4), p(5)]);
  });
});
