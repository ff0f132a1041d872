import { splitPathPrefix } from '@catalogue/shared/domain/locales';

/** Paths of the administration screens (spec §2.2); only they need the `admin` texts. */
const ADMIN_PATH =
  /^\/(dashboard|addproduct|orderlist|product-list|userview|uploadblog|blog-list|excelfile|admin)(\/|$)/i;

export function isAdminPath(pathname: string): boolean {
  return ADMIN_PATH.test(splitPathPrefix(pathname).rest);
}

/** Namespaces a storefront page never uses (`admin`, `admin-*`), so they stay out of its HTML. */
const isAdminNamespace = (ns: string) => ns === 'admin' || ns.startsWith('admin-');

/** The texts a page receives: everything, less the administration texts outside the admin area. */
export function scopeTexts<T extends Record<string, unknown>>(texts: T, pathname: string): T {
  if (isAdminPath(pathname)) return texts;
  return Object.fromEntries(Object.entries(texts).filter(([ns]) => !isAdminNamespace(ns))) as T;
}
