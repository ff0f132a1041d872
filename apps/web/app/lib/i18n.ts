import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, type SiteLanguage } from '@catalogue/shared/domain/locales';
import { remembered } from './remembered';

/** Namespace → nested texts, for one language. */
export type I18nResources = Record<string, Record<string, unknown>>;

export const DEFAULT_NAMESPACE = 'common';

/**
 * Options of a text lookup: values for `{{name}}` placeholders, `count` (chooses `key_one`,
 * `key_other`… by the language's plural rules, `key_zero` first for 0), `defaultValue` for a
 * missing key and `returnObjects` for a list or an object of texts.
 */
export type TOptions = Record<string, unknown> & {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
};

/** Looks a key up (`a.b.c`, or `namespace:a.b.c`); a missing key reads as itself, as i18next did. */
export type TFunction = (key: string, options?: TOptions) => string;

export type I18n = {
  language: SiteLanguage;
  /** The lookup of one namespace (`common` by default); one function per namespace, kept. */
  getFixedT(language: unknown, namespace?: string): TFunction;
};

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(node: unknown, path: readonly string[]): unknown {
  for (const step of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}

/** Fills `{{name}}` (or `{{a.b}}`) from the values, in a string or every string of a list or object. */
function interpolate(value: unknown, values: TOptions): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    return value.replace(PLACEHOLDER, (whole, name: string) => {
      const filled = lookup(values, name.split('.'));
      // As i18next: a value not given keeps its placeholder; one given as undefined or null is empty.
      if (filled === undefined) return Object.hasOwn(values, name) ? '' : whole;
      return filled === null ? '' : String(filled);
    });
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, values));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, values)]));
  return value;
}

/**
 * The CLDR plural category of `count` in the site's two languages, the only two it has texts for.
 * English: "one" for exactly 1. Hindi: "one" from 0 to 1 (0, 0.5 and 1 item are all "one").
 * Written out because `Intl.PluralRules`, built for every page, loads ICU's plural data (~3 MB of
 * the server's resident memory with the locale data it needs; docs/performance.md).
 */
export function pluralCategory(language: SiteLanguage, count: number): 'one' | 'other' {
  const n = Math.abs(count);
  return (language === 'hi' ? n <= 1 : n === 1) ? 'one' : 'other';
}

/** Texts without options kept per namespace at most (keys are the site's own; this only bounds them). */
const PLAIN_TEXTS_KEPT = 4000;

/**
 * A ready, synchronous translator for one language. Texts arrive complete (the server bundles
 * them; the browser gets the page's in the root loader's data), so nothing loads later and the
 * first render on either side shows real text. It does what the site's texts use of i18next
 * (placeholders, plurals, lists, default values) in a fraction of its size in the first load.
 */
export function createI18n(language: SiteLanguage, resources: I18nResources): I18n {
  const fixed = new Map<string, TFunction>();
  const find = (namespace: string, path: string[], options: TOptions): unknown => {
    const texts = resources[namespace];
    if (typeof options.count === 'number') {
      const last = path[path.length - 1];
      const form = (suffix: string) => lookup(texts, [...path.slice(0, -1), `${last}_${suffix}`]);
      const plural =
        (options.count === 0 ? form('zero') : undefined) ?? form(pluralCategory(language, options.count));
      if (plural !== undefined) return plural;
    }
    return lookup(texts, path);
  };
  const getFixedT = (_language: unknown, namespace = DEFAULT_NAMESPACE): TFunction => {
    let t = fixed.get(namespace);
    if (!t) {
      const translate = (key: string, options: TOptions): string => {
        const split = key.indexOf(':');
        const ns = split > 0 ? key.slice(0, split) : namespace;
        const path = split > 0 ? key.slice(split + 1) : key;
        const found = find(ns, path.split('.'), options);
        if (typeof found === 'string' || (found !== undefined && options.returnObjects))
          return interpolate(found, options) as string;
        return options.defaultValue ?? path;
      };
      // A text asked for without options never changes for these resources: a page asks for
      // hundreds of them, each split, looked up and searched for placeholders at every render.
      const plain = new Map<string, string>();
      t = (key, options) => {
        if (options !== undefined) return translate(key, options);
        return remembered(plain, key, PLAIN_TEXTS_KEPT, () => translate(key, {}));
      };
      fixed.set(namespace, t);
    }
    return t;
  };
  return { language, getFixedT };
}

const I18nContext = createContext<I18n | null>(null);
let fallback: I18n = createI18n(DEFAULT_LANGUAGE, {});

/** The translator components get without a provider (tests set the English texts here). */
export function setDefaultI18n(i18n: I18n) {
  fallback = i18n;
}

export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

/** `t` for a namespace (`common` by default) and the translator itself (for its language). */
export function useTranslation(namespace: string = DEFAULT_NAMESPACE): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext) ?? fallback;
  return useMemo(() => ({ t: i18n.getFixedT(i18n.language, namespace), i18n }), [i18n, namespace]);
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
