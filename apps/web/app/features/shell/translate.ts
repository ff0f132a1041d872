import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import { TRANSLATE_LANGUAGES } from '@catalogue/shared/domain/locales';

/** Each offered language in its own name, so a visitor finds theirs whatever the page language. */
export const TRANSLATE_LANGUAGE_NAMES: Record<(typeof TRANSLATE_LANGUAGES)[number], string> = {
  en: 'English',
  hi: 'हिन्दी',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  da: 'Dansk',
  sv: 'Svenska',
  no: 'Norsk',
  nl: 'Nederlands',
  tr: 'Türkçe',
  he: 'עברית',
  pl: 'Polski',
  ro: 'Română',
  el: 'Ελληνικά',
  hu: 'Magyar',
  ga: 'Gaeilge',
  lt: 'Lietuvių',
  lb: 'Lëtzebuergesch',
  ru: 'Русский',
  ar: 'العربية',
};

const CALLBACK = '__translateElementReady';
export const TRANSLATE_SCRIPT_URL = `https://translate.google.com/translate_a/element.js?cb=${CALLBACK}`;
export const TRANSLATE_CONTAINER_ID = 'google_translate_element';

type TranslateWindow = Window & {
  [CALLBACK]?: () => void;
  google?: { translate?: { TranslateElement?: new (options: object, containerId: string) => unknown } };
};

let loading: Promise<void> | null = null;

/**
 * Loads the provider's script, once, and only when a visitor asks for a translation: it is the one
 * third-party request the site makes. Offline or blocked, the promise rejects and the caller stays
 * quiet; a later attempt tries again.
 */
export function loadTranslateElement(doc: Document = document): Promise<void> {
  if (loading) return loading;
  const win = doc.defaultView as TranslateWindow;
  loading = new Promise<void>((resolve, reject) => {
    let container = doc.getElementById(TRANSLATE_CONTAINER_ID);
    if (!container) {
      container = doc.createElement('div');
      container.id = TRANSLATE_CONTAINER_ID;
      container.hidden = true;
      doc.body.appendChild(container);
    }
    win[CALLBACK] = () => {
      try {
        const TranslateElement = win.google?.translate?.TranslateElement;
        if (!TranslateElement) throw new Error('translate element missing');
        new TranslateElement(
          { pageLanguage: 'en', includedLanguages: TRANSLATE_LANGUAGES.join(','), autoDisplay: false },
          TRANSLATE_CONTAINER_ID,
        );
        resolve();
      } catch (error) {
        reject(error);
      }
    };
    const script = doc.createElement('script');
    script.src = TRANSLATE_SCRIPT_URL;
    script.async = true;
    script.onerror = () => reject(new Error('translate script failed to load'));
    doc.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The provider builds its language dropdown some time after loading; look for it every 500 ms, up
 * to 40 times, then choose the language in it. Resolves false when it never appears.
 */
export function chooseTranslation(
  language: string,
  doc: Document = document,
  { interval = TIMINGS_MS.translatePollInterval, attempts = TIMINGS_MS.translatePollAttempts } = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    let tries = 0;
    const attempt = () => {
      tries += 1;
      const combo = doc.querySelector<HTMLSelectElement>('select.goog-te-combo');
      if (combo) {
        combo.value = language;
        combo.dispatchEvent(new Event('change'));
        resolve(true);
        return;
      }
      if (tries >= attempts) {
        resolve(false);
        return;
      }
      setTimeout(attempt, interval);
    };
    attempt();
  });
}
