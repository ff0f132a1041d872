// test scope: same on either database: it reads source files and runs the lint tools on them.
// The module surfaces and the ban on import circles are kept by tools (ESLint's
// no-restricted-paths zones in eslint.config.js, dependency-cruiser with .dependency-cruiser.mjs
// in `npm run check`). These tests feed each one the import it is there to refuse, so a change of
// configuration that quietly stops it fails here.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

describe('lint: a server module is imported only through its index.ts', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  /** The surface rule's messages for `code` as if it were the file at `file` (which need not exist). */
  async function refusals(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages
      .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
      .map((message) => message.message);
  }

  it("refuses a module's import of another module's file, and takes the same name from its index.ts", async () => {
    const deep = await refusals(
      'apps/server/src/modules/cart/probe.ts',
      "import { thumbnailOf } from '../media/thumbnail.ts';\nexport const probe = thumbnailOf;\n",
    );
    expect(deep).toHaveLength(1);
    expect(deep[0]).toContain("cart reaches into another module's files");
    expect(
      await refusals(
        'apps/server/src/modules/cart/probe.ts',
        "import { thumbnailOf } from '../media/index.ts';\nexport const probe = thumbnailOf;\n",
      ),
    ).toEqual([]);
  });

  it("leaves a module's own files (and its tests) free to import each other", async () => {
    const code =
      "import { createCartService } from './cart.service.ts';\nexport const probe = createCartService;\n";
    expect(await refusals('apps/server/src/modules/cart/probe.ts', code)).toEqual([]);
    expect(await refusals('apps/server/src/modules/cart/probe.test.ts', code)).toEqual([]);
  });

  it("holds a module's tests to the module's rule for other modules", async () => {
    const deep = await refusals(
      'apps/server/src/modules/cart/probe.test.ts',
      "import { createPublicImageUrl } from '../media/public-url.ts';\nexport const probe = createPublicImageUrl;\n",
    );
    expect(deep).toHaveLength(1);
  });

  it('refuses deep imports from the composition root, the tools and the benchmarks', async () => {
    const root_ = await refusals(
      'apps/server/src/probe.ts',
      "import { mediaRoutes } from './modules/media/media.routes.ts';\nexport const probe = mediaRoutes;\n",
    );
    expect(root_).toEqual([
      expect.stringContaining('outside the modules, a server module is imported only through its index.ts'),
    ]);
    const bench = await refusals(
      'bench/lib/probe.ts',
      "import { priceDraft } from '../../apps/server/src/modules/orders/priced-quote.ts';\nexport const probe = priceDraft;\n",
    );
    expect(bench).toHaveLength(1);
    expect(
      await refusals(
        'apps/server/src/cli/probe.ts',
        "import { createUsersService } from '../modules/users/index.ts';\nexport const probe = createUsersService;\n",
      ),
    ).toEqual([]);
  });

  it('refuses any module import from lib, plugins and jobs, through the surface or not', async () => {
    const code =
      "import { enqueueMail } from '../modules/mail/index.ts';\nexport const probe = enqueueMail;\n";
    for (const folder of ['lib', 'plugins', 'jobs']) {
      const found = await refusals(`apps/server/src/${folder}/probe.ts`, code);
      expect(found, folder).toEqual([expect.stringContaining('sit below the server modules')]);
    }
  });

  it('lets a test outside the modules read internals (it checks how several modules sit on the database)', async () => {
    expect(
      await refusals(
        'apps/server/src/db/probe.test.ts',
        "import { createUsersRepository } from '../modules/users/users.repository.ts';\nexport const probe = createUsersRepository;\n",
      ),
    ).toEqual([]);
  });
});

describe('cycle check: an import circle fails it, type-only imports included', () => {
  const run = promisify(execFile);
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cycles-'));
    // a.ts needs only a type from b.ts, which needs a value from a.ts: TypeScript erases the first
    // import, so the circle never shows at run time, yet the two files still cannot be understood apart.
    await fs.writeFile(
      path.join(dir, 'a.ts'),
      "import type { B } from './b.ts';\nexport type A = { b?: B };\nexport const a = 1;\n",
    );
    await fs.writeFile(
      path.join(dir, 'b.ts'),
      "import { a } from './a.ts';\nexport type B = { a: typeof a };\n",
    );
    await fs.writeFile(path.join(dir, 'c.ts'), "import type { D } from './d.ts';\nexport const c: D = 1;\n");
    await fs.writeFile(path.join(dir, 'd.ts'), 'export type D = number;\n');
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const cruise = (...targets: string[]) =>
    run(path.join(root, 'node_modules/.bin/depcruise'), ['--config', '.dependency-cruiser.mjs', ...targets], {
      cwd: root,
    });

  it('fails on a circle whose one side is a type-only import', async () => {
    const failure = await cruise(dir).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('no-circular');
    expect(failure?.stdout).toMatch(/a\.ts →\s+\S*b\.ts →\s+\S*a\.ts/);
  });

  it('passes files without a circle', async () => {
    const { stdout } = await cruise(path.join(dir, 'c.ts'));
    expect(stdout).toContain('no dependency violations found');
  });
});
