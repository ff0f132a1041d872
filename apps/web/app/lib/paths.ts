import { withPrefix } from '~/lib/prefix';

/** The product page of one product, without a locale prefix. */
export const productPath = (id: string) => `/singleproduct/${encodeURIComponent(id)}`;

/** `/category/Rings` or `/category/Rings/withgemstone`, without a locale prefix. */
export function categoryPath(category: string, subcategory?: string): string {
  return `/category/${encodeURIComponent(category)}${subcategory ? `/${encodeURIComponent(subcategory)}` : ''}`;
}

/** `/login?from=…` under the visitor's prefix; `from` is where to come back to, query included. */
export function loginPath(currentPathname: string, from: string): string {
  return withPrefix(currentPathname, `/login?from=${encodeURIComponent(from)}`);
}

/**
 * The signed `excelFilePath` (`/uploads/Quotation_{n}.xlsx?sig=...`) as a link the browser can
 * follow: the server serves it under `/api/orders/download`. Null when no file.
 */
export function quotationHref(excelFilePath: string | null | undefined): string | null {
  const path = excelFilePath?.trim();
  if (!path) return null;
  return path.startsWith('/uploads/') ? `/api/orders/download/${path.slice('/uploads/'.length)}` : path;
}
