import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Database } from '../../db/client.ts';
import { findSitemapData } from './sitemap.repository.ts';
import {
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  chunkUrls,
  renderSitemapIndex,
  renderUrl,
  renderUrlset,
  sitemapEntries,
} from './sitemap.ts';

const gzip = promisify(zlib.gzip);

/** A rendered file, kept gzipped: a 50,000-URL file is ~50 MB of XML but ~1 MB compressed. */
export type SitemapFile = { gzipped: Buffer; etag: string };

type SitemapBuild = {
  /** `/sitemap.xml`: the only urlset, or the index when the site needs several files. */
  root: SitemapFile;
  /** `/sitemap-{n}.xml`, n from 1; present only when the root is an index. */
  parts: SitemapFile[];
  urlCount: number;
};

export type SitemapEvents = {
  on(event: 'catalogue:changed' | 'blogs:changed', listener: () => void): unknown;
};

export type SitemapOptions = {
  database: Database;
  events: SitemapEvents;
  siteUrl: string;
  /** Injectable so a test can cross the split cheaply; never above the protocol's 50,000. */
  maxUrlsPerFile?: number;
  maxBytesPerFile?: number;
};

async function toFile(xml: string): Promise<SitemapFile> {
  const etag = `"${crypto.createHash('sha1').update(xml).digest('base64url')}"`;
  return { gzipped: await gzip(xml), etag };
}

/** Part files are addressed as `/sitemap-{n}.xml`. */
export const sitemapPartPath = (n: number) => `/sitemap-${n}.xml`;

/**
 * Builds `/sitemap.xml` on first request and keeps it until the catalogue or the blog changes;
 * then the next request builds it again, so a bulk import costs one rebuild, not thousands.
 */
export function createSitemapService(options: SitemapOptions) {
  const maxUrls = Math.min(options.maxUrlsPerFile ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const maxBytes = Math.min(options.maxBytesPerFile ?? SITEMAP_MAX_BYTES, SITEMAP_MAX_BYTES);
  let cached: Promise<SitemapBuild> | null = null;
  let builds = 0;

  async function build(): Promise<SitemapBuild> {
    builds++;
    const entries = sitemapEntries(await findSitemapData(options.database.db));
    const files: { file: SitemapFile; lastmod: Date | null }[] = [];
    // One file at a time: each is compressed before the next is rendered.
    for (const chunk of chunkUrls(entries, (e) => renderUrl(options.siteUrl, e), { maxUrls, maxBytes })) {
      files.push({ file: await toFile(renderUrlset(chunk.urls)), lastmod: chunk.lastmod });
    }
    if (files.length === 1) return { root: files[0]!.file, parts: [], urlCount: entries.length };
    const index = renderSitemapIndex(
      files.map((f, i) => ({ loc: options.siteUrl + sitemapPartPath(i + 1), lastmod: f.lastmod })),
    );
    const parts = files.map((f) => f.file);
    return { root: await toFile(index), parts, urlCount: entries.length };
  }

  function current(): Promise<SitemapBuild> {
    if (!cached) {
      const pending = build();
      cached = pending;
      // A failed build is not cached: the next request tries again.
      pending.catch(() => {
        if (cached === pending) cached = null;
      });
    }
    return cached;
  }

  const invalidate = () => {
    cached = null;
  };
  options.events.on('catalogue:changed', invalidate);
  options.events.on('blogs:changed', invalidate);

  return {
    async root(): Promise<SitemapFile> {
      return (await current()).root;
    },
    /** Null when there is no such part (including when the sitemap is a single file). */
    async part(n: number): Promise<SitemapFile | null> {
      return (await current()).parts[n - 1] ?? null;
    },
    async stats() {
      const { parts, urlCount } = await current();
      return { urlCount, files: Math.max(1, parts.length), builds };
    },
    invalidate,
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
