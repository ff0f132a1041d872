import {
  parseCategory,
  parseSubcategory,
  subcategoryForFilter,
  type Subcategory,
} from '@catalogue/shared/domain/categories';
import { MAX_PAGE_LIMIT, MAX_SEARCH_LENGTH } from '@catalogue/shared/domain/limits';
import { AppError } from '@catalogue/shared/errors';
import type { ListingFilters } from '@catalogue/shared/schemas/listing-filters';
import type { FacetScope } from './facet-index.ts';
import type { Scope } from './products.repository.ts';

export type ListPageInput = { page: number; limit: number };

export type BrowseInput = ListPageInput & {
  category?: string;
  subcategory?: string;
  /** A category page's gemstone tab: with, without, or all. */
  filter?: string | null;
  filters: ListingFilters;
  /** Only these products (search results), in this order for the default sort. */
  within?: readonly string[];
};

export const clampPage = (n: number) => (Number.isSafeInteger(n) && n >= 1 ? n : 1);
export const clampLimit = (n: number, fallback: number) =>
  Number.isSafeInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE_LIMIT) : fallback;

/**
 * Trimmed search text, or a 400. Control characters are refused here: PostgreSQL text cannot hold
 * NUL, and no product name or code contains any of them.
 */
export function checkSearchText(raw: string): string {
  const text = raw.trim();
  if ([...text].length > MAX_SEARCH_LENGTH) {
    throw new AppError('BAD_REQUEST', `search must be at most ${MAX_SEARCH_LENGTH} characters`);
  }
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(text)) {
    throw new AppError('BAD_REQUEST', 'search must not contain control characters');
  }
  return text;
}

/** A listing's part of a cache key. */
export const scopeKey = (scope: Scope) => `${scope.category ?? '*'}/${scope.subcategory ?? '*'}`;

/** Category pages: unknown names answer an empty page (the storefront shows 'No Products Found'). */
export function categoryScope(category: string, subcategory: Subcategory | null): Scope | null {
  const parsed = parseCategory(category);
  if (!parsed) return null;
  return subcategory ? { category: parsed, subcategory } : { category: parsed };
}

/** A category page's scope: its `filter` picks the gemstone subcategory (categoryPage, listCategoryPage). */
export function filteredScopeOf(input: { category: string; filter?: string | null }): Scope | null {
  return categoryScope(input.category, subcategoryForFilter(input.filter));
}

export function subcategoryScopeOf(input: { category: string; subcategory: string }): Scope | null {
  const subcategory = parseSubcategory(input.subcategory);
  return subcategory ? categoryScope(input.category, subcategory) : null;
}

export function scopeOfBrowse(input: Omit<BrowseInput, 'page' | 'limit'>): Scope | null {
  if (input.category === undefined) return {};
  return input.subcategory === undefined
    ? filteredScopeOf({ category: input.category, filter: input.filter ?? null })
    : subcategoryScopeOf({ category: input.category, subcategory: input.subcategory });
}

export function facetScopeOf(input: Omit<BrowseInput, 'page' | 'limit'>): FacetScope {
  const scope = scopeOfBrowse(input) ?? { none: true };
  return input.within ? { ...scope, within: input.within } : scope;
}
