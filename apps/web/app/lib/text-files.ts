import type { SiteLanguage } from '@catalogue/shared/domain/locales';
import { withSiteName } from '@catalogue/shared/domain/site';
import type { I18nResources } from './i18n';

/**
 * Every namespace file of every language, each its own small static chunk the browser fetches only
 * when asked (no page loads one in the usual case: the root loader's data brings the page's texts).
 * They are what a client navigation falls back on when that data does not arrive: the page's words
 * come from the site's own files, which answer even while the server's data requests fail.
 */
const FILES = import.meta.glob<Record<string, unknown>>('../../../../packages/shared/src/i18n/*/*.json', {
  import: 'default',
});

const BY_NAME = new Map(
  Object.entries(FILES).flatMap(([file, load]) => {
    const match = /\/i18n\/([^/]+)\/([^/]+)\.json$/.exec(file);
    return match ? [[`${match[1]}/${match[2]}`, load] as const] : [];
  }),
);

/** The namespaces there are files for in a language (`all` of `loadTextFiles` means these). */
function namespacesOf(language: SiteLanguage): string[] {
  return [...BY_NAME.keys()]
    .filter((name) => name.startsWith(`${language}/`))
    .map((name) => name.slice(language.length + 1));
}

/**
 * The texts of `namespaces` in `language`, loaded from their files. A namespace without a file is
 * left out; a file that fails to load rejects, as the page would fail to load its own code.
 */
export async function loadTextFiles(
  language: SiteLanguage,
  namespaces: readonly string[] | 'all',
): Promise<I18nResources> {
  const wanted = namespaces === 'all' ? namespacesOf(language) : namespaces;
  const loaded = await Promise.all(
    [...new Set(wanted)].map(async (namespace) => {
      const load = BY_NAME.get(`${language}/${namespace}`);
      return load ? ([namespace, withSiteName(await load())] as const) : null;
    }),
  );
  return Object.fromEntries(loaded.filter((entry) => entry !== null));
}
