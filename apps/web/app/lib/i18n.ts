import { createInstance, type i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, type SiteLanguage } from '@catalogue/shared/domain/locales';

/** Namespace → nested texts, for one language. */
export type I18nResources = Record<string, Record<string, unknown>>;

export const DEFAULT_NAMESPACE = 'common';

/**
 * A ready, synchronous i18next instance for one language. Texts arrive complete (the server bundles
 * them; the browser gets them in the root loader's data), so nothing loads later and the first
 * render on either side shows real text.
 */
export function createI18n(language: SiteLanguage, resources: I18nResources): I18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    // Hindi is complete (a test checks every key), so the browser never needs English texts too.
    fallbackLng: false,
    resources: { [language]: resources },
    ns: Object.keys(resources),
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

const instances = new Map<string, I18n>();

/**
 * One instance per language and set of namespaces, reused across renders and requests (the texts
 * of a namespace never change while the process runs). Switching language swaps the instance given
 * to the provider, so no component updates another during render.
 */
export function i18nFor(language: SiteLanguage = DEFAULT_LANGUAGE, resources: I18nResources = {}): I18n {
  const key = `${language}|${Object.keys(resources).sort().join(',')}`;
  let i18n = instances.get(key);
  if (!i18n) {
    i18n = createI18n(language, resources);
    instances.set(key, i18n);
  }
  return i18n;
}

const received = new Map<SiteLanguage, I18nResources>();

/**
 * In the browser: the texts of every namespace received so far in a language, so a page keeps
 * what earlier pages brought (a namespace never changes while the site runs). On the server, only
 * the request's own texts: a render must show exactly what the browser will hydrate with.
 */
export function withReceivedTexts(language: SiteLanguage, texts: I18nResources): I18nResources {
  if (typeof window === 'undefined') return texts;
  const known = received.get(language);
  if (known && Object.keys(texts).every((ns) => ns in known)) return known;
  const merged = { ...known, ...texts };
  received.set(language, merged);
  return merged;
}
