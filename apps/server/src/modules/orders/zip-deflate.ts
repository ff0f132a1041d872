import zlib from 'node:zlib';

/**
 * Compresses the entries of a zip archive written without compression (method 0, "stored"), with
 * Node's native zlib. ExcelJS compresses through JSZip's pure-JavaScript deflate, which was half
 * of the CPU a quotation workbook cost; asked to store instead, it leaves the compressing to this.
 * Names, times, attributes and CRCs are kept; an entry that does not shrink (a PNG picture) stays
 * stored. Anything unexpected (another method, data descriptors, zip64) answers the input as is.
 */

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const DEFLATE_VERSION = 20;
/** General purpose flag bit 3: sizes follow the data instead of being in the local header. */
const DATA_DESCRIPTOR = 0x08;

function endOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) return i;
  }
  return -1;
}

export function deflateStoredZip(zip: Buffer): Buffer {
  const eocd = endOfCentralDirectory(zip);
  if (eocd < 0) return zip;
  const count = zip.readUInt16LE(eocd + 10);
  let central = zip.readUInt32LE(eocd + 16);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let n = 0; n < count; n++) {
    if (central + 46 > zip.length || zip.readUInt32LE(central) !== CENTRAL) return zip;
    const entryLength =
      46 + zip.readUInt16LE(central + 28) + zip.readUInt16LE(central + 30) + zip.readUInt16LE(central + 32);
    const entry = Buffer.from(zip.subarray(central, central + entryLength));
    const local = entry.readUInt32LE(42);
    const size = entry.readUInt32LE(24);
    const isStored = entry.readUInt16LE(10) === STORED && entry.readUInt32LE(20) === size;
    if (!isStored || entry.readUInt16LE(8) & DATA_DESCRIPTOR || zip.readUInt32LE(local) !== LOCAL) return zip;
    const headerLength = 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const header = Buffer.from(zip.subarray(local, local + headerLength));
    const data = zip.subarray(local + headerLength, local + headerLength + size);
    const deflated = zlib.deflateRawSync(data);
    const isSmaller = deflated.length < data.length;
    const body = isSmaller ? deflated : data;
    for (const [buffer, versionAt, methodAt, sizeAt] of [
      [header, 4, 8, 18],
      [entry, 6, 10, 20],
    ] as const) {
      // Deflate needs version 2.0 of the format to extract.
      if (isSmaller)
        buffer.writeUInt16LE(Math.max(DEFLATE_VERSION, buffer.readUInt16LE(versionAt)), versionAt);
      buffer.writeUInt16LE(isSmaller ? DEFLATED : STORED, methodAt);
      buffer.writeUInt32LE(body.length, sizeAt);
    }
    entry.writeUInt32LE(offset, 42);
    locals.push(header, body);
    centrals.push(entry);
    offset += header.length + body.length;
    central += entryLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.from(zip.subarray(eocd));
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
