import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { BROWSER_ONLY, ONCE, TEST_SCOPE } from './scope.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

const DESKTOP = { ...devices['Desktop Chrome'], channel: undefined };
const CATALOGUE_WRITERS = [
  '**/admin-catalogue.spec.ts',
  '**/admin-content.spec.ts',
  '**/gallery-admin.spec.ts',
  '**/gallery-strip.spec.ts',
];
/**
 * The import adds designs and undoes them: its own phase after the other writers, whose checks (the
 * dashboard's most requested designs, the product list) read the catalogue it changes.
 */
const IMPORT = '**/catalogue-import.spec.ts';
const XSS = '**/xss.spec.ts';
// Timing-sensitive (a slowed link, taps within 100 ms of a paint): run last, with nothing beside it.
const FIRST_TAP = '**/first-tap.spec.ts';
/** The PostgreSQL pass of CI (e2e/scope.ts says which journeys each pass runs). */
const DATABASE_SCOPE = TEST_SCOPE === 'database';
const ONCE_FILES = ONCE.map((file) => `**/${file}`);
/** CI (or `E2E_TIMING=report`, which `.ci/run` sets) reports a timing miss instead of failing on it. */
const REPORTS_TIMING = Boolean(process.env.CI) || process.env.E2E_TIMING === 'report';
/**
 * Debian's Chromium. Its headless shell (package chromium-headless-shell: the same Blink without the
 * browser's window layer, what Playwright itself runs for headless tests) ran the journeys in 3.9
 * minutes against 5.7 with the full browser on two cores, so it is used when installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * End-to-end journeys against the production build in Debian's Chromium. The server runs on its
 * own port with a fresh seeded database (see start-server.mjs), on PGlite or, when DATABASE_URL is
 * set, on a fresh PostgreSQL database.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // TEST_SCOPE=database also leaves out the single journeys tagged BROWSER_ONLY_TEST (fixtures.ts).
  ...(DATABASE_SCOPE ? { grepInvert: new RegExp(BROWSER_ONLY) } : {}),
  fullyParallel: false,
  // Two files at a time: a second worker took the suite from ~8 to ~7 minutes on two cores with no
  // new failure. The passes now keep both cores busy (no idle time in vmstat), so a third would not
  // help. A file's tests still run in order, and the projects below keep writers after readers.
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['line']] : 'list',
  outputDir: '../test-results',
  use: {
    baseURL: BASE_URL,
    // A trace records every action's screenshots and DOM snapshots even when it is thrown away.
    // `.ci/run` sets E2E_TRACE=off (its clone is discarded with the traces); on a developer's
    // machine a failed journey keeps its trace.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // All journeys share one server and one catalogue. Those that add, change or delete catalogue
  // data run after the ones that read it, so a parallel worker never sees a product vanish mid-page
  // or a stored XSS payload in a page it checks; the payload journey runs last of all.
  projects: [
    {
      name: 'chromium',
      testIgnore: [...CATALOGUE_WRITERS, IMPORT, XSS, FIRST_TAP, ...(DATABASE_SCOPE ? ONCE_FILES : [])],
      use: DESKTOP,
    },
    {
      name: 'admin',
      testMatch: CATALOGUE_WRITERS,
      testIgnore: DATABASE_SCOPE ? ONCE_FILES : [],
      dependencies: ['chromium'],
      use: DESKTOP,
    },
    { name: 'import', testMatch: IMPORT, dependencies: ['admin'], use: DESKTOP },
    // Timing on two shared cores: a journey that missed its moment is tried again in CI.
    ...(DATABASE_SCOPE
      ? []
      : [
          { name: 'xss', testMatch: XSS, dependencies: ['import'], use: DESKTOP },
          {
            name: 'first-tap',
            testMatch: FIRST_TAP,
            dependencies: ['xss'],
            use: DESKTOP,
            retries: REPORTS_TIMING ? 2 : 0,
          },
        ]),
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: '..',
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
    // Stopped with SIGTERM, so start-server.mjs drops its PostgreSQL database and removes its data
    // directory; without it Playwright SIGKILLs the group and both were left behind at every run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
