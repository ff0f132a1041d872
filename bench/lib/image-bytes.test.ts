import { describe, expect, it, vi } from 'vitest';
import { imageBytesTable, measureImageBytes } from './image-bytes.ts';

const answer = (type: string, bytes: number) =>
  new Response(new Uint8Array(bytes), { headers: { 'content-type': type } });

describe('image bytes', () => {
  it('asks for WebP, then for AVIF until the server has made it', async () => {
    const seen = new Map<string, number>();
    const fetcher = vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
      if (!init.headers.accept!.startsWith('image/avif')) return answer('image/webp', 1000);
      const n = (seen.get(url) ?? 0) + 1;
      seen.set(url, n);
      // The first AVIF request gets WebP while the AVIF is made.
      return n === 1 ? answer('image/webp', 1000) : answer('image/avif', 700);
    });
    const rows = await measureImageBytes('http://bench', '/media/abc', { fetcher, waitMs: 5000 });
    expect(rows).toEqual([
      { size: 'list 600×600 inside', webpBytes: 1000, avifBytes: 700 },
      { size: 'cart 400×400 cover', webpBytes: 1000, avifBytes: 700 },
      { size: 'list 600×600 inside, dpr 2', webpBytes: 1000, avifBytes: 700 },
    ]);
    expect(fetcher).toHaveBeenCalledWith('http://bench/media/abc?w=400&h=400&fit=cover&q=86', {
      headers: { accept: 'image/webp,*/*;q=0.8' },
    });
  });

  it('gives up when AVIF never comes', async () => {
    const fetcher = vi.fn(async () => answer('image/webp', 10));
    await expect(measureImageBytes('http://bench', '/media/abc', { fetcher, waitMs: 0 })).rejects.toThrow(
      'the AVIF variant was not ready',
    );
  });

  it('reports AVIF beside WebP with its share', () => {
    expect(imageBytesTable([{ size: 'cart', webpBytes: 12000, avifBytes: 9000 }])).toEqual([
      { size: 'cart', 'WebP bytes': 12000, 'AVIF bytes': 9000, 'AVIF / WebP': '75 %' },
    ]);
  });
});
