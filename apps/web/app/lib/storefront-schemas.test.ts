import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveImport, staticSpecifiers } from './module-graph';

const APP = path.resolve(import.meta.dirname, '..');

/**
 * The chains of static imports from `file` to each module that imports zod, whose schemas are
 * built when the module loads. Server-only modules (`*.server.ts`) never reach the browser.
 */
function chainsToZod(file: string, chain: string[] = [], seen = new Set<string>()): string[] {
  if (seen.has(file) || /\.server\.tsx?$/.test(file)) return [];
  seen.add(file);
  const here = [...chain, path.relative(APP, file)];
  const source = fs.readFileSync(file, 'utf8');
  const specs = staticSpecifiers(source);
  const found = specs.includes('zod') ? [here.join(' <- ')] : [];
  for (const spec of specs) {
    const target = resolveImport(file, spec);
    if (target) found.push(...chainsToZod(target, here, seen));
  }
  return found;
}

describe('storefront pages build no validation schemas when they load', () => {
  // Building zod schemas cost a phone 30-45 ms of main-thread time on every page while the shell
  // imported them; only forms that check input (cart, contact, sign-up, admin) need them.
  it.each([
    'root.tsx',
    'routes/home.tsx',
    'routes/single-product.tsx',
    'routes/shopall.tsx',
    'routes/category.tsx',
    'routes/category-subcategory.tsx',
    'routes/all-designs.tsx',
    'routes/search.tsx',
    'routes/blogs.tsx',
    'routes/blog-detail.tsx',
  ])('%s', (file) => {
    expect(chainsToZod(path.join(APP, file))).toEqual([]);
  });

  it('finds a schema module the walk reaches (the check can fail)', () => {
    expect(chainsToZod(path.join(APP, 'routes/contactus.tsx'))).toContain(
      'routes/contactus.tsx <- features/contact/contact-form.tsx <- features/contact/contact-errors.ts <- ../../../packages/shared/src/schemas/contact.ts',
    );
  });
});
