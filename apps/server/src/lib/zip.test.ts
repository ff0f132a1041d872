import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zipArchive } from './zip.ts';

/** Reads an archive back through its central directory, checking every CRC. */
function readZip(zip: Buffer) {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; method: number; data: Buffer; time: number; date: number }[] = [];
  for (let n = 0; n < count; n++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const body = zip.subarray(start, start + size);
    const data = method === 8 ? zlib.inflateRawSync(body) : Buffer.from(body);
    expect(zlib.crc32(data)).toBe(crc);
    expect(data.length).toBe(zip.readUInt32LE(at + 24));
    entries.push({ name, method, data, time: zip.readUInt16LE(at + 12), date: zip.readUInt16LE(at + 14) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

describe('zipArchive', () => {
  const when = new Date('2026-03-04T05:06:08Z');

  it('writes entries a reader gets back byte for byte, text deflated, compressed data stored', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5, 6, 7, 8]);
    const text = '<sheet>'.concat('<row/>'.repeat(200), '</sheet>');
    const zip = zipArchive(
      [
        { name: 'xl/sheet.xml', data: text },
        { name: 'xl/media/image1.png', data: png, isCompressed: true },
        { name: 'tiny', data: 'a' },
        { name: 'हार.txt', data: Buffer.alloc(0) },
      ],
      when,
    );
    const entries = readZip(zip);
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['xl/sheet.xml', 8],
      ['xl/media/image1.png', 0],
      ['tiny', 0],
      ['हार.txt', 0],
    ]);
    expect(entries[0]!.data.toString()).toBe(text);
    expect(entries[1]!.data.equals(png)).toBe(true);
    expect(entries[0]!.data.length).toBeGreaterThan(zip.length);
    // 05:06:08 UTC on 4 March 2026, in MS-DOS form.
    expect(entries[0]!.time).toBe((5 << 11) | (6 << 5) | 4);
    expect(entries[0]!.date).toBe(((2026 - 1980) << 9) | (3 << 5) | 4);
  });

  it('gives the same bytes for the same entries', () => {
    const entries = [{ name: 'a.xml', data: '<a>1</a>'.repeat(50) }];
    expect(zipArchive(entries, when).equals(zipArchive(entries, when))).toBe(true);
  });

  it('writes an empty archive', () => {
    expect(readZip(zipArchive([], when))).toEqual([]);
  });
});
