import fs from 'node:fs';
import path from 'node:path';

/**
 * The storefront's source module graph as its tests read it (never shipped): which files a module
 * imports. Follows `~/`, relative and `@catalogue/shared/` imports; `import type` is erased and
 * packages are not followed.
 */
const APP = path.resolve(import.meta.dirname, '..');
const SHARED = path.resolve(APP, '../../../packages/shared/src');

export function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('~/')
    ? path.join(APP, spec.slice(2))
    : spec.startsWith('@catalogue/shared/')
      ? path.join(SHARED, spec.slice('@catalogue/shared/'.length))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(from), spec)
        : null;
  if (!base) return null;
  for (const file of [base, `${base}.tsx`, `${base}.ts`]) {
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/** The module specifiers `source` imports or re-exports statically, `import type` aside. */
export const staticSpecifiers = (source: string) =>
  [...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);

/** The module specifiers `source` imports lazily, with `import('…')`. */
export const lazySpecifiers = (source: string) =>
  [...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!);
