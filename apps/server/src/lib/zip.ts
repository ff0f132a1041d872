import zlib from 'node:zlib';

/** `isCompressed`: the data is compressed already (a PNG): stored as it is, without trying. */
export type ZipEntry = { name: string; data: Buffer | string; isCompressed?: boolean };

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;
/** Version 2.0 of the format: deflate. */
const VERSION = 20;
/** General purpose flag bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
/** No zip64: entries, sizes and offsets must fit the classic fields. */
const MAX_ENTRIES = 0xffff;
const MAX_BYTES = 0xffffffff;

/** A date in MS-DOS form (two-second resolution, local fields taken as UTC). */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, date.getUTCFullYear()));
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/**
 * A zip archive of `entries`, each deflated by Node's zlib unless it is compressed already or that
 * does not shrink it, every entry dated `modified`: the same entries give the same bytes. Classic zip
 * only (fewer than 65,536 entries, each and the whole under 4 GB), which every reader opens.
 */
export function zipArchive(entries: readonly ZipEntry[], modified: Date): Buffer {
  if (entries.length > MAX_ENTRIES) throw new RangeError('too many zip entries');
  const { time, date } = dosDateTime(modified);
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const deflated = entry.isCompressed ? data : zlib.deflateRawSync(data);
    const isDeflated = deflated.length < data.length;
    const body = isDeflated ? deflated : data;
    if (data.length > MAX_BYTES || offset + body.length > MAX_BYTES) throw new RangeError('zip too large');
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(UTF8_NAMES, at);
      header.writeUInt16LE(isDeflated ? DEFLATED : STORED, at + 2);
      header.writeUInt16LE(time, at + 4);
      header.writeUInt16LE(date, at + 6);
      header.writeUInt32LE(zlib.crc32(data), at + 8);
      header.writeUInt32LE(body.length, at + 12);
      header.writeUInt32LE(data.length, at + 16);
      header.writeUInt16LE(name.length, at + 20);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(VERSION, 4);
    fields(local, 6);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(VERSION, 4);
    central.writeUInt16LE(VERSION, 6);
    fields(central, 8);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    directory.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const central = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, central, end]);
}
