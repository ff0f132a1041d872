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

const instances = new Map<string, { resources: I18nResources; i18n: I18n }>();

/**
 * One instance per language and resource set, reused across renders. Switching language swaps the
 * instance given to the provider, so no component updates another during render.
 */
export function i18nFor(language: SiteLanguage = DEFAULT_LANGUAGE, resources: I18nResources = {}): I18n {
  const cached = instances.get(language);
  if (cached && (cached.resources === resources || sameNamespaces(cached.resources, resources)))
    return cached.i18n;
  const i18n = createI18n(language, resources);
  instances.set(language, { resources, i18n });
  return i18n;
}

function sameNamespaces(a: I18nResources, b: I18nResources) {
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => k in a);
}
