// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  deferredModuleScript,
  moveScriptsAfterLoad,
  scriptsAfterLoad,
  SCRIPTS_AT_THE_LATEST_MS,
} from './scripts-after-load';

async function through(chunks: (string | Buffer)[]) {
  const stream = scriptsAfterLoad();
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  for (const chunk of chunks) stream.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  stream.end();
  await ended;
  return Buffer.concat(out).toString('utf8');
}

/** React Router 7's module script, as `<Scripts />` writes it with lazy route discovery. */
const ROUTER_SCRIPT_BODY = [
  ';',
  'import * as route0 from "/assets/root-A1.js";',
  'import * as route1 from "/assets/product-B2.js";',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C3.js"}};',
  '  window.__reactRouterRouteModules = {"root":route0,"singleproduct/:id?":route1};',
  '',
  'import("/assets/entry.client-C3.js");',
].join('\n');

/** The route modules in the static imports' order, then the entry. */
/** Each route module's import is followed by a zero timer: the next module is evaluated in a task of its own. */
const IMPORTS_IN_ORDER = [
  'import /assets/root-A1.js',
  'timer 0',
  'import /assets/product-B2.js',
  'timer 0',
  'import /assets/entry.client-C3.js',
];

const page = (head: string, body: string) =>
  `<!DOCTYPE html><html><head><title>Hāra — हार</title>${head}</head><body><main>हार</main>${body}</body></html>`;

const routerScript = `<script nonce="n0nce" type="module" async="">${ROUTER_SCRIPT_BODY}</script>`;
const preloads =
  '<link rel="modulepreload" href="/assets/entry.client-C3.js" nonce="n0nce"/>' +
  '<link rel="modulepreload" href="/assets/root-A1.js" nonce="n0nce"/>';

/** Runs a rewritten module script body with `import` and the page's events stubbed. */
async function run(body: string, readyState: 'loading' | 'complete', window: Record<string, unknown> = {}) {
  const events: string[] = [];
  const listeners = new Map<string, () => void>();
  let paint = () => {};
  let latest = () => {};
  const document = {
    readyState,
    createElement: () => ({}) as { rel?: string; href?: string },
    head: { append: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) },
  };
  const addEventListener = (type: string, listener: () => void) => {
    events.push(`listen ${type}`);
    listeners.set(type, listener);
  };
  const requestAnimationFrame = (callback: () => void) => {
    events.push('frame');
    paint = callback;
  };
  const setTimeout = (callback: () => void, ms: number) => {
    events.push(`timer ${ms}`);
    if (ms === 0) callback();
    else latest = callback;
  };
  const importModule = (href: string) => {
    events.push(`import ${href}`);
    return Promise.resolve({ href });
  };
  // The body is a module's top level: run it as an async function's body with `import` renamed.
  const source = body
    .replaceAll('await import(', 'await importModule(')
    .replace(/^import\(/m, 'importModule(');
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  const done = new AsyncFunction(
    'document',
    'addEventListener',
    'requestAnimationFrame',
    'setTimeout',
    'window',
    'importModule',
    source,
  )(document, addEventListener, requestAnimationFrame, setTimeout, window, importModule);
  const settle = () => new Promise((resolve) => globalThis.setTimeout(resolve, 0));
  return {
    events,
    fire: (type: string) => listeners.get(type)!(),
    paint: () => paint(),
    latest: () => latest(),
    settle,
    done,
    window,
  };
}

describe('scriptsAfterLoad', () => {
  it('takes the module preloads out of the head and makes the module script wait for them and for load', async () => {
    const html = await through([page(preloads, routerScript)]);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<title>Hāra — हार</title></head><body><main>हार</main>');
    expect(html).toContain('<script nonce="n0nce" type="module" async="">await new Promise(');
    expect(html).toContain('["/assets/entry.client-C3.js","/assets/root-A1.js"]');
    expect(html).toContain('const route0 = await import("/assets/root-A1.js"); await nextTask();');
    expect(html).not.toMatch(/^import \* as/m);
    expect(html.endsWith('import("/assets/entry.client-C3.js");</script></body></html>')).toBe(true);
  });

  it('finds tags and the script split between chunks, and multi-byte characters split in two', async () => {
    const whole = Buffer.from(page(preloads, routerScript));
    const cuts = [20, 60, 75, 120, 161, whole.indexOf('type="module"') + 3, whole.indexOf('route1') + 2];
    const chunks = cuts.map((at, i) => whole.subarray(i === 0 ? 0 : cuts[i - 1], at));
    chunks.push(whole.subarray(cuts.at(-1)));
    expect(await through(chunks)).toBe(await through([whole]));
  });

  it('gives the same document wherever the stream is cut in two', async () => {
    const whole = Buffer.from(page(preloads, routerScript));
    const expected = await through([whole]);
    for (let at = 1; at < whole.length; at += 1)
      expect(await through([whole.subarray(0, at), whole.subarray(at)])).toBe(expected);
  });

  it('keeps a preload it cannot read (no href) and takes out the ones after it', async () => {
    const html = await through([page(`<link rel="modulepreload" href=""/>${preloads}`, routerScript)]);
    expect(html).toContain('<head><title>Hāra — हार</title><link rel="modulepreload" href=""/></head>');
    expect(html).toContain('["/assets/entry.client-C3.js","/assets/root-A1.js"]');
  });

  it('rewrites a whole document at once exactly as it rewrites the stream of it', async () => {
    const late = '<script>window.data = "<link rel=\\"modulepreload\\" href=\\"/x.js\\"/>";</script>';
    const whole = Buffer.from(page(preloads, routerScript) + late);
    const rewritten = moveScriptsAfterLoad(whole).toString();
    expect(rewritten).toBe(await through([whole]));
    expect(rewritten).not.toContain('<link rel="modulepreload" href="/assets/');
    expect(rewritten).toContain('<main>हार</main>');
    expect(rewritten.endsWith(late)).toBe(true);
  });

  it.each([
    ['with React Router scripts', () => page(preloads, routerScript)],
    ['without them (nothing to rewrite)', () => '<html><body><main>हार</main></body></html>'],
  ])('gives a whole document %s back in memory of its own, never a view of what it was given', (_, html) => {
    const given = Buffer.from(html());
    const rewritten = moveScriptsAfterLoad(given);
    const before = Buffer.from(rewritten);
    given.fill(0x20);
    expect(rewritten.equals(before)).toBe(true);
  });

  it('passes the rest of the stream through once the module script is rewritten', async () => {
    const late = '<script>window.data = "<link rel=\\"modulepreload\\" href=\\"/x.js\\"/>";</script>';
    const html = await through([page(preloads, routerScript), late]);
    expect(html.endsWith(late)).toBe(true);
  });

  it('leaves a page without React Router scripts as it was', async () => {
    const html = page('<link rel="icon" href="/favicon.svg"/>', '<script nonce="n0nce">1 < 2</script>');
    expect(await through([html.slice(0, 50), html.slice(50)])).toBe(html);
  });
});

describe('deferredModuleScript', () => {
  it('leaves a script of another shape unchanged', () => {
    const body = 'import { a } from "/a.js";\nwindow.x = a;';
    expect(deferredModuleScript(body, ['/a.js'])).toBe(body);
  });

  it('waits for load and the paint after it, then preloads every module and imports the routes in order', async () => {
    const body = deferredModuleScript(ROUTER_SCRIPT_BODY, [
      '/assets/entry.client-C3.js',
      '/assets/root-A1.js',
    ]);
    const page = await run(body, 'loading');
    await page.settle();
    expect(page.events).toEqual([
      `timer ${SCRIPTS_AT_THE_LATEST_MS}`,
      'listen pointerdown',
      'listen keydown',
      'listen load',
    ]);
    page.fire('load');
    await page.settle();
    expect(page.events.slice(4)).toEqual(['frame']);
    page.paint();
    await page.done;
    expect(page.events.slice(5)).toEqual([
      'timer 0',
      'modulepreload /assets/entry.client-C3.js',
      'modulepreload /assets/root-A1.js',
      ...IMPORTS_IN_ORDER,
    ]);
    expect(page.window.__reactRouterRouteModules).toEqual({
      root: { href: '/assets/root-A1.js' },
      'singleproduct/:id?': { href: '/assets/product-B2.js' },
    });
  });

  it('waits only for the next paint when the page has loaded already', async () => {
    const page = await run(deferredModuleScript(ROUTER_SCRIPT_BODY, []), 'complete');
    await page.settle();
    expect(page.events).toEqual([
      `timer ${SCRIPTS_AT_THE_LATEST_MS}`,
      'listen pointerdown',
      'listen keydown',
      'frame',
    ]);
    page.paint();
    await page.done;
    expect(page.events.slice(-IMPORTS_IN_ORDER.length)).toEqual(IMPORTS_IN_ORDER);
  });

  it('starts at once when the visitor taps or types before the page has loaded', async () => {
    const page = await run(deferredModuleScript(ROUTER_SCRIPT_BODY, []), 'loading');
    await page.settle();
    expect(page.events).not.toContain('import /assets/root-A1.js');
    page.fire('pointerdown');
    await page.done;
    expect(page.events.slice(-IMPORTS_IN_ORDER.length)).toEqual(IMPORTS_IN_ORDER);
  });

  it('starts at once when the head script saw a tap or key before this script ran', async () => {
    const page = await run(deferredModuleScript(ROUTER_SCRIPT_BODY, []), 'loading', {
      __earlyInput: { touched: true },
    });
    await page.done;
    expect(page.events).toEqual(IMPORTS_IN_ORDER);
  });

  it('waits as usual when the head script saw nothing yet', async () => {
    const page = await run(deferredModuleScript(ROUTER_SCRIPT_BODY, []), 'loading', {
      __earlyInput: { touched: false },
    });
    await page.settle();
    expect(page.events).not.toContain('import /assets/root-A1.js');
  });

  it('starts anyway when neither load nor a paint comes in time (a stuck picture, a hidden tab)', async () => {
    const page = await run(deferredModuleScript(ROUTER_SCRIPT_BODY, []), 'loading');
    await page.settle();
    expect(page.events).not.toContain('import /assets/root-A1.js');
    page.latest();
    await page.done;
    expect(page.events.slice(-IMPORTS_IN_ORDER.length)).toEqual(IMPORTS_IN_ORDER);
  });
});
