import type { FastifyRequest } from 'fastify';
import { AppError } from '@catalogue/shared/errors';
import { assertPlainFileName, isPlainFileName } from './upload-name.ts';

/** The multipart plugin's limit errors, in words a person can act on. */
const LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: 'Send one file at a time',
  FST_FIELDS_LIMIT: 'The form has too many fields',
  FST_PARTS_LIMIT: 'The form has too many parts',
};

export type UploadedFile = { field: string; filename: string; data: Buffer };
export type FormInput = { fields: Record<string, string>; file: UploadedFile | null };

/**
 * Reads a multipart form: its text fields and at most one file, kept up to `maxFileBytes + 1`
 * bytes. Busboy stops storing the file there but goes on parsing, so fields sent after a too-large
 * file still arrive and the caller can answer in a fixed order (fields first, then the image).
 * A JSON body is read as fields without a file, for clients that edit without changing the image.
 */
export async function readForm(
  request: FastifyRequest,
  options: { fileField: string | null; maxFileBytes: number },
): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields: Record<string, string> = {};
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [key, value] of Object.entries(body)) {
        if (typeof value === 'string' || typeof value === 'number') fields[key] = String(value);
      }
    }
    return { fields, file: null };
  }

  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  let badName: string | undefined;
  try {
    // Merged with the plugin's limits; `throwFileSizeLimit` is read at run time but missing from the types.
    const parts = request.parts({
      limits: { fileSize: options.maxFileBytes + 1 },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!isPlainFileName(part.filename)) badName = part.filename;
      const wanted = options.fileField === null || part.fieldname === options.fileField;
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) if (wanted) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      // Browsers send an empty part for a file input left empty: that is "no file".
      if (wanted && !file && data.length > 0) file = { field: part.fieldname, filename: part.filename, data };
    }
  } catch (error) {
    const limit = LIMIT_MESSAGES[(error as { code?: string }).code ?? ''];
    if (limit) throw new AppError('PAYLOAD_TOO_LARGE', limit);
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new AppError('BAD_REQUEST', 'The form could not be read (malformed multipart body)');
  }
  // Checked once the body is read, so the client gets this answer rather than a reset.
  assertPlainFileName(badName);
  return { fields, file };
}
