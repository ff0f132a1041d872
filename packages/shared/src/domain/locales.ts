/** URL prefixes: regional locales and language codes. */
export const LOCALES = ['en-in', 'en-gb', 'en-us', 'fr-fr', 'en-uk', 'en-ca', 'en-ae'] as const;
export type Locale = (typeof LOCALES)[number];

export const LANGUAGE_PREFIXES = ['en', 'hi', 'fr', 'de', 'es', 'it', 'pt'] as const;
export type LanguagePrefix = (typeof LANGUAGE_PREFIXES)[number];

/** Languages with complete site texts. Other prefixes fall back to English texts. */
export const SITE_LANGUAGES = ['en', 'hi'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: SiteLanguage = 'en';

/** Languages offered by the page-translation widget. */
export const TRANSLATE_LANGUAGES = [
  'en',
  'hi',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'da',
  'sv',
  'no',
  'nl',
  'tr',
  'he',
  'pl',
  'ro',
  'el',
  'hu',
  'ga',
  'lt',
  'lb',
  'ru',
  'ar',
] as const;

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

export function isLanguagePrefix(value: string): value is LanguagePrefix {
  return (LANGUAGE_PREFIXES as readonly string[]).includes(value);
}

/** hreflang value of a locale prefix: en-uk is published as en-gb. */
export function hreflangOf(locale: Locale): string {
  return locale === 'en-uk' ? 'en-gb' : locale;
}

export type AlternatePath = { hreflang: string; path: string };

/**
 * The alternate versions of a page, as the page head and the sitemap both list them: one per
 * hreflang (en-uk is published as en-gb, so it folds into /en-gb), Hindi, whose texts differ, and
 * x-default, the bare page. `path` is the page without a prefix (`/` for home).
 */
export function alternatePaths(path: string): AlternatePath[] {
  const tail = path === '/' ? '' : path.replace(/\/+$/, '');
  const prefixes = [...new Set(LOCALES.map(hreflangOf)), 'hi'];
  return [
    ...prefixes.map((prefix) => ({ hreflang: prefix, path: `/${prefix}${tail}` })),
    { hreflang: 'x-default', path: tail || '/' },
  ];
}

/** Country → locale prefix after geolocation. */
export function localeForCountry(country: string | null | undefined): Locale {
  switch ((country ?? '').toUpperCase()) {
    case 'IN':
      return 'en-in';
    case 'GB':
    case 'UK':
      return 'en-uk';
    case 'US':
      return 'en-us';
    case 'FR':
      return 'fr-fr';
    case 'CA':
      return 'en-ca';
    case 'AE':
      return 'en-ae';
    default:
      return 'en-us';
  }
}

/** Country → language after geolocation: France gives fr, everything else en. */
export function languageForCountry(country: string | null | undefined): 'en' | 'fr' {
  return (country ?? '').toUpperCase() === 'FR' ? 'fr' : 'en';
}

export type PathPrefix = { prefix: string | null; language: SiteLanguage; rest: string };

/**
 * Splits `/en-in/shopall` into its prefix and the rest. A first segment that is a locale or a
 * language code is a prefix; site language is Hindi only under `/hi`.
 */
export function splitPathPrefix(pathname: string): PathPrefix {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1]?.toLowerCase() ?? '';
  if (isLocale(first) || isLanguagePrefix(first)) {
    return { prefix: first, language: first === 'hi' ? 'hi' : 'en', rest: match?.[2] ?? '/' };
  }
  return { prefix: null, language: DEFAULT_LANGUAGE, rest: pathname || '/' };
}
