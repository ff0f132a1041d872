import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The part of React Router's browser manifest (`window.__reactRouterManifest`) the sizes need. */
export type RouterManifest = {
  url?: string;
  entry: { module: string; imports?: string[]; css?: string[] };
  routes: Record<
    string,
    { id: string; parentId?: string; module: string; imports?: string[]; css?: string[] }
  >;
};

/**
 * Every file a first visit to a page downloads before it is interactive: the manifest itself, the
 * client entry, and each route module from the root down to `routeId` with their static imports
 * (all modulepreloaded by the server-rendered page). Lazy chunks are not counted.
 */
export function firstLoadFiles(manifest: RouterManifest, routeId: string): { js: string[]; css: string[] } {
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    if (!manifest.routes[id]) throw new Error(`route ${id} is not in the manifest`);
    chain.unshift(id);
  }
  const js = new Set<string>(manifest.url ? [manifest.url] : []);
  const css = new Set<string>();
  const add = (part: { module: string; imports?: string[]; css?: string[] }) => {
    js.add(part.module);
    for (const file of part.imports ?? []) js.add(file);
    for (const file of part.css ?? []) css.add(file);
  };
  add(manifest.entry);
  for (const id of chain) add(manifest.routes[id]!);
  return { js: [...js], css: [...css] };
}

/** Reads the browser manifest React Router wrote into the client build. */
export function readRouterManifest(clientDir: string): RouterManifest {
  const assets = path.join(clientDir, 'assets');
  const file = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const text = fs.readFileSync(path.join(assets, file), 'utf8');
  const json = text.replace(/^window\.__reactRouterManifest\s*=\s*/, '').replace(/;\s*$/, '');
  return { url: `/assets/${file}`, ...(JSON.parse(json) as RouterManifest) };
}

/** Stylesheets a server-rendered page links (the app's CSS is linked by the root, not the manifest). */
export function linkedStylesheets(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (!/\brel="stylesheet"/.test(tag)) continue;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href?.startsWith('/')) found.add(href.split('?')[0]!);
  }
  return [...found];
}

/**
 * The page's inline `<style>` elements as one pseudo-file (`inline <style>`), so a stylesheet
 * inlined in the HTML still counts as the page's CSS; none when the page has no inline style.
 */
export function inlineStyles(html: string): FileSize[] {
  const css = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  if (!css) return [];
  const data = Buffer.from(css);
  return [{ file: 'inline <style>', bytes: data.length, gzip: zlib.gzipSync(data).length }];
}

export type FileSize = { file: string; bytes: number; gzip: number };

/** Raw and gzip sizes of built files (zlib's default level, as the server compresses on the fly). */
export function fileSizes(clientDir: string, files: string[]): FileSize[] {
  return files.map((file) => {
    const data = fs.readFileSync(path.join(clientDir, file));
    return { file, bytes: data.length, gzip: zlib.gzipSync(data).length };
  });
}

export const totalGzipKb = (sizes: FileSize[]) =>
  Math.round(sizes.reduce((n, s) => n + s.gzip, 0) / 102.4) / 10;
