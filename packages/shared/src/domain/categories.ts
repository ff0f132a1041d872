/** The five product categories, in the order the menus show them. */
export const CATEGORIES = ['Rings', 'Bracelets', 'Earrings', 'Necklaces', 'Pendants'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SUBCATEGORIES = ['withgemstone', 'withoutgemstone'] as const;
export type Subcategory = (typeof SUBCATEGORIES)[number];

/** Listing filter tabs: `with` = withgemstone, `without` = withoutgemstone, anything else = all. */
export const CATEGORY_FILTERS = ['all', 'with', 'without'] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

const CATEGORY_BY_KEY = new Map<string, Category>(
  CATEGORIES.flatMap((c) => [
    [c.toLowerCase(), c],
    [c.toLowerCase().replace(/s$/, ''), c],
  ]),
);

/** Case-insensitive; singular names map to plural (`ring` → `Rings`). Unknown → null. */
export function parseCategory(input: string | null | undefined): Category | null {
  if (typeof input !== 'string') return null;
  return CATEGORY_BY_KEY.get(input.trim().toLowerCase()) ?? null;
}

/** Case-insensitive match of `withgemstone` / `withoutgemstone`. Unknown → null. */
export function parseSubcategory(input: string | null | undefined): Subcategory | null {
  if (typeof input !== 'string') return null;
  const key = input.trim().toLowerCase();
  return (SUBCATEGORIES as readonly string[]).includes(key) ? (key as Subcategory) : null;
}

export function subcategoryForFilter(filter: string | null | undefined): Subcategory | null {
  if (filter === 'with') return 'withgemstone';
  if (filter === 'without') return 'withoutgemstone';
  return null;
}

/** Singular forms that the old site linked to and that redirect (301) to the plural. */
export const SINGULAR_CATEGORY_REDIRECTS: Record<string, Category> = {
  Pendant: 'Pendants',
  Ring: 'Rings',
  Bracelet: 'Bracelets',
  Earring: 'Earrings',
  Necklace: 'Necklaces',
};
