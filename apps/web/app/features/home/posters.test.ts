// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstPosterPreload, POSTER_COUNT, posterFallbackSrc, posterSrcSet } from './posters';

const PUBLIC = path.resolve(import.meta.dirname, '../../../public');
const filesOf = (srcSet: string) => srcSet.split(', ').map((candidate) => candidate.split(' ')[0]!);

describe('posters', () => {
  it('names only files that exist, in every width and format', () => {
    const named = Array.from({ length: POSTER_COUNT }, (_, index) => [
      ...filesOf(posterSrcSet(index, 'avif')),
      ...filesOf(posterSrcSet(index, 'webp')),
      posterFallbackSrc(index),
    ]).flat();
    expect(named).toHaveLength(POSTER_COUNT * 9);
    for (const file of named) expect(fs.existsSync(path.join(PUBLIC, file)), file).toBe(true);
  });

  it('offers phones a first poster that fits in one round trip (under 14 KB)', () => {
    const [, options] = firstPosterPreload();
    const phoneFile = filesOf(options.imageSrcSet).find((file) => file.endsWith('-768.avif'))!;
    expect(fs.statSync(path.join(PUBLIC, phoneFile)).size).toBeLessThan(14 * 1024);
  });
});
