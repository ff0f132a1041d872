import zlib from 'node:zlib';
import sharp from 'sharp';

/** A small picture with a distinct top-left quadrant, so a rotation is visible in the pixels. */
export async function sampleImage(
  format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif',
  width = 320,
  height = 200,
): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: '#d4af37' } }).composite([
    {
      input: await sharp({
        create: {
          width: Math.ceil(width / 2),
          height: Math.ceil(height / 2),
          channels: 3,
          background: '#8b0000',
        },
      })
        .png()
        .toBuffer(),
      left: 0,
      top: 0,
    },
  ]);
  return base.toFormat(format).toBuffer();
}

/** A JPEG whose EXIF says "rotate 90° clockwise to display" and which carries a camera make. */
export async function jpegWithOrientation(
  width: number,
  height: number,
  orientation: number,
): Promise<Buffer> {
  return sharp(await sampleImage('png', width, height))
    .withMetadata({ orientation, exif: { IFD0: { Make: 'SecretCam', Copyright: 'someone' } } })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a few hundred bytes whose header claims `width × height` pixels.
 * The image data is a short run of zero rows, so decoding it would allocate gigabytes first.
 */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
export const HTML_PAGE = Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>');
export const TEXT_FILE = Buffer.from('This is not a picture, whatever its name says.\n');

/** A valid JPEG padded past `bytes` with trailing data, so size checks trigger without a huge picture. */
export async function oversizedJpeg(bytes: number): Promise<Buffer> {
  const jpeg = await sampleImage('jpeg', 64, 64);
  return Buffer.concat([jpeg, Buffer.alloc(bytes - jpeg.length + 1, 0)]);
}

/** Builds a multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string>,
  files: Array<{ field: string; filename: string; contentType: string; data: Buffer }> = [],
) {
  const boundary = `----catalogue${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
