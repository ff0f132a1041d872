import path from 'node:path';

/**
 * Which journeys a pass of CI runs (`TEST_SCOPE`). Every journey runs once per CI run, on one of
 * the two databases; without the setting (`npm test` on a developer's machine) all of them run.
 *
 * - `database` (the PostgreSQL pass): the journeys through the work the server does differently
 *   there: background work as pg-boss jobs (the catalogue import, the mail outbox behind sign-up,
 *   password reset, approval and price requests, a selection's line sheets and preview), the
 *   quotation loop's numbering and accept, the quick order and the admin's catalogue writes
 *   announced to the other readers. Production runs on PostgreSQL, so that is where they run.
 * - `embedded` (the first pass, on PGlite): every other journey: the files in `ONCE` and the
 *   journeys tagged `BROWSER_ONLY_TEST` in the other files. Their outcome is the browser's alone
 *   (taps within 100 ms of a paint, every page's axe and raw-key sweep, client navigation's texts,
 *   hydration, layouts, the gallery, the search box, filters, the shell's prefixes, failed loads and
 *   floating buttons, local storage, answers the test refuses itself), or their database work is
 *   what the server's own tests repeat on both databases route by route (the blog and FAQ screens,
 *   the gallery editor, the order's fulfilment, contact and profile pages, the stored payloads,
 *   which are about escaping). The embedded database's own way of doing background work (in the
 *   process instead of pg-boss) is the server tests' to prove; they run in full on PGlite.
 */
export const TEST_SCOPE = readScope(process.env.TEST_SCOPE);

/** A misspelt scope would run the wrong tests in silence: only the two passes' names are taken. */
function readScope(value: string | undefined): 'database' | 'embedded' | null {
  if (value === undefined || value === '') return null;
  if (value === 'database' || value === 'embedded') return value;
  throw new Error(`TEST_SCOPE must be "database" or "embedded" (or unset), not "${value}"`);
}

/** The journey files whose every journey runs in the first pass only. */
export const ONCE = [
  'first-tap.spec.ts',
  'xss.spec.ts',
  'pages.spec.ts',
  'texts.spec.ts',
  'foundation.spec.ts',
  'gallery-strip.spec.ts',
  'gallery.spec.ts',
  'search.spec.ts',
  'filters.spec.ts',
  'shell.spec.ts',
  'walk.spec.ts',
  'catalogue.spec.ts',
  'account.spec.ts',
  'admin-content.spec.ts',
  'gallery-admin.spec.ts',
  'fulfilment.spec.ts',
];

/** The tag of a journey whose outcome is the browser's alone, in a file the PostgreSQL pass runs. */
export const BROWSER_ONLY = '@browser-only';

/** Whether the PostgreSQL pass runs this journey (and the first pass leaves it to that pass). */
export function isDatabaseJourney(file: string, tags: readonly string[]): boolean {
  return !ONCE.includes(path.basename(file)) && !tags.includes(BROWSER_ONLY);
}
