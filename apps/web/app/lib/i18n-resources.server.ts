import { SITE_LANGUAGES, type SiteLanguage } from '@catalogue/shared/domain/locales';
import { withSiteName } from '@catalogue/shared/domain/site';
import type { I18nResources } from '~/lib/i18n';

/**
 * Every namespace file under packages/shared/src/i18n/{language}/, bundled into the server build.
 * A feature adds texts by adding a `<namespace>.json` file to both language folders; nothing here
 * changes. The browser receives only its own language's texts through the root loader.
 */
const FILES = import.meta.glob<Record<string, unknown>>('../../../../packages/shared/src/i18n/*/*.json', {
  eager: true,
  import: 'default',
});

function collectResources(): Record<SiteLanguage, I18nResources> {
  const byLanguage = Object.fromEntries(SITE_LANGUAGES.map((l) => [l, {}])) as Record<
    SiteLanguage,
    I18nResources
  >;
  for (const [file, texts] of Object.entries(FILES)) {
    const match = /\/i18n\/([^/]+)\/([^/]+)\.json$/.exec(file);
    const language = match?.[1] as SiteLanguage | undefined;
    const namespace = match?.[2];
    if (!language || !namespace || !(language in byLanguage)) continue;
    byLanguage[language][namespace] = withSiteName(texts);
  }
  return byLanguage;
}

const RESOURCES = collectResources();

/** All namespaces of one language, as the i18n provider takes them. */
export function resourcesFor(language: SiteLanguage): I18nResources {
  return RESOURCES[language];
}
