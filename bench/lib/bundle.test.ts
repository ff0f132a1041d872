import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { firstLoadFiles, inlineStyles, linkedStylesheets, type RouterManifest } from './bundle.ts';

const manifest: RouterManifest = {
  url: '/assets/manifest-1.js',
  entry: { module: '/assets/entry.client.js', imports: ['/assets/jsx-runtime.js'] },
  routes: {
    root: { id: 'root', module: '/assets/root.js', imports: ['/assets/jsx-runtime.js', '/assets/i18n.js'] },
    prefix: { id: 'prefix', parentId: 'root', module: '/assets/prefix.js' },
    'prefixed:singleproduct': {
      id: 'prefixed:singleproduct',
      parentId: 'prefix',
      module: '/assets/single-product.js',
      imports: ['/assets/i18n.js', '/assets/gallery.js'],
      css: ['/assets/gallery.css'],
    },
    admin: { id: 'admin', parentId: 'root', module: '/assets/admin.js', imports: ['/assets/charts.js'] },
  },
};

describe('firstLoadFiles', () => {
  it('counts the manifest, the entry and every route from the root down, each file once', () => {
    expect(firstLoadFiles(manifest, 'prefixed:singleproduct')).toEqual({
      js: [
        '/assets/manifest-1.js',
        '/assets/entry.client.js',
        '/assets/jsx-runtime.js',
        '/assets/root.js',
        '/assets/i18n.js',
        '/assets/prefix.js',
        '/assets/single-product.js',
        '/assets/gallery.js',
      ],
      css: ['/assets/gallery.css'],
    });
  });
  it('leaves out routes the page does not render', () => {
    expect(firstLoadFiles(manifest, 'root').js).not.toContain('/assets/admin.js');
    expect(firstLoadFiles(manifest, 'root').js).not.toContain('/assets/charts.js');
  });
  it('names a route missing from the manifest', () => {
    expect(() => firstLoadFiles(manifest, 'nope')).toThrow('route nope is not in the manifest');
  });
});

describe('linkedStylesheets', () => {
  it('finds the stylesheets a page links, not preloads or other sites', () => {
    const html =
      '<link rel="stylesheet" href="/assets/app-1.css"/><link rel="preload" href="/assets/font.woff2"/>' +
      '<link href="/assets/print.css?v=2" rel="stylesheet"><link rel="stylesheet" href="https://cdn.example/x.css">';
    expect(linkedStylesheets(html)).toEqual(['/assets/app-1.css', '/assets/print.css']);
  });
});

describe('inlineStyles', () => {
  it('counts every inline style element of the page as one gzip-compressed sheet', () => {
    const html = '<style data-href="app-css">body{color:red}</style><p>x</p><style>p{margin:0}</style>';
    const css = 'body{color:red}p{margin:0}';
    expect(inlineStyles(html)).toEqual([
      { file: 'inline <style>', bytes: css.length, gzip: zlib.gzipSync(css).length },
    ]);
    expect(inlineStyles('<p>no style</p>')).toEqual([]);
  });
});
