import { Transform } from 'node:stream';

/**
 * How long the scripts wait for the page's `load` event and the paint after it at most: a picture
 * that never finishes, or a tab in the background (no frames), must not keep the page from
 * becoming interactive.
 */
export const SCRIPTS_AT_THE_LATEST_MS = 3_000;

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script\b[^>]* type="module" async="">/;
const SCRIPT_END = '</script>';
/** Tags this transform reads; a chunk ending inside one of them is held back until the next. */
const WATCHED_TAGS = ['<link', '<script'];
/** React Router's static imports: `import * as route0 from "/assets/root.js";` or `import "/m.js";`. */
const STATIC_IMPORT = /^import (?:\* as ([\w$]+) from )?("[^"\n]+");?$/gm;

const isWatchedTagStart = (tail: string) =>
  WATCHED_TAGS.some((tag) => tag.startsWith(tail) || tail.startsWith(tag));

/**
 * The body of React Router's module script with its imports made to wait for the first paint after
 * the page's `load` event (or {@link SCRIPTS_AT_THE_LATEST_MS}): on a fast link `load` can come
 * before the pictures it waited for are painted, and scripts fetched then would still race the
 * largest one to the screen. A visitor who starts to tap or type before then gets them at once,
 * also when the tap came before this script ran (the head's early-input script noted it as
 * `touched`); what they tapped is held and replayed after hydration (early-input-script.ts).
 * The module preloads the head no longer carries are added then, so the modules still download
 * side by side, and each route module is imported in the order the static imports had. Any other
 * shape is left unchanged: the scripts then load as React Router wrote them, only without the
 * head's preloads (each module found through its importer).
 *
 * After each route module the script gives the main thread back (`scheduler.yield()` where the
 * browser has it, else a zero timer) before the next one and the entry, so evaluating the shell,
 * the page's module and React's entry are three tasks instead of one: on a phone that one task
 * was ~80 ms, input waited behind all of it, and Lighthouse counted it as blocking time.
 */
export function deferredModuleScript(body: string, preloads: readonly string[]): string {
  const converted = body.replace(STATIC_IMPORT, (_, name: string | undefined, href: string) =>
    name
      ? `const ${name} = await import(${href}); await nextTask();`
      : `await import(${href}); await nextTask();`,
  );
  if (/^\s*import\s*[^(\s]/m.test(converted)) return body;
  const hrefs = JSON.stringify(preloads).replaceAll('<', '\\u003c');
  return (
    `await new Promise((resolve) => { if (window.__earlyInput?.touched) return resolve(); ` +
    `setTimeout(resolve, ${SCRIPTS_AT_THE_LATEST_MS}); ` +
    `for (const type of ["pointerdown", "keydown"]) addEventListener(type, resolve, { once: true, capture: true, passive: true }); ` +
    `const afterPaint = () => requestAnimationFrame(() => setTimeout(resolve, 0)); ` +
    `if (document.readyState === "complete") afterPaint(); else addEventListener("load", afterPaint, { once: true }); });\n` +
    `const nextTask = () => globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0));\n` +
    `for (const href of ${hrefs}) { const link = document.createElement("link"); ` +
    `link.rel = "modulepreload"; link.href = href; document.head.append(link); }\n` +
    converted
  );
}

/**
 * The page's scripts after its pictures. React Router preloads every module of the page in the
 * head and imports them from an inline module script, so on a phone's slow link ~135 KB (gzip) of
 * scripts share the bandwidth with the largest picture and are waited for before the first paint.
 * The server-rendered page is complete and its links and forms work without them, so this moves
 * their download behind the page: the head's module preloads are taken out and the module script's
 * static imports become imports that wait for the paint after `load` (see
 * {@link deferredModuleScript}), then preload the same modules. Bytes are read as latin1, so
 * multi-byte characters pass through untouched; a watched tag split between chunks, and the module
 * script until its end, are held back; after the module script the stream passes through unchanged.
 */
export function scriptsAfterLoad(): Transform {
  const rewriter = createScriptsAfterLoadRewriter();
  const out = (text: string) => Buffer.from(text, 'latin1');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (rewriter.isDone()) return done(null, chunk);
      done(null, out(rewriter.push(chunk.toString('latin1'))));
    },
    flush(done) {
      const rest = rewriter.end();
      done(null, rest ? out(rest) : null);
    },
  });
}

/**
 * {@link scriptsAfterLoad} on a whole document at once (latin1 text of its bytes): a page rendered
 * to be stored for every anonymous visitor is written whole before it is kept, so it needs no
 * stream around the rewrite.
 */
export function moveScriptsAfterLoad(html: string): string {
  const rewriter = createScriptsAfterLoadRewriter();
  return rewriter.push(html) + rewriter.end();
}

/**
 * The rewrite as the document's text goes by: `push` gives back what can be written so far and
 * holds back a watched tag cut at the chunk's end, and the module script until its end; `end`
 * gives back what is held. Once the module script is rewritten the rest passes unchanged.
 */
function createScriptsAfterLoadRewriter() {
  let carry = '';
  let isDone = false;
  const preloads: string[] = [];
  const withoutPreloads = (text: string) =>
    text.replace(MODULE_PRELOAD, (_, href: string) => {
      preloads.push(href);
      return '';
    });
  return {
    isDone: () => isDone,
    push(chunk: string): string {
      if (isDone) return chunk;
      const text = carry + chunk;
      carry = '';
      const script = MODULE_SCRIPT.exec(text);
      if (script) {
        const bodyStart = script.index + script[0].length;
        const end = text.indexOf(SCRIPT_END, bodyStart);
        if (end < 0) {
          carry = text.slice(script.index);
          return withoutPreloads(text.slice(0, script.index));
        }
        isDone = true;
        const before = withoutPreloads(text.slice(0, script.index));
        const body = deferredModuleScript(text.slice(bodyStart, end), preloads);
        return before + script[0] + body + text.slice(end);
      }
      const lastTag = text.lastIndexOf('<');
      const tail = lastTag >= 0 ? text.slice(lastTag) : '';
      const cut = tail && !tail.includes('>') && isWatchedTagStart(tail) ? lastTag : text.length;
      carry = text.slice(cut);
      return withoutPreloads(text.slice(0, cut));
    },
    end(): string {
      const rest = carry;
      carry = '';
      return rest;
    },
  };
}
