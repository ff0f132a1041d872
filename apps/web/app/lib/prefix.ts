import { splitPathPrefix } from '@catalogue/shared/domain/locales';

/** The site language a path renders in: Hindi under `/hi`, English otherwise. */
export function languageOfPath(pathname: string) {
  return splitPathPrefix(pathname).language;
}

/** Keeps the visitor's locale or language prefix on an internal link. */
export function withPrefix(currentPathname: string, to: string): string {
  const { prefix } = splitPathPrefix(currentPathname);
  if (!prefix || !to.startsWith('/')) return to;
  return to === '/' ? `/${prefix}` : `/${prefix}${to}`;
}
