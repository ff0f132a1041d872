import { useId, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useLocation } from 'react-router';
import { TRANSLATE_LANGUAGES, splitPathPrefix } from '@catalogue/shared/domain/locales';
import { GlobeIcon } from '~/components/ui/icons';
import {
  TRANSLATE_LANGUAGE_NAMES,
  chooseTranslation,
  loadTranslateElement,
} from '~/features/shell/translate';

/** The language a visitor most likely wants: the prefix's (fr-fr → fr, /de → de), else the page's. */
function preferredLanguage(pathname: string): string {
  const { prefix, language } = splitPathPrefix(pathname);
  const code = prefix?.slice(0, 2) ?? language;
  return (TRANSLATE_LANGUAGES as readonly string[]).includes(code) ? code : 'en';
}

/**
 * The page-translation control for the 22 languages offered. Nothing is fetched until the
 * visitor picks a language; if the provider cannot be reached, the page simply stays as it is.
 */
export function TranslateWidget({ className = '' }: { className?: string }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const id = useId();

  const translate = async (language: string) => {
    setIsWorking(true);
    try {
      await loadTranslateElement();
      await chooseTranslation(language);
    } catch {
      // Offline or blocked: the page stays in its own language.
    } finally {
      setIsWorking(false);
    }
  };

  return (
    <div className={`relative ${className}`}>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={`${id}-panel`}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex min-h-10 items-center gap-1 rounded-md px-2 text-sm text-ink hover:bg-brand-50"
      >
        <GlobeIcon className="size-5" />
        <span>{t('translate.button')}</span>
      </button>
      <div
        id={`${id}-panel`}
        hidden={!isOpen}
        className="absolute right-0 z-50 mt-1 w-56 rounded-md border border-gray-200 bg-white p-3 shadow-lg"
      >
        <label htmlFor={`${id}-select`} className="mb-1 block text-sm font-medium text-ink">
          {t('translate.label')}
        </label>
        <select
          id={`${id}-select`}
          value={chosen ?? preferredLanguage(pathname)}
          onChange={(event) => setChosen(event.target.value)}
          className="w-full rounded-md border border-gray-400 bg-white px-2 py-1.5 text-sm notranslate"
          translate="no"
        >
          {TRANSLATE_LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {TRANSLATE_LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={() => void translate(chosen ?? preferredLanguage(pathname))}
          disabled={isWorking}
          aria-busy={isWorking}
          className="mt-2 w-full rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
        >
          {isWorking ? t('translate.working') : t('translate.apply')}
        </button>
        <p className="mt-2 text-xs text-gray-700">{t('translate.note')}</p>
      </div>
    </div>
  );
}
