import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Rollup } from 'vite';
import path from 'node:path';

const ROOT_ROUTE = path.resolve(import.meta.dirname, 'app/root.tsx');

/**
 * Every module the root route imports statically, its own and the shared package's, in one `shell`
 * chunk: each page loads all of them anyway, and on a slow link each of the ~20 small chunks Rollup
 * made of them was a request of its own (six at a time over HTTP/1.1), a round trip each.
 */
function shellChunk(): Rollup.GetManualChunk {
  let shell: Set<string> | null = null;
  return (id, { getModuleInfo, getModuleIds }) => {
    if (!shell) {
      shell = new Set();
      const rootId = [...getModuleIds()].find((m) => m.split('?')[0] === ROOT_ROUTE);
      const stack = rootId ? [...(getModuleInfo(rootId)?.importedIds ?? [])] : [];
      while (stack.length > 0) {
        const next = stack.pop()!;
        if (shell.has(next) || next.includes('/node_modules/')) continue;
        shell.add(next);
        stack.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return shell.has(id) ? 'shell' : undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk() } },
  },
}));
