import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@catalogue/shared/errors';
import { errorBody, messageBody } from '@catalogue/shared/schemas/common';
import {
  CATALOGUE_IMPORT_LIMITS,
  checkImportFiles,
  exportQuerySchema,
  importHistorySchema,
  importJobSchema,
} from '@catalogue/shared/schemas/catalogue-import';
import { loadExcelJs } from '../../lib/on-first-use.ts';
import { isPlainFileName, FILE_NAME_NOT_ALLOWED } from '../../lib/upload-name.ts';
import { XLSX_TYPE } from '../../lib/xlsx.ts';
import { prepareExport, writeCatalogueWorkbook } from './catalogue-export.ts';
import { createCatalogueImportService } from './catalogue-import.service.ts';

const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody };
const idParams = z.object({ id: z.string().uuid('Unknown import') });

const FILE_PROBLEMS: Record<NonNullable<ReturnType<typeof checkImportFiles>>, [400 | 413 | 415, string]> = {
  workbookRequired: [400, 'Choose the catalogue workbook (.xlsx) to upload'],
  workbookType: [415, 'The workbook must be an .xlsx file'],
  workbookTooLarge: [
    413,
    `The workbook is larger than ${CATALOGUE_IMPORT_LIMITS.workbookBytes / 1024 / 1024} MB`,
  ],
  zipType: [415, 'The pictures must be a .zip file'],
  zipTooLarge: [413, `The pictures ZIP is larger than ${CATALOGUE_IMPORT_LIMITS.zipBytes / 1024 ** 3} GB`],
};
const STATUS_CODE = { 400: 'BAD_REQUEST', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' } as const;

/** Counts bytes through a stream and stops it past `max`. */
function capped(max: number, onSize: (n: number) => void) {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      onSize(size);
      if (size > max) done(new Error('too large'));
      else done(null, chunk);
    },
  });
}

/**
 * Reads the upload form (`workbook`, and optionally `pictures`) into `folder`, streaming each file
 * to disk with its cap: a 1 GB ZIP never sits in memory.
 */
async function receiveFiles(request: FastifyRequest, folder: string) {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the files as multipart/form-data');
  const files: Partial<Record<'workbook' | 'pictures', { name: string; file: string; size: number }>> = {};
  const tooLarge = (field: 'workbook' | 'pictures') => {
    const [status, message] = FILE_PROBLEMS[field === 'workbook' ? 'workbookTooLarge' : 'zipTooLarge'];
    return new AppError(STATUS_CODE[status], message);
  };
  let hasBadName = false;
  try {
    const parts = request.parts({
      limits: { files: 2, fileSize: CATALOGUE_IMPORT_LIMITS.zipBytes + 1, fields: 5 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const field =
        part.fieldname === 'pictures' ? 'pictures' : part.fieldname === 'workbook' ? 'workbook' : null;
      // A name with folders or `..` is refused once the body is read, so the client gets the answer.
      if (!isPlainFileName(part.filename)) hasBadName = true;
      if (!field || files[field] || hasBadName) {
        part.file.resume();
        continue;
      }
      const max =
        field === 'workbook' ? CATALOGUE_IMPORT_LIMITS.workbookBytes : CATALOGUE_IMPORT_LIMITS.zipBytes;
      const file = path.join(folder, field === 'workbook' ? 'workbook.xlsx' : 'pictures.zip');
      let size = 0;
      let isOver = false;
      try {
        await pipeline(
          part.file,
          capped(max, (n) => {
            size = n;
            isOver = n > max;
          }),
          createWriteStream(file),
        );
      } catch (error) {
        part.file.resume();
        if (isOver) throw tooLarge(field);
        throw error;
      }
      if ((part.file as { truncated?: boolean }).truncated) throw tooLarge(field);
      // A file input left empty arrives as an empty part.
      if (size > 0) files[field] = { name: part.filename, file, size };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Send at most the workbook and one pictures ZIP');
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new AppError('BAD_REQUEST', 'The form could not be read (malformed multipart body)');
  }
  if (hasBadName) throw new AppError('BAD_REQUEST', FILE_NAME_NOT_ALLOWED);
  const problem = checkImportFiles(files.workbook ?? null, files.pictures ?? null);
  if (problem) {
    const [status, message] = FILE_PROBLEMS[problem];
    throw new AppError(STATUS_CODE[status], message);
  }
  return { workbook: files.workbook!, pictures: files.pictures ?? null };
}

/** `/api/admin/catalogue`: export, import with pictures (checked, then applied as a job), history and undo. */
export async function catalogueImportRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createCatalogueImportService({
    db: app.services.database.db,
    media: app.services.media,
    store: app.services.mediaStore,
    onChanged: () => app.services.events.emit('catalogue:changed'),
    jobs: app.services.jobs,
    log: app.log,
  });
  const viewerId = async (request: FastifyRequest) => (await request.viewer())?.id ?? null;

  app.get(
    '/export',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'The catalogue, or the filtered part, as an .xlsx workbook with every field (streamed)',
        querystring: exportQuerySchema,
        produces: [XLSX_TYPE],
        response: { 200: z.any().describe('The catalogue workbook (.xlsx)'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const prepared = await prepareExport(app.services.database.db, request.query);
      const output = new PassThrough();
      writeCatalogueWorkbook(app.services.database.db, prepared, output).catch((error: unknown) => {
        request.log.error({ err: error }, 'catalogue export failed');
        output.destroy(error as Error);
      });
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="catalogue-${date}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(output);
    },
  );

  app.post(
    '/imports/jobs',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary:
          'Upload a catalogue workbook (`workbook`, .xlsx) and optionally a ZIP of pictures (`pictures`); starts the dry run',
        consumes: ['multipart/form-data'],
        response: { 202: importJobSchema, ...adminErrors, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      const folder = await service.newFolder();
      try {
        const files = await receiveFiles(request, folder);
        const job = await service.start({
          folder,
          workbookFile: files.workbook.file,
          fileName: files.workbook.name,
          zipFile: files.pictures?.file ?? null,
          zipName: files.pictures?.name ?? null,
          createdBy: await viewerId(request),
        });
        return reply.code(202).send(job);
      } catch (error) {
        await fs.rm(folder, { recursive: true, force: true });
        throw error;
      }
    },
  );

  app.get(
    '/imports/jobs/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'An import job: its phase, progress and dry-run report',
        params: idParams,
        response: { 200: importJobSchema, ...adminErrors, 404: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(request.params.id);
    },
  );

  app.post(
    '/imports/jobs/:id/apply',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary:
          'Apply a checked import without problems: all rows and pictures in one transaction, or nothing',
        params: idParams,
        response: { 202: importJobSchema, ...adminErrors, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.startApply(request.params.id, await viewerId(request))),
  );

  app.get(
    '/imports/jobs/:id/errors',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'The rows with problems as uploaded, with an added error column (.xlsx)',
        params: idParams,
        produces: [XLSX_TYPE],
        response: { 200: z.any(), ...adminErrors, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { header, rows } = await service.errorSheet(request.params.id);
      const ExcelJS = await loadExcelJs();
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Errors');
      sheet.addRow(header).font = { bold: true };
      // Values only: text that looks like a formula stays text.
      for (const cells of rows)
        sheet.addRow(
          cells.map((c) => (typeof c === 'number' ? c : c === null || c === undefined ? null : String(c))),
        );
      sheet.getColumn(header.length).width = 80;
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', 'attachment; filename="import-errors.xlsx"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(await workbook.xlsx.writeBuffer()));
    },
  );

  app.get(
    '/imports',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'The 50 newest applied imports, newest first',
        response: { 200: importHistorySchema, ...adminErrors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { imports: await service.history() };
    },
  );

  app.post(
    '/imports/:id/undo',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary:
          'Undo the newest applied import: every product it touched back as it was, those it created deleted',
        params: idParams,
        response: { 200: messageBody, ...adminErrors, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await service.undo(request.params.id, await viewerId(request));
      return { message: 'The import was undone' };
    },
  );
}
