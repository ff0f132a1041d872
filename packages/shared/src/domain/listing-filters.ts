import {
  ATTRIBUTE_KINDS,
  ATTRIBUTE_SLUG_MAX,
  ATTRIBUTE_SLUG_RE,
  type AttributeKind,
} from './attribute-kinds.ts';

/*
 * The listing filters' URL rules without the schemas of filtered pages (`schemas/listing-filters.ts`,
 * which re-exports these): the storefront's shell imports this module and builds no schema when it
 * loads.
 */

/**
 * The filters and sort of a listing, kept in its URL: `?metal=brass,sterling-silver&stone=kundan
 * &sort=name&page=2`. Several values of one facet mean any of them (OR); facets combine with AND.
 */
export const LISTING_SORTS = ['newest', 'name', 'requested'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const DEFAULT_SORT: ListingSort = 'newest';

/** Values read per facet from a URL; more are ignored (no list holds that many worth combining). */
export const MAX_FILTER_VALUES = 20;

export type FacetSelection = Record<AttributeKind, string[]>;
export type ListingFilters = { selected: FacetSelection; sort: ListingSort };

/** The query parameters a listing reads besides `page`: one per facet, and `sort`. */
export const FILTER_PARAMS = [...ATTRIBUTE_KINDS, 'sort'] as const;

export const noFilters = (): ListingFilters => ({
  selected: { metal: [], finish: [], stone: [], colour: [] },
  sort: DEFAULT_SORT,
});

type Known = Partial<Record<AttributeKind, ReadonlySet<string> | readonly string[]>>;

const isKnown = (known: Known | undefined, kind: AttributeKind, slug: string) => {
  const list = known?.[kind];
  if (!list) return true;
  return 'has' in list ? list.has(slug) : list.includes(slug);
};

/**
 * The filters of a listing URL. A facet may be given as `metal=a,b` or `metal=a&metal=b`; values
 * are lower-cased, duplicates and malformed ones dropped, at most MAX_FILTER_VALUES kept, and, when
 * `known` lists a facet's values, values not in it are ignored. An unknown `sort` is the default.
 */
export function readListingFilters(search: URLSearchParams, known?: Known): ListingFilters {
  const filters = noFilters();
  for (const kind of ATTRIBUTE_KINDS) {
    const values = search
      .getAll(kind)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim().toLowerCase())
      .filter((v) => v.length <= ATTRIBUTE_SLUG_MAX && ATTRIBUTE_SLUG_RE.test(v) && isKnown(known, kind, v));
    filters.selected[kind] = [...new Set(values)].slice(0, MAX_FILTER_VALUES);
  }
  const sort = search.get('sort')?.trim().toLowerCase();
  filters.sort = (LISTING_SORTS as readonly string[]).includes(sort ?? '')
    ? (sort as ListingSort)
    : DEFAULT_SORT;
  return filters;
}

/** Whether any facet value is chosen. */
export const hasFacetSelection = (filters: ListingFilters) =>
  ATTRIBUTE_KINDS.some((kind) => filters.selected[kind].length > 0);

/** Whether the listing differs from its plain page (a filter or a sort other than newest). */
export const isFilteredListing = (filters: ListingFilters) =>
  hasFacetSelection(filters) || filters.sort !== DEFAULT_SORT;

/**
 * `base` with the filters written in one order (facets, then sort), every other parameter of
 * `base` kept (a search text, a category tab) and the page number dropped: a change of filters
 * starts at page 1.
 */
export function withListingFilters(base: URLSearchParams, filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of [...FILTER_PARAMS, 'page']) params.delete(name);
  for (const kind of ATTRIBUTE_KINDS) {
    if (filters.selected[kind].length) params.set(kind, filters.selected[kind].join(','));
  }
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  return params;
}

/** The filters with one value of one facet added or removed. */
export function toggleFacetValue(filters: ListingFilters, kind: AttributeKind, slug: string): ListingFilters {
  const current = filters.selected[kind];
  const next = current.includes(slug) ? current.filter((s) => s !== slug) : [...current, slug];
  return { ...filters, selected: { ...filters.selected, [kind]: next } };
}

/** The filters without any facet value (the sort is kept). */
export const clearFacets = (filters: ListingFilters): ListingFilters => ({
  ...noFilters(),
  sort: filters.sort,
});

/** A listing API query string's parameters as URLSearchParams (Fastify gives arrays for repeats). */
export function searchParamsOf(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of [value].flat()) if (typeof v === 'string') params.append(name, v);
  }
  return params;
}
