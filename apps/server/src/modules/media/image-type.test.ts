import { describe, expect, it } from 'vitest';
import { HTML_PAGE, sampleImage, SVG_IMAGE, TEXT_FILE } from '../../../test/image-fixtures.ts';
import { sniffImageType } from './image-type.ts';

describe('sniffImageType', () => {
  it.each(['jpeg', 'png', 'webp', 'avif', 'gif'] as const)('recognises %s from its bytes', async (format) => {
    expect(sniffImageType(await sampleImage(format, 16, 16))).toBe(format);
  });

  it('refuses SVG, HTML, text, empty and truncated input', () => {
    expect(sniffImageType(SVG_IMAGE)).toBeNull();
    expect(sniffImageType(HTML_PAGE)).toBeNull();
    expect(sniffImageType(TEXT_FILE)).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });

  it('tells AVIF from other ISO media files (HEIC, MP4)', () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const body = Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1');
      const size = Buffer.alloc(4);
      size.writeUInt32BE(body.length + 4);
      return Buffer.concat([size, body, Buffer.alloc(16)]);
    };
    expect(sniffImageType(ftyp('avif', 'mif1'))).toBe('avif');
    expect(sniffImageType(ftyp('mif1', 'miaf', 'avif'))).toBe('avif');
    expect(sniffImageType(ftyp('heic', 'mif1', 'heic'))).toBeNull();
    expect(sniffImageType(ftyp('isom', 'iso2', 'mp41'))).toBeNull();
  });
});
