import crypto from 'node:crypto';
import type { Browser, CDPSession, Page } from '@playwright/test';
import {
  expect,
  logInBrowser,
  productAt,
  registerBuyer,
  someProducts,
  startingPieces,
  test,
} from './fixtures';

/**
 * The first tap on a phone: the page's scripts start after its `load` event, so for a second or
 * more after a control is painted React does not run it yet. A tap made then must take effect once
 * React runs the page, exactly once (the head's script holds it and it is replayed after
 * hydration). Each test loads a page over a slowed phone link and taps as soon as the control is
 * on the screen, long before hydration.
 */

/** A slow mobile link: 1.6 Mbps down, 750 Kbps up, 150 ms latency. */
const SLOW_LINK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** The longest a tap may wait for the control to be on the screen. */
const TAP_AFTER_PAINT_MS = 100;
/** Interaction to Next Paint judged good. */
const INP_BUDGET_MS = 200;

type Watch = {
  /** Trusted taps (from their `pointerdown`) and keys: when, and whether React ran the page then. */
  inputs: { type: string; time: number; isHydrated: boolean }[];
  /** Event Timing entries of interactions. */
  interactions: {
    name: string;
    duration: number;
    interactionId: number;
    /** Input delay, processing and presentation delay, ms. */
    parts: [number, number, number];
  }[];
  firstInput: number | null;
  firstContentfulPaint: number | null;
  /** The frame in which the control to tap was first laid out on the screen. */
  controlShownAt: number | null;
};

declare global {
  interface Window {
    __firstTapWatch?: Watch;
  }
}

/** Where the controls to tap are on the screen (centres, CSS pixels). */
type Spot = { x: number; y: number };

/**
 * Runs before the page's own scripts: notes each trusted tap and key (first of all listeners, so
 * before the head's script holds it), the Event Timing of every interaction and the first
 * contentful paint. In the first frame in which every one of `selectors` matches an element with a
 * box, it scrolls the first into view (as a visitor would), focuses it when asked, and calls the
 * test back with their centres at once (no polling from the test, which would cost round trips).
 */
function watchPage({ selectors, focus }: { selectors: string[]; focus: boolean }) {
  const watch: Watch = {
    inputs: [],
    interactions: [],
    firstInput: null,
    firstContentfulPaint: null,
    controlShownAt: null,
  };
  window.__firstTapWatch = watch;
  for (const type of ['pointerdown', 'click', 'keydown'])
    addEventListener(
      type,
      (event) => {
        if (event.isTrusted)
          watch.inputs.push({
            type,
            time: event.timeStamp,
            isHydrated: 'hydrated' in document.documentElement.dataset,
          });
      },
      true,
    );
  new PerformanceObserver((list) => {
    // Chromium's Event Timing entries carry `interactionId`; TypeScript's DOM types do not yet.
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[])
      if (entry.interactionId)
        watch.interactions.push({
          name: entry.name,
          duration: entry.duration,
          interactionId: entry.interactionId,
          parts: [
            Math.round(entry.processingStart - entry.startTime),
            Math.round(entry.processingEnd - entry.processingStart),
            Math.round(entry.startTime + entry.duration - entry.processingEnd),
          ],
        });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) watch.firstInput = entry.duration;
  }).observe({ type: 'first-input', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') watch.firstContentfulPaint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const look = (time: number) => {
    const elements = selectors.map((selector) => document.querySelector<HTMLElement>(selector));
    const isShown = (element: HTMLElement | null) => (element?.getBoundingClientRect().width ?? 0) > 0;
    if (!elements.every(isShown)) {
      requestAnimationFrame(look);
      return;
    }
    elements[0]!.scrollIntoView({ block: 'center' });
    if (focus) elements[0]!.focus({ preventScroll: true });
    watch.controlShownAt = time;
    const spots = elements.map((element) => {
      const box = element!.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    });
    (window as unknown as { __controlsShown: (spots: string) => void }).__controlsShown(
      JSON.stringify(spots),
    );
  };
  requestAnimationFrame(look);
}

/** Input sent straight through the DevTools protocol: no round trip between its events. */
type Act = (cdp: CDPSession, spots: Spot[]) => Promise<unknown>;

/** Taps each spot once, in order. */
const tapAll: Act = (cdp, spots) =>
  Promise.all(
    spots.flatMap((spot) => [
      cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [spot] }),
      cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
    ]),
  );

/** Presses `key` (a printable key) on what has focus. */
const press =
  (key: string): Act =>
  (cdp) =>
    Promise.all([
      cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key }),
      cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key }),
    ]);

type EarlyVisit = {
  path: string;
  /** The controls to act on; `act` runs the moment all are on the screen, with their centres. */
  selectors: string[];
  act?: Act;
  /** Focus the first control first (for keys). */
  focus?: boolean;
  /** Runs on the new page before it opens `path` (a login). */
  prepare?: (page: Page) => Promise<void>;
};

/**
 * The timing budgets (a tap within 100 ms of the paint, INP ≤ 200 ms) are judged on a developer's
 * machine. CI runs the browser, the server and the test runner on the same two shared cores, where
 * how soon the test process can tap and how long the browser waits for a core say more about the
 * machine than the page: there (`CI` set, or `E2E_TIMING=report` as `.ci/run` sets) a miss is reported with the figure, and the effects (every tap
 * before hydration, taking effect exactly once) are still required.
 */
function withinTimingBudget(value: number, budget: number, what: string) {
  if (value <= budget) return;
  if (process.env.CI || process.env.E2E_TIMING === 'report') {
    test
      .info()
      .annotations.push({ type: 'timing over budget (CI)', description: `${what}: ${value} > ${budget}` });
    console.warn(`timing over budget on this CI machine: ${what}: ${Math.round(value)} ms > ${budget} ms`);
    return;
  }
  expect(value, what).toBeLessThanOrEqual(budget);
}

/** The page calls the test through this binding the moment the controls are on the screen. */
const SHOWN_BINDING = '__controlsShown';

/** Attempts at tapping within {@link TAP_AFTER_PAINT_MS} of the paint on a busy test machine. */
const ATTEMPTS = 5;

/**
 * Opens `path` on a phone (390×844, touch) over the slow link and acts on the controls the moment
 * they are on the screen; checks that every tap and key came before hydration and the first within
 * {@link TAP_AFTER_PAINT_MS} of the frame that showed the controls, waits for React to run the
 * page and checks the INP of those interactions. The test machine's own delay between seeing the
 * controls and tapping (a round trip to the test process) grows when the machine is busy: an
 * attempt that tapped later than that is not judged and is made again in a fresh browser context,
 * up to {@link ATTEMPTS} times.
 */
async function visitEarly(browser: Browser, visit: EarlyVisit) {
  const delays: number[] = [];
  for (let attempt = 1; ; attempt++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(watchPage, { selectors: visit.selectors, focus: visit.focus ?? false });
    await visit.prepare?.(page);
    const cdp = await context.newCDPSession(page);
    let acted: Promise<unknown> | null = null;
    cdp.on('Runtime.bindingCalled', ({ name, payload }) => {
      if (name === SHOWN_BINDING) acted = (visit.act ?? tapAll)(cdp, JSON.parse(payload) as Spot[]);
    });
    await cdp.send('Runtime.enable');
    await cdp.send('Runtime.addBinding', { name: SHOWN_BINDING });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);

    await page.goto(visit.path, { waitUntil: 'commit' });
    await expect.poll(() => acted, { timeout: 30_000 }).not.toBeNull();
    await acted;
    const watch = (await page.evaluate(() => window.__firstTapWatch)) as Watch;
    const state = await page.evaluate(() => ({
      isHydrated: 'hydrated' in document.documentElement.dataset,
      isBusy: document.querySelector('button[data-early-input]') !== null,
    }));
    // A tapped button shows it is busy until its tap is replayed. The replay clears the mark a
    // moment before React's hydration mark is set, so a look that falls between the two sees
    // neither: judged on a developer's machine, reported in CI (see withinTimingBudget).
    if (!visit.act)
      withinTimingBudget(state.isHydrated || state.isBusy ? 0 : 1, 0, 'busy mark or hydration seen');
    expect(watch.inputs.length).toBeGreaterThan(0);
    expect(watch.inputs.map((input) => input.isHydrated)).not.toContain(true);
    const afterShown = watch.inputs[0]!.time - watch.controlShownAt!;
    delays.push(Math.round(afterShown));
    if (afterShown > TAP_AFTER_PAINT_MS && attempt < ATTEMPTS) {
      await context.close();
      continue;
    }
    withinTimingBudget(afterShown, TAP_AFTER_PAINT_MS, `tapped ${delays.join(', ')} ms after the paint`);

    await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset, null, {
      timeout: 30_000,
    });
    const timing = (await page.evaluate(() => window.__firstTapWatch)) as Watch;
    const slowest = timing.interactions.toSorted((a, b) => b.duration - a.duration)[0];
    const inp = Math.max(timing.firstInput ?? 0, slowest?.duration ?? 0);
    const report =
      `${visit.path}: first contentful paint ${Math.round(timing.firstContentfulPaint ?? -1)} ms, ` +
      `controls shown at ${Math.round(watch.controlShownAt!)} ms, first input ` +
      `${delays.join(' / ')} ms later (attempts); INP ${inp} ms` +
      (slowest ? ` (${slowest.name}: delay, processing, presentation ${slowest.parts.join(' / ')} ms)` : '');
    test.info().annotations.push({ type: 'first tap', description: report });
    console.log(report);
    withinTimingBudget(inp, INP_BUDGET_MS, `INP of the early taps on ${visit.path}`);
    return { context, page, errors };
  }
}

/** The enquiry list this browser keeps, as [product id, quantity] pairs. */
const storedList = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem('cart') ?? '[]') as { _id: string; quantity: number }[]).map((line) => [
      line._id,
      line.quantity,
    ]),
  );

const badge = (page: Page) => page.locator('header a[href="/cart"]').first();

/** What a tap held twice or replayed late would change shows within this, after the replay. */
const settle = (page: Page) => page.waitForTimeout(500);

const ADD = 'main article button';

test.describe('the first tap on a slow phone', () => {
  test.describe.configure({ timeout: 120_000 });

  test('home: Add To Enquiry List tapped at once adds the product once', async ({ browser }) => {
    const { context, page, errors } = await visitEarly(browser, { path: '/', selectors: [ADD] });
    await expect(badge(page)).toHaveAccessibleName('Enquiry list, 1 item');
    await settle(page);
    // Once, at the design's minimum order.
    const stored = (await storedList(page)) as [string, number][];
    expect(stored).toHaveLength(1);
    const [id, quantity] = stored[0]!;
    expect(quantity).toBe(startingPieces(await productAt(page.request, `/singleproduct/${id}`)));
    await expect(badge(page)).toHaveAccessibleName('Enquiry list, 1 item');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('listing: Add To Enquiry List on a card of shop-all adds that product once', async ({
    browser,
    request,
  }) => {
    const [first] = await someProducts(request, 1);
    const { context, page, errors } = await visitEarly(browser, { path: '/shopall', selectors: [ADD] });
    await expect(badge(page)).toHaveAccessibleName('Enquiry list, 1 item');
    await settle(page);
    expect(await storedList(page)).toEqual([[first!._id, startingPieces(first!)]]);
    await expect(page.locator('main article').first().getByRole('spinbutton')).toHaveValue(
      String(startingPieces(first!)),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  test('product: quantity + and Add To Enquiry List tapped at once add the minimum and one more, once', async ({
    browser,
    request,
  }) => {
    // A product whose name can stand in a CSS attribute selector (the journeys before this one add
    // products named with markup and quotes).
    const product = (await someProducts(request, 50)).find((p) => /^[\w\s-]+$/.test(p.name));
    const name = product!.name;
    const increase = `button[aria-label="Increase quantity of ${name}"]`;
    const { context, page, errors } = await visitEarly(browser, {
      path: `/singleproduct/${product!._id}`,
      // The quantity control (its buttons in a row above its notice) sits beside Add To Enquiry List.
      selectors: [increase, `main div:has(> div > div > ${increase}) > button`],
    });
    await expect(badge(page)).toHaveAccessibleName('Enquiry list, 1 item');
    await settle(page);
    // One more than the design's minimum order, once.
    expect(await storedList(page)).toEqual([[product!._id, startingPieces(product!) + 1]]);
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${name}` })).toHaveValue(
      String(startingPieces(product!) + 1),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  test('product: a key on the zoom viewer pressed at once zooms one step', async ({ browser, request }) => {
    const [product] = await someProducts(request, 1);
    const { context, page, errors } = await visitEarly(browser, {
      path: `/singleproduct/${product!._id}`,
      selectors: ['main [role="group"][tabindex="0"]'],
      act: press('+'),
      focus: true,
    });
    await settle(page);
    await expect(page.getByText('1.25×', { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('cart: the header’s search button tapped at once opens the search, once', async ({
    browser,
    request,
  }) => {
    const buyer = await registerBuyer(request);
    const { context, page, errors } = await visitEarly(browser, {
      path: '/cart',
      selectors: ['header button[aria-controls]'],
      prepare: async (phone) => {
        await logInBrowser(phone, buyer, { everyPage: true });
      },
    });
    await settle(page);
    await expect(page.locator('header').getByRole('searchbox')).toBeVisible();
    await expect(page.locator('header button[aria-controls][aria-expanded="true"]')).toHaveCount(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test.describe('the head script that holds early taps', () => {
  /** The text of the head's first inline script in one answer, and the answer's policy. */
  async function headScript(page: Page, path: string) {
    const response = await page.request.get(path);
    const html = await response.text();
    const script = /<script( nonce="[^"]+")?>(\(function \(\) \{[\s\S]*?)<\/script>/.exec(html);
    const policy = response.headers()['content-security-policy'] ?? '';
    return { nonceAttribute: script?.[1], text: script?.[2] ?? '', policy };
  }

  test('is one fixed text on every page and answer, admitted by its hash in every stored page', async ({
    page,
  }) => {
    const answers = [
      await headScript(page, '/'),
      await headScript(page, '/'),
      await headScript(page, '/shopall'),
      await headScript(page, '/hi/blogs'),
    ];
    const [first] = answers;
    expect(first!.text).toContain('__earlyInput');
    const hash = `'sha256-${crypto.createHash('sha256').update(first!.text, 'utf8').digest('base64')}'`;
    for (const answer of answers) {
      expect(answer.text).toBe(first!.text);
      // Anonymous pages are stored once for everyone: no nonce, the script named by its hash.
      expect(answer.nonceAttribute).toBeUndefined();
      expect(answer.policy).toMatch(/script-src 'self' ('sha256-[^']+' )+'strict-dynamic'/);
      expect(answer.policy).toContain(hash);
      expect(answer.policy.split(';').find((part) => part.includes('script-src'))).not.toContain(
        'unsafe-inline',
      );
    }
  });
});
