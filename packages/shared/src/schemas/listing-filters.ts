import { z } from 'zod';
import { LISTING_SORTS } from '../domain/listing-filters.ts';
import { productSchema } from './product.ts';

/** The URL rules (readListingFilters and the rest) are zod-free, in domain/; importers of this module keep them. */
export * from '../domain/listing-filters.ts';

export const facetValueSchema = z.object({
  slug: z.string(),
  label: z.string(),
  labelHi: z.string(),
  /** Products of the listing with this value, under every other facet's selection. */
  count: z.number().int(),
  selected: z.boolean(),
});
export type FacetValue = z.infer<typeof facetValueSchema>;

export const facetsSchema = z.object({
  metal: z.array(facetValueSchema),
  finish: z.array(facetValueSchema),
  stone: z.array(facetValueSchema),
  colour: z.array(facetValueSchema),
});
export type Facets = z.infer<typeof facetsSchema>;

/** A filtered listing page: the usual page object plus the facets and the applied sort. */
export const filteredPageSchema = z.object({
  products: z.array(productSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  facets: facetsSchema,
  sort: z.enum(LISTING_SORTS),
});
export type FilteredPage = z.infer<typeof filteredPageSchema>;
