import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError } from '@catalogue/shared/errors';
import { formatCount } from '@catalogue/shared/format-number';
import {
  CATALOGUE_IMPORT_LIMITS,
  PICTURE_EXTENSIONS,
  type PictureReport,
} from '@catalogue/shared/schemas/catalogue-import';
import { sniffImageType } from '../media/index.ts';

/**
 * Reads the pictures ZIP from its temporary file one entry at a time (yauzl: the central directory
 * first, then each entry inflated as a stream), so neither the archive nor the whole of its content
 * is ever in memory. The caps are checked against the sizes the directory declares before anything
 * is inflated, and yauzl stops an entry that inflates past its declared size.
 */

const LIMITS = CATALOGUE_IMPORT_LIMITS;
const ARCHIVE_EXTENSIONS = /\.(zip|rar|7z|gz|tgz|tar|bz2|xz|zst|jar|cab)$/i;
const PICTURE_NAME = new RegExp(`^(.+?)\\.(${PICTURE_EXTENSIONS.join('|')})$`, 'i');
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Below this, a high compression ratio is harmless (a small flat PNG). */
const RATIO_FLOOR_BYTES = 64 * 1024;

/** A picture entry matched to a workbook row, extracted to `file`. */
export type ExtractedPicture = { name: string; row: number; code: string; position: number; file: string };

export type ZipScan = { reports: PictureReport[]; pictures: ExtractedPicture[] };

/** Decides which row and gallery place a file name is for: `CODE.jpg` is 1, `CODE-2.jpg` is 2 … */
export function matchPictureName(
  stem: string,
  rowOfCode: (lowerCode: string) => number | undefined,
): { code: string; row: number; position: number } | null {
  const whole = rowOfCode(stem.toLowerCase());
  if (whole !== undefined) return { code: stem, row: whole, position: 1 };
  const numbered = /^(.+)-(\d{1,2})$/.exec(stem);
  if (numbered) {
    const position = Number(numbered[2]);
    const row = rowOfCode(numbered[1]!.toLowerCase());
    if (row !== undefined && position >= 1 && position <= LIMITS.picturesPerProduct) {
      return { code: numbered[1]!, row, position };
    }
  }
  return null;
}

/** Why an entry's name is refused (paths that could climb out of a folder), or null. */
export function unsafeEntryName(name: string): string | null {
  if (name.includes('\\')) return 'the name contains a backslash';
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) return 'the name is an absolute path';
  if (name.split('/').some((part) => part === '..')) return 'the name climbs out of its folder (..)';
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'the name contains control characters';
  return null;
}

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: true, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    ),
  );

const openStream = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream),
    ),
  );

/** Reads an entry to the end, never keeping more than `cap` bytes (yauzl also enforces the declared size). */
async function readEntry(stream: Readable, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > cap) {
      stream.destroy();
      throw new Error('entry larger than allowed');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function decodeName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  // General purpose bit 11: UTF-8 names; otherwise code page 437, whose ASCII part is what codes use.
  return raw.toString((entry.generalPurposeBitFlag & 0x800) !== 0 ? 'utf8' : 'latin1');
}

/**
 * Checks every entry of the ZIP, and extracts the pictures that belong to a workbook row into
 * `folder`. `checkImage` looks at a picture's header (size, pixels); it answers a problem or null.
 * A broken archive, or one over the entry-count or total-size caps, is refused as a whole (400).
 */
export async function scanPictureZip(input: {
  file: string;
  folder: string;
  rowOfCode: (lowerCode: string) => number | undefined;
  checkImage: (data: Buffer) => Promise<string | null>;
  onEntry: (done: number, total: number) => void;
}): Promise<ZipScan> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(input.file);
  } catch {
    throw new AppError(
      'BAD_REQUEST',
      'The pictures ZIP could not be read; it may be damaged or not a ZIP file',
    );
  }
  if (zip.entryCount > LIMITS.zipEntries) {
    zip.close();
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The pictures ZIP has ${zip.entryCount} entries; at most ${formatCount(LIMITS.zipEntries)} are allowed`,
    );
  }
  const reports: PictureReport[] = [];
  const pictures: ExtractedPicture[] = [];
  const seen = new Map<string, string>();
  let declaredTotal = 0;
  let index = 0;
  const refuse = (name: string, outcome: PictureReport['outcome'], message: string) =>
    reports.push({ name, outcome, row: null, position: null, message });

  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      reject(
        error instanceof AppError
          ? error
          : new AppError('BAD_REQUEST', `The pictures ZIP could not be read: ${(error as Error).message}`),
      );
    };
    zip.on('error', fail);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      index++;
      void handle(entry)
        .then(() => {
          input.onEntry(index, zip.entryCount);
          // Yield to other requests between entries.
          setImmediate(() => zip.readEntry());
        })
        .catch(fail);
    });
    zip.readEntry();
  });
  return { reports, pictures };

  async function handle(entry: yauzl.Entry): Promise<void> {
    const name = decodeName(entry);
    const unsafe = unsafeEntryName(name);
    if (unsafe) return void refuse(name, 'refused', `Refused: ${unsafe}`);
    if (name.endsWith('/')) return; // a folder
    const base = path.posix.basename(name);
    // Files operating systems add on their own (macOS resource forks, thumbnails).
    if (name.startsWith('__MACOSX/') || base.startsWith('.') || /^thumbs\.db$/i.test(base)) return;
    declaredTotal += entry.uncompressedSize;
    if (declaredTotal > LIMITS.zipUnpackedBytes) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The pictures ZIP unpacks to more than ${LIMITS.zipUnpackedBytes / 1024 ** 3} GB (reached at ${name})`,
      );
    }
    if (ARCHIVE_EXTENSIONS.test(base))
      return void refuse(name, 'refused', 'Refused: archives inside the ZIP are not opened');
    if (entry.isEncrypted()) return void refuse(name, 'refused', 'Refused: the entry is encrypted');
    const parsed = PICTURE_NAME.exec(base);
    if (!parsed) {
      return void refuse(name, 'refused', `Refused: not a picture name (${PICTURE_EXTENSIONS.join(', ')})`);
    }
    if (entry.uncompressedSize > LIMITS.pictureBytes) {
      return void refuse(
        name,
        'refused',
        `Refused: larger than ${LIMITS.pictureBytes / 1024 / 1024} MB once unpacked`,
      );
    }
    if (
      entry.uncompressedSize > RATIO_FLOOR_BYTES &&
      entry.uncompressedSize > entry.compressedSize * LIMITS.compressionRatio
    ) {
      return void refuse(
        name,
        'refused',
        'Refused: compressed suspiciously well for a picture (a ZIP bomb?)',
      );
    }
    const match = matchPictureName(parsed[1]!, input.rowOfCode);
    if (!match) {
      return void reports.push({
        name,
        outcome: 'unmatched',
        row: null,
        position: null,
        message: 'No row of the workbook has this code',
      });
    }
    const key = `${match.code.toLowerCase()}#${match.position}`;
    const earlier = seen.get(key);
    if (earlier)
      return void refuse(
        name,
        'refused',
        `Duplicate: ${earlier} is already picture ${match.position} of ${match.code}`,
      );
    seen.set(key, name);

    let data: Buffer;
    try {
      data = await readEntry(await openStream(zip, entry), LIMITS.pictureBytes);
    } catch {
      return void refuse(
        name,
        'unreadable',
        'The entry could not be unpacked (damaged, or larger than it declares)',
      );
    }
    if (ZIP_MAGIC.every((b, i) => data[i] === b)) {
      return void refuse(name, 'refused', 'Refused: archives inside the ZIP are not opened');
    }
    const problem = sniffImageType(data)
      ? await input.checkImage(data)
      : 'Not an image: its content is not JPEG, PNG, WebP, AVIF or GIF';
    if (problem) {
      return void reports.push({
        name,
        outcome: 'unreadable',
        row: match.row,
        position: match.position,
        message: problem,
      });
    }
    const file = path.join(input.folder, `picture-${index}`);
    await fs.writeFile(file, data);
    pictures.push({ name, row: match.row, code: match.code, position: match.position, file });
    reports.push({ name, outcome: 'matched', row: match.row, position: match.position, message: '' });
  }
}
