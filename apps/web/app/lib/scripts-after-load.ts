import { Transform } from 'node:stream';

/**
 * How long the scripts wait for the page's `load` event and the paint after it at most: a picture
 * that never finishes, or a tab in the background (no frames), must not keep the page from
 * becoming interactive.
 */
export const SCRIPTS_AT_THE_LATEST_MS = 3_000;

/** A module preload as React Router writes it, read from its start to the first `>` after its href. */
const MODULE_PRELOAD = /^<link rel="modulepreload" href="([^"]+)"[^>]*>$/;
const MODULE_PRELOAD_START = Buffer.from('<link rel="modulepreload" href="', 'latin1');
/** React Router's module script's opening tag, read from `<script` to its first `>`. */
const MODULE_SCRIPT = /^<script\b[^>]* type="module" async="">$/;
const SCRIPT_START = Buffer.from('<script', 'latin1');
const SCRIPT_END = Buffer.from('</script>', 'latin1');
const TAG_START = 0x3c; // <
const TAG_END = 0x3e; // >
const QUOTE = 0x22; // "
/** Tags this rewrite reads; a chunk ending inside one of them is held back until the next. */
const WATCHED_TAGS = ['<link', '<script'];
const LONGEST_WATCHED_TAG = Math.max(...WATCHED_TAGS.map((tag) => tag.length));
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
 * {@link deferredModuleScript}), then preload the same modules. The rewrite works on the bytes
 * (only the tags it reads become text, as latin1), so multi-byte characters pass through untouched;
 * a watched tag split between chunks, and the module script until its end, are held back; after
 * the module script the stream passes through unchanged.
 */
export function scriptsAfterLoad(): Transform {
  const rewriter = createScriptsAfterLoadRewriter();
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (rewriter.isDone()) return done(null, chunk);
      for (const piece of rewriter.push(chunk)) if (piece.byteLength > 0) this.push(piece);
      done();
    },
    flush(done) {
      const rest = rewriter.end();
      done(null, rest.byteLength > 0 ? rest : null);
    },
  });
}

/**
 * {@link scriptsAfterLoad} on a whole document at once: a page rendered to be stored for every
 * anonymous visitor is written whole before it is kept, so it needs no stream around the rewrite.
 * Only the pieces around the rewritten tags are copied, once, into the result, which is a new
 * buffer of its own size, never a view of `html`.
 */
export function moveScriptsAfterLoad(html: Buffer): Buffer<ArrayBuffer> {
  const rewriter = createScriptsAfterLoadRewriter();
  return Buffer.concat([...rewriter.push(html), rewriter.end()]);
}

/** Where React Router's module script starts in `bytes` and where its body starts, if it is there whole. */
function findModuleScript(bytes: Buffer): { start: number; bodyStart: number } | null {
  for (let at = bytes.indexOf(SCRIPT_START); at !== -1; at = bytes.indexOf(SCRIPT_START, at + 1)) {
    const close = bytes.indexOf(TAG_END, at);
    if (close === -1) return null;
    if (MODULE_SCRIPT.test(bytes.toString('latin1', at, close + 1)))
      return { start: at, bodyStart: close + 1 };
  }
  return null;
}

/**
 * The rewrite as the document's bytes go by: `push` gives back the pieces that can be written so
 * far and holds back a watched tag cut at the chunk's end, and the module script until its end;
 * `end` gives back what is held. Once the module script is rewritten the rest passes unchanged.
 */
function createScriptsAfterLoadRewriter() {
  let carry: Buffer | null = null;
  let isDone = false;
  const preloads: string[] = [];
  /** `bytes` without its module preloads (their hrefs noted), as pieces of it. */
  const withoutPreloads = (bytes: Buffer): Buffer[] => {
    const pieces: Buffer[] = [];
    let from = 0;
    for (let at = bytes.indexOf(MODULE_PRELOAD_START); at !== -1;) {
      const quote = bytes.indexOf(QUOTE, at + MODULE_PRELOAD_START.length);
      const close = quote === -1 ? -1 : bytes.indexOf(TAG_END, quote);
      const tag = close === -1 ? null : MODULE_PRELOAD.exec(bytes.toString('latin1', at, close + 1));
      if (tag) {
        preloads.push(tag[1]!);
        pieces.push(bytes.subarray(from, at));
        from = close + 1;
      }
      at = bytes.indexOf(MODULE_PRELOAD_START, tag ? from : at + 1);
    }
    pieces.push(from === 0 ? bytes : bytes.subarray(from));
    return pieces;
  };
  return {
    isDone: () => isDone,
    push(chunk: Buffer): Buffer[] {
      if (isDone) return [chunk];
      const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      carry = null;
      const script = findModuleScript(bytes);
      if (script) {
        const end = bytes.indexOf(SCRIPT_END, script.bodyStart);
        if (end === -1) {
          carry = Buffer.from(bytes.subarray(script.start));
          return withoutPreloads(bytes.subarray(0, script.start));
        }
        isDone = true;
        const before = withoutPreloads(bytes.subarray(0, script.start));
        const body = deferredModuleScript(bytes.toString('latin1', script.bodyStart, end), preloads);
        return [
          ...before,
          bytes.subarray(script.start, script.bodyStart),
          Buffer.from(body, 'latin1'),
          bytes.subarray(end),
        ];
      }
      const lastTag = bytes.lastIndexOf(TAG_START);
      const heldBack =
        lastTag !== -1 &&
        bytes.indexOf(TAG_END, lastTag) === -1 &&
        isWatchedTagStart(bytes.toString('latin1', lastTag, lastTag + LONGEST_WATCHED_TAG));
      if (!heldBack) return withoutPreloads(bytes);
      carry = Buffer.from(bytes.subarray(lastTag));
      return withoutPreloads(bytes.subarray(0, lastTag));
    },
    end(): Buffer {
      const rest = carry ?? Buffer.alloc(0);
      carry = null;
      return rest;
    },
  };
}
