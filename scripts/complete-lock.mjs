// Completes package-lock.json with the optional platform packages npm leaves out of it.
//
// npm writes a lock from the packages installed on this platform, so other platforms' optional
// binaries (Tailwind's oxide, Rollup, esbuild, ...) go missing and `npm ci` then refuses the lock
// everywhere. Run after every `npm install` that changes the lock:
//   node scripts/complete-lock.mjs
// Each missing package is added at the version its parent asks for, with the registry's tarball
// and integrity; where the registry no longer serves that exact version, the entry keeps the
// version and the platform fields (os, cpu, libc) of the nearest published one, which is all
// `npm ci` reads of a package it skips on this platform.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const FIELDS = ['version', 'dist', 'os', 'cpu', 'libc', 'engines', 'license', 'dependencies', 'bin'];

function view(spec) {
  try {
    const out = execFileSync('npm', ['view', spec, '--json', ...FIELDS], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const info = JSON.parse(out);
    return Array.isArray(info) ? info.at(-1) : info;
  } catch {
    return null;
  }
}

/** Where node would look for `name` from the package at `path`, nearest first. */
function lookupPaths(path, name) {
  const paths = [];
  let dir = path;
  for (;;) {
    paths.push(`${dir ? `${dir}/` : ''}node_modules/${name}`);
    if (!dir) return paths;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i < 0 ? '' : dir.slice(0, i);
  }
}

function entryFor(name, range, parentIsDev) {
  const exact = view(`${name}@${range}`);
  const meta = exact ?? view(name);
  if (!meta) throw new Error(`the registry knows nothing of ${name}`);
  const entry = exact
    ? { version: meta.version, resolved: meta.dist.tarball, integrity: meta.dist.integrity }
    : { version: range };
  if (meta.cpu) entry.cpu = meta.cpu;
  if (meta.dependencies && Object.keys(meta.dependencies).length) entry.dependencies = meta.dependencies;
  if (meta.bin) entry.bin = typeof meta.bin === 'string' ? { [name.split('/').pop()]: meta.bin } : meta.bin;
  if (parentIsDev) entry.dev = true;
  if (meta.engines) entry.engines = meta.engines;
  if (meta.libc) entry.libc = meta.libc;
  if (meta.license) entry.license = meta.license;
  entry.optional = true;
  if (meta.os) entry.os = meta.os;
  return { entry, exact: Boolean(exact) };
}

const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;
let added = 0;
for (let changed = true; changed;) {
  changed = false;
  for (const [path, meta] of Object.entries(packages)) {
    // An optional package's own dependencies are as optional as it is.
    const wanted = meta.optional
      ? { ...meta.dependencies, ...meta.optionalDependencies }
      : (meta.optionalDependencies ?? {});
    for (const [name, range] of Object.entries(wanted)) {
      if (lookupPaths(path, name).some((p) => packages[p])) continue;
      const { entry, exact } = entryFor(name, range, meta.dev);
      packages[`node_modules/${name}`] = entry;
      console.log(`added ${name}@${entry.version}${exact ? '' : ' (platform fields only)'}`);
      added += 1;
      changed = true;
    }
  }
}
// npm's own order, so a later `npm install` leaves the file as it is.
const order = (a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'));
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => order(a, b)));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `package-lock.json: ${added} entries added` : 'package-lock.json was complete');
