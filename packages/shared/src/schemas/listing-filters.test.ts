import { describe, expect, it } from 'vitest';
import {
  clearFacets,
  isFilteredListing,
  readListingFilters,
  toggleFacetValue,
  withListingFilters,
} from './listing-filters.ts';

const known = {
  metal: ['brass', 'sterling-silver', 'copper'],
  finish: ['gold-plated'],
  stone: ['kundan', 'pearl'],
  colour: ['red'],
};
const read = (query: string, withKnown = true) =>
  readListingFilters(new URLSearchParams(query), withKnown ? known : undefined);

describe('listing filters in the URL', () => {
  it('reads comma lists and repeated parameters, lower-cased, without duplicates', () => {
    const f = read('metal=Brass,sterling-silver&metal=brass&stone=kundan&sort=name&page=2');
    expect(f.selected).toEqual({
      metal: ['brass', 'sterling-silver'],
      finish: [],
      stone: ['kundan'],
      colour: [],
    });
    expect(f.sort).toBe('name');
    expect(isFilteredListing(f)).toBe(true);
  });

  it('ignores unknown values, malformed ones and an unknown sort', () => {
    const f = read('metal=gold,brass,%3Cscript%3E,,&stone=../etc&colour=RED &sort=price');
    expect(f.selected).toEqual({ metal: ['brass'], finish: [], stone: [], colour: ['red'] });
    expect(f.sort).toBe('newest');
    // Without lists to check against, well-formed slugs are kept and malformed ones still dropped.
    expect(read('metal=gold,a_b,x--y,ok-1', false).selected.metal).toEqual(['gold', 'ok-1']);
  });

  it('keeps at most 20 values of a facet and no over-long slug', () => {
    const many = Array.from({ length: 30 }, (_, i) => `v${i}`).join(',');
    expect(read(`colour=${many}`, false).selected.colour).toHaveLength(20);
    expect(read(`colour=${'a'.repeat(41)},b`, false).selected.colour).toEqual(['b']);
  });

  it('treats the default page as unfiltered', () => {
    expect(isFilteredListing(read(''))).toBe(false);
    expect(isFilteredListing(read('sort=newest&page=3&filter=with'))).toBe(false);
    expect(isFilteredListing(read('sort=requested'))).toBe(true);
  });

  it('writes filters in one order, keeps other parameters and drops the page', () => {
    const base = new URLSearchParams('q=jhumka&page=3&stone=pearl&filter=with');
    const f = toggleFacetValue(read('stone=pearl&sort=requested'), 'metal', 'copper');
    expect(withListingFilters(base, f).toString()).toBe(
      'q=jhumka&filter=with&metal=copper&stone=pearl&sort=requested',
    );
    const off = toggleFacetValue(f, 'stone', 'pearl');
    expect(withListingFilters(base, off).toString()).toBe('q=jhumka&filter=with&metal=copper&sort=requested');
    expect(withListingFilters(base, clearFacets(f)).toString()).toBe('q=jhumka&filter=with&sort=requested');
  });
});
