import type { FastifyRequest } from 'fastify';
import { AppError } from '@catalogue/shared/errors';
import { assertPlainFileName, isPlainFileName } from '../../lib/upload-name.ts';

const TEXT_FIELDS = ['title', 'content', 'excerpt', 'metaTitle', 'metaDescription'] as const;
const IMAGE_FIELD = 'image';

export type BlogForm = {
  /** Only the fields that were sent, so an update can tell "absent" from "sent empty". */
  fields: Record<string, unknown>;
  image: Buffer | null;
  removeImage: boolean;
};

const isTruthy = (v: unknown) => v === true || (typeof v === 'string' && /^(1|true|yes|on)$/i.test(v.trim()));

const tooLarge = (message: string) =>
  new AppError('PAYLOAD_TOO_LARGE', message, [{ path: IMAGE_FIELD, message }]);

/** Errors the framework or the multipart plugin already classed as the client's (413 limits). */
const isClientError = (error: unknown) => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

async function drain(stream: AsyncIterable<unknown>) {
  for await (const _chunk of stream);
}

/**
 * Reads a blog form: multipart (the admin screens; the image is a file part named `image`) or a
 * JSON body (API clients, no image). An image over `maxImageBytes` is refused with 413 without
 * keeping it in memory; an empty file part (a file input left blank) means "no new image".
 */
export async function readBlogForm(
  request: FastifyRequest,
  image: { maxBytes: number; tooLargeMessage: string },
): Promise<BlogForm> {
  const form: BlogForm = { fields: {}, image: null, removeImage: false };

  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const record = body as Record<string, unknown>;
      for (const name of TEXT_FIELDS) if (name in record) form.fields[name] = record[name];
      form.removeImage = isTruthy(record.removeImage);
    }
    return form;
  }

  let isTooLarge = false;
  let badName: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!isPlainFileName(part.filename)) badName = part.filename;
        if (part.fieldname !== IMAGE_FIELD || form.image) {
          await drain(part.file);
          continue;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        // Keep reading past the limit (discarding) so the client gets our answer, not a reset.
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > image.maxBytes) {
            isTooLarge = true;
            chunks.length = 0;
          } else chunks.push(chunk);
        }
        if (!isTooLarge && size > 0) form.image = Buffer.concat(chunks);
        continue;
      }
      const name = part.fieldname;
      if (part.valueTruncated)
        throw new AppError('PAYLOAD_TOO_LARGE', `${name} is too long`, [{ path: name, message: 'too long' }]);
      if (name === 'removeImage') form.removeImage = isTruthy(part.value);
      else if ((TEXT_FIELDS as readonly string[]).includes(name) && !(name in form.fields))
        form.fields[name] = part.value;
    }
  } catch (error) {
    // The multipart plugin's own size limit ends the stream with its error; ours says what to do.
    if (isTooLarge) throw tooLarge(image.tooLargeMessage);
    if (error instanceof AppError || isClientError(error)) throw error;
    // busboy reports a torn or boundary-less body as a plain Error: the client's fault, not ours.
    throw new AppError('BAD_REQUEST', 'The form data is malformed or incomplete');
  }
  // Checked once the body is read, so the client gets this answer rather than a reset.
  assertPlainFileName(badName);
  if (isTooLarge) throw tooLarge(image.tooLargeMessage);
  return form;
}
