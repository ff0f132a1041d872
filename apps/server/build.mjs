// Bundles the server (and the workspace packages it imports) into dist/; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/db/seed/cli.ts',
    admin: 'src/cli/admin.ts',
    'media-copy': 'src/cli/media-copy.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@catalogue/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
