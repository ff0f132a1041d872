import { z } from 'zod';
import {
  FILTER_PARAMS,
  filteredPageSchema,
  readListingFilters,
  searchParamsOf,
  type FilteredPage,
} from '@catalogue/shared/schemas/listing-filters';
import { Answer } from './catalogue-cache.ts';
import type { BrowseInput } from './catalogue-scopes.ts';

const param = z.union([z.string(), z.array(z.string())]).optional();

/** The listing endpoints' filter parameters: `?metal=a,b&stone=kundan&sort=name`, and `facets=1`. */
export const filterQueryShape = {
  metal: param,
  finish: param,
  stone: param,
  colour: param,
  sort: param,
  /** `facets=1` asks for the counts of a listing without any filter. */
  facets: param,
};

type Reader = { browse(input: BrowseInput): Promise<FilteredPage> };
type Known = Parameters<typeof readListingFilters>[1];

/**
 * A filtered page when the query names a filter, a sort or `facets=1`; null otherwise, and the
 * listing answers exactly as it always has. Unknown values are ignored, never an error.
 */
export async function filteredAnswer(
  reader: Reader,
  known: () => Promise<Known>,
  query: Record<string, unknown>,
  input: Omit<BrowseInput, 'filters'>,
): Promise<Answer<FilteredPage> | null> {
  const isAsked = FILTER_PARAMS.some((name) => query[name] !== undefined) || query.facets !== undefined;
  if (!isAsked) return null;
  const filters = readListingFilters(searchParamsOf(query), await known());
  return new Answer(await reader.browse({ ...input, filters }), filteredPageSchema);
}
