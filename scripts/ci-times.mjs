// `node scripts/ci-times.mjs ci.log`: the table of where a `.ci/run` took its time, read from its
// output (the log of a whole run, or stdin), for docs/testing.md ("CI's twenty minutes"). Each of
// `.ci/run`'s steps prints `(at N s)` and its title when it starts, `npm test` prints each of its
// own steps' time, and `npm run check` each of its tools'.
import fs from 'node:fs';

// Colour codes out (ESC [ ... m).
const text = fs
  .readFileSync(process.argv[2] ?? 0, 'utf8')
  .replace(new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g'), '');
const lines = text.split(/\r?\n/);
const number = (value) => Number(value).toLocaleString('en-GB');

/** The step of `.ci/run` a line belongs to: its title, when it started, and what ran inside it. */
const steps = [{ title: 'install (apt packages when missing, `npm ci`)', at: 0, parts: [] }];
let total = null;
let pendingAt = null;
let counts = null;
for (const line of lines) {
  const at = /^\(at (\d+) s\)$/.exec(line);
  if (at) {
    pendingAt = Number(at[1]);
    continue;
  }
  const top = /^=== (.+) ===$/.exec(line);
  if (top && pendingAt !== null) {
    steps.push({ title: top[1], at: pendingAt, parts: [] });
    pendingAt = null;
    continue;
  }
  const step = steps.at(-1);
  const tool = /^--- npm run (\S+): (?:passed|FAILED) in (\d+) s ---$/.exec(line);
  if (tool) step.parts.push(`${tool[1]} ${tool[2]}`);
  const vitest = /^\s*Tests\s+(.*\d+ passed.*)$/.exec(line);
  if (vitest) counts = vitest[1].replace(/\s*\(\d+\)$/, '').replace(/\s*\|\s*/g, ', ');
  const playwright = /^\s+(\d+ passed(?:, \d+ \w+)*) \([\d.]+m?s?\)$/.exec(line);
  if (playwright) counts = playwright[1];
  const inner = /^=== (.+?): (passed|FAILED|reused[^=]*) in (\d+) s ===$/.exec(line);
  if (inner) {
    step.inner ??= [];
    step.inner.push({ title: inner[1], seconds: Number(inner[3]), counts, failed: inner[2] === 'FAILED' });
    counts = null;
  }
  const reused = /^=== (.+?): reused/.exec(line);
  if (reused) (step.inner ??= []).push({ title: `${reused[1]} (reused)`, seconds: 0, counts: null });
  const finished = /^CI finished in (\d+) s$/.exec(line);
  if (finished) total = Number(finished[1]);
}

const rows = [];
steps.forEach((step, index) => {
  const end = steps[index + 1]?.at ?? total;
  const seconds = end === null ? null : end - step.at;
  const pass = /embedded|PGlite/.test(step.title)
    ? 'PGlite'
    : /PostgreSQL/.test(step.title)
      ? 'PostgreSQL'
      : null;
  if (step.inner?.length) {
    for (const part of step.inner) {
      const counted = part.counts?.replace(/\d{4,}/g, (digits) => number(digits));
      const what = counted ? `${part.title.split(':')[0]} (${counted})` : part.title.split(':')[0];
      rows.push([`${pass ? `${pass}: ` : ''}${what}${part.failed ? ' FAILED' : ''}`, part.seconds]);
    }
    const inside = step.inner.reduce((sum, part) => sum + part.seconds, 0);
    if (seconds !== null && seconds - inside > 2)
      rows.push([`${pass ?? step.title}: the rest`, seconds - inside]);
  } else {
    const title = step.parts.length ? `${step.title} (${step.parts.join(', ')}; side by side)` : step.title;
    rows.push([title, seconds]);
  }
});
rows.push(['**total**', total]);

const width = Math.max(...rows.map(([title]) => title.length), 4);
const out = [`| ${'step'.padEnd(width)} | seconds |`, `| ${'-'.repeat(width)} | ------: |`];
for (const [title, seconds] of rows) {
  const value = seconds === null ? '?' : title === '**total**' ? `**${number(seconds)}**` : number(seconds);
  out.push(`| ${title.padEnd(width)} | ${value.padStart(7)} |`);
}
console.log(out.join('\n'));
