import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resourcesFor } from './i18n-resources.server';
import { lazySpecifiers, resolveImport, staticSpecifiers } from './module-graph';
import { ADMIN_PAGES, PAGES } from './page-table';
import { SHELL_TEXTS } from './text-scope';

const APP = path.resolve(import.meta.dirname, '..');

/**
 * Namespaces a module and everything it imports (statically or lazily, `import type` aside) use:
 * `useTranslation('ns')`, `getFixedT(lng, 'ns')` and `texts.ns` (meta functions read the root's
 * texts). Tests are not followed.
 */
function namespacesUsed(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file) || /\.test\.tsx?$/.test(file)) return found;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  for (const m of source.matchAll(/useTranslation\(\s*['"]([\w-]+)['"]/g)) found.add(m[1]!);
  for (const m of source.matchAll(/getFixedT\([^,)]+,\s*['"]([\w-]+)['"]/g)) found.add(m[1]!);
  for (const m of source.matchAll(/\btexts\.([a-z][\w-]*)/g)) found.add(m[1]!);
  for (const spec of [...staticSpecifiers(source), ...lazySpecifiers(source)]) {
    const target = resolveImport(file, spec);
    if (target) for (const ns of namespacesUsed(target, seen)) found.add(ns);
  }
  return found;
}

const namespaces = Object.keys(resourcesFor('en'));
/** Namespaces that are not i18next texts: `seo` reaches `meta` through the root's `seo` field. */
const notTexts = new Set(['seo']);
const used = (file: string) =>
  [...namespacesUsed(path.join(APP, file))].filter((ns) => namespaces.includes(ns) && !notTexts.has(ns));

describe('page table', () => {
  it('declares every namespace each page and the shell use', () => {
    const shell = used('root.tsx');
    expect(shell.filter((ns) => !SHELL_TEXTS.includes(ns))).toEqual([]);
    for (const page of PAGES) {
      const missing = used(page.file).filter((ns) => !SHELL_TEXTS.includes(ns) && !page.texts.includes(ns));
      expect(missing, `${page.file} uses namespaces its page does not declare`).toEqual([]);
    }
  });

  it('names only namespaces that exist, and finds the ones a page obviously uses', () => {
    for (const page of PAGES) for (const ns of page.texts) expect(namespaces, page.file).toContain(ns);
    // The scan itself: the product page uses the catalogue texts, the login page the account texts.
    expect(used('routes/single-product.tsx')).toContain('catalogue');
    expect(used('routes/login.tsx')).toContain('account');
    expect(used('routes/home.tsx')).toEqual(expect.arrayContaining(['home', 'catalogue']));
  });

  it('has a file for every page', () => {
    for (const { file } of [...PAGES, ...ADMIN_PAGES])
      expect(fs.existsSync(path.join(APP, file)), file).toBe(true);
  });
});
