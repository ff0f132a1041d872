import { describe, expect, it } from 'vitest';
import { noFilters } from '@catalogue/shared/schemas/listing-filters';
import { FacetIndex } from './facet-index.ts';

/** Five products newest first (p1 newest), two metals; expected answers written by hand. */
const index = new FacetIndex({
  products: ['p1', 'p2', 'p3', 'p4', 'p5'].map((id, i) => ({
    id,
    category: i < 3 ? 'Rings' : 'Earrings',
    subcategory: 'withgemstone',
    name: `Design ${'EDCBA'[i]}`,
    requestCount: i,
  })),
  values: [
    { id: 'v-brass', kind: 'metal', slug: 'brass', labelEn: 'Brass', labelHi: 'पीतल' },
    { id: 'v-silver', kind: 'metal', slug: 'sterling-silver', labelEn: 'Silver', labelHi: 'चाँदी' },
  ],
  links: [
    { productId: 'p1', valueId: 'v-brass' },
    { productId: 'p2', valueId: 'v-silver' },
    { productId: 'p3', valueId: 'v-brass' },
    { productId: 'p5', valueId: 'v-brass' },
  ],
});

const query = (within: string[] | undefined, selected = noFilters().selected, sort = 'newest' as const) =>
  index.query({ scope: within ? { within } : {}, selected, sort, offset: 0, limit: 10 });

describe('FacetIndex within given products (search results)', () => {
  it('keeps the given order for the default sort and counts only those products', () => {
    const answer = query(['p5', 'p2', 'p1', 'gone']);
    expect(answer.ids).toEqual(['p5', 'p2', 'p1']);
    expect(answer.total).toBe(3);
    expect(answer.facets.metal.map((v) => [v.slug, v.count])).toEqual([
      ['brass', 2],
      ['sterling-silver', 1],
    ]);
  });

  it('filters within them, and sorts by name when asked', () => {
    const brass = { ...noFilters().selected, metal: ['brass'] };
    expect(query(['p5', 'p2', 'p1'], brass).ids).toEqual(['p5', 'p1']);
    expect(
      index.query({
        scope: { within: ['p1', 'p3', 'p5'] },
        selected: brass,
        sort: 'name',
        offset: 0,
        limit: 10,
      }).ids,
    ).toEqual(['p5', 'p3', 'p1']);
  });

  it('still limits to a category when one is given too, and pages within the order', () => {
    const answer = index.query({
      scope: { category: 'Rings', within: ['p5', 'p3', 'p2', 'p1'] },
      selected: noFilters().selected,
      sort: 'newest',
      offset: 1,
      limit: 1,
    });
    expect(answer.ids).toEqual(['p2']);
    expect(answer.total).toBe(3);
  });

  it('answers newest first without given products, as every listing does', () => {
    expect(query(undefined).ids).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });
});
