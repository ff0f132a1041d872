import { describe, expect, it } from 'vitest';
import { HTML_PAGE, sampleImage, SVG_IMAGE, TEXT_FILE } from '../../../test/image-fixtures.ts';
import { IMAGE_MIME, sniffImageType } from './image-type.ts';

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

  it('reads a signature that is the whole file, and needs all of it', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff]))).toBe('jpeg');
    expect(sniffImageType(Buffer.from([0xff, 0x00, 0x00]))).toBeNull();
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00]))).toBeNull();
  });

  it('knows both GIF versions, and WebP only inside a RIFF container', () => {
    expect(sniffImageType(Buffer.from('GIF87a\x01\x00\x01\x00', 'latin1'))).toBe('gif');
    expect(sniffImageType(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBe('gif');
    expect(sniffImageType(Buffer.from('GIF88a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffImageType(Buffer.from('RIFX\0\0\0\0WEBPVP8 ', 'latin1'))).toBeNull();
  });

  it('reads AVIF brands only inside a whole ftyp box of at least 16 bytes', () => {
    const box = (size: number, rest: string) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(size);
      return Buffer.concat([head, Buffer.from(rest, 'latin1')]);
    };
    expect(sniffImageType(box(16, 'ftypavis\0\0\0\0'))).toBe('avif');
    expect(sniffImageType(box(16, 'ftypavif\0\0\0\0'))).toBe('avif');
    expect(sniffImageType(box(12, 'ftypavif'))).toBeNull();
    expect(sniffImageType(box(16, 'moovavif\0\0\0\0'))).toBeNull();
    // A compatible brand after the end of the box belongs to something else.
    expect(sniffImageType(box(16, 'ftypmif1\0\0\0\0avif\0\0\0\0'))).toBeNull();
    expect(sniffImageType(box(20, 'ftypmif1\0\0\0\0avif\0\0\0\0'))).toBe('avif');
  });

  it('gives each accepted type its MIME type', () => {
    expect(IMAGE_MIME).toEqual({
      jpeg: 'image/jpeg',
      png: 'image/png',
      webp: 'image/webp',
      avif: 'image/avif',
      gif: 'image/gif',
    });
  });
});
