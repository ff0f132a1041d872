import type { Category, Subcategory } from '@catalogue/shared/domain/categories';
import { withPrefix } from '~/lib/prefix';
import { categoryPath, productPath } from '~/lib/paths';

type Texts = Record<string, unknown>;

function textAt(texts: Texts, path: readonly string[]): string | null {
  const value = path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    texts,
  );
  return typeof value === 'string' ? value : null;
}

export type Crumb = { name: string; path: string };

/**
 * Home › category › subcategory or product, in the page's language and under its prefix, for the
 * BreadcrumbList structured data of category and product pages. `texts` are the root loader's
 * texts (all namespaces of the language), which is what a `meta` function can reach.
 */
export function catalogueCrumbs(
  texts: Texts,
  pathname: string,
  trail: { category: Category; subcategory?: Subcategory | null; product?: { _id: string; name: string } },
): Crumb[] {
  const home = textAt(texts, ['catalogue', 'detail', 'home']) ?? 'Home';
  const category = textAt(texts, ['catalogue', 'categories', trail.category]) ?? trail.category;
  const crumbs: Crumb[] = [
    { name: home, path: withPrefix(pathname, '/') },
    { name: category, path: withPrefix(pathname, categoryPath(trail.category)) },
  ];
  if (trail.subcategory) {
    const title =
      textAt(texts, ['catalogue', 'subcategory', 'titles', trail.category, trail.subcategory]) ?? category;
    crumbs.push({ name: title, path: withPrefix(pathname, categoryPath(trail.category, trail.subcategory)) });
  }
  if (trail.product) {
    crumbs.push({ name: trail.product.name, path: withPrefix(pathname, productPath(trail.product._id)) });
  }
  return crumbs;
}
