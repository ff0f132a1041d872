import JSZip from 'jszip';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deflateStoredZip } from './zip-deflate.ts';

async function zipOf(compression: 'STORE' | 'DEFLATE', png: Buffer) {
  const zip = new JSZip();
  zip.file('xl/worksheets/sheet1.xml', '<row><c>Kundan Ring</c></row>'.repeat(200));
  zip.file('xl/media/image1.png', png);
  zip.file('[Content_Types].xml', '<Types/>');
  return zip.generateAsync({ type: 'nodebuffer', compression });
}

/** Compression method of each entry, from the central directory. */
function methods(zip: Buffer): Record<string, number> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(eocd + 16);
  const out: Record<string, number> = {};
  for (let n = zip.readUInt16LE(eocd + 10); n > 0; n--) {
    const nameLength = zip.readUInt16LE(at + 28);
    out[zip.subarray(at + 46, at + 46 + nameLength).toString()] = zip.readUInt16LE(at + 10);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

describe('deflateStoredZip', () => {
  it('compresses the entries that shrink, keeps the rest stored, and the archive reads back the same', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#7a4b12' } })
      .png()
      .toBuffer();
    const stored = await zipOf('STORE', png);
    const deflated = deflateStoredZip(stored);

    expect(deflated.length).toBeLessThan(stored.length / 4);
    expect(methods(deflated)).toMatchObject({
      'xl/worksheets/sheet1.xml': 8,
      'xl/media/image1.png': 0,
      '[Content_Types].xml': 0,
    });
    const read = await JSZip.loadAsync(deflated, { checkCRC32: true });
    expect(await read.file('xl/worksheets/sheet1.xml')!.async('string')).toBe(
      '<row><c>Kundan Ring</c></row>'.repeat(200),
    );
    expect((await read.file('xl/media/image1.png')!.async('nodebuffer')).equals(png)).toBe(true);
    expect(await read.file('[Content_Types].xml')!.async('string')).toBe('<Types/>');
  });

  it('answers anything but a stored archive unchanged', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const already = await zipOf('DEFLATE', png);
    expect(deflateStoredZip(already)).toBe(already);
    const notZip = Buffer.from('not a zip archive at all, just some bytes that go on for a while');
    expect(deflateStoredZip(notZip)).toBe(notZip);
  });
});
