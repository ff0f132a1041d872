// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** The repository's own lint configuration, limited to the rule that keeps the layers apart. */
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.js'),
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});

async function messagesOf(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

describe('web features never import each other', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature, by alias or by relative path', async () => {
    const byAlias = await messagesOf(
      'apps/web/app/features/cart/probe.tsx',
      "import { ProductCard } from '~/features/catalogue/product-card';\nexport const probe = ProductCard;\n",
    );
    expect(byAlias).toEqual([
      {
        ruleId: 'import-x/no-restricted-paths',
        message:
          'Unexpected path "~/features/catalogue/product-card" imported in restricted zone. features must not import each other (cart imports another feature): move what both need to lib/ or components/, or let the route combine them',
      },
    ]);

    const byRelativePath = await messagesOf(
      'apps/web/app/features/quotes/probe.ts',
      "import { formatDay } from '../admin/admin-format';\nexport const probe = formatDay;\n",
    );
    expect(byRelativePath.map((m) => m.message)).toEqual([
      'Unexpected path "../admin/admin-format" imported in restricted zone. features must not import each other (quotes imports another feature): move what both need to lib/ or components/, or let the route combine them',
    ]);
  });

  it('tells apart features whose names start alike', async () => {
    const fromBlog = await messagesOf(
      'apps/web/app/features/blog/probe.tsx',
      "import { BlogList } from '~/features/blog-admin/blog-list';\nexport const probe = BlogList;\n",
    );
    expect(fromBlog.map((m) => m.ruleId)).toEqual(['import-x/no-restricted-paths']);

    const fromBlogAdmin = await messagesOf(
      'apps/web/app/features/blog-admin/probe.tsx',
      "import { BlogList } from '~/features/blog-admin/blog-list';\nexport const probe = BlogList;\n",
    );
    expect(fromBlogAdmin).toEqual([]);
  });

  it('lets a feature import lib, components and its own files', async () => {
    const messages = await messagesOf(
      'apps/web/app/features/cart/probe.tsx',
      [
        "import { productPath } from '~/lib/paths';",
        "import { useEnquiryList } from '~/lib/enquiry/use-enquiry-list';",
        "import { QuantityControl } from '~/components/quantity-control';",
        "import { CartLines } from '~/features/cart/cart-lines';",
        'export const probe = [productPath, useEnquiryList, QuantityControl, CartLines];',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('lets a route combine several features', async () => {
    const messages = await messagesOf(
      'apps/web/app/routes/probe.tsx',
      [
        "import { ProductCard } from '~/features/catalogue/product-card';",
        "import { CartLines } from '~/features/cart/cart-lines';",
        'export const probe = [ProductCard, CartLines];',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });
});
