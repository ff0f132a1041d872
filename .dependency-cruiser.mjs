// `npm run cycles` (part of `npm run check`): no import circles in the server, the shared package
// and the benchmarks, type-only imports included. ESLint's import-x/no-cycle skips `import type`,
// which TypeScript erases, yet two files that need each other's types still cannot be read, changed
// or moved apart; so the circle check reads the imports before compilation (tsPreCompilationDeps).
// The storefront stays with import-x/no-cycle: its `~/` paths are not resolved here.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle, type-only imports included: move what both sides need to a third file.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/build/', '/dist/'] },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      // @catalogue/shared resolves through its package.json exports to the TypeScript sources.
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'types'],
    },
  },
};
