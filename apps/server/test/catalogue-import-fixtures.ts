import * as XLSX from '@e965/xlsx';
import { expect } from 'vitest';
import type { ImportJob } from '@catalogue/shared/schemas/catalogue-import';
import { bearer, type TestApp } from './helpers.ts';
import { multipart } from './image-fixtures.ts';

/** The catalogue import's calls as an admin makes them: upload, wait for the job, apply, export. */

export type Cell = string | number | null | XLSX.CellObject;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A one-sheet workbook of these rows (the first is the header). */
export function workbook(rows: Cell[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Catalogue');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The first sheet's rows by header, blank cells null. */
export const sheetRows = (book: Buffer) => {
  const wb = XLSX.read(book, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]!]!, { defval: null });
};

/** `app` and `adminToken` are read at each call (a test file makes them in its `beforeAll`). */
export function catalogueImportCalls(app: () => TestApp, adminToken: () => string) {
  async function upload(
    book: Buffer | null,
    pictures: Buffer | null = null,
    token = adminToken(),
    names = ['catalogue.xlsx', 'pictures.zip'],
  ) {
    const files = [
      ...(book ? [{ field: 'workbook', filename: names[0]!, contentType: XLSX_TYPE, data: book }] : []),
      ...(pictures
        ? [{ field: 'pictures', filename: names[1]!, contentType: 'application/zip', data: pictures }]
        : []),
    ];
    const form = multipart({}, files);
    return app().app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/imports/jobs',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
  }

  async function settle(id: string): Promise<ImportJob> {
    for (let i = 0; i < 600; i++) {
      const res = await app().app.inject({
        url: `/api/admin/catalogue/imports/jobs/${id}`,
        headers: bearer(adminToken()),
      });
      const job = res.json<ImportJob>();
      if (job.phase !== 'checking' && job.phase !== 'applying') return job;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('job did not settle');
  }

  async function check(book: Buffer, pictures: Buffer | null = null): Promise<ImportJob> {
    const res = await upload(book, pictures);
    expect(res.statusCode, res.body).toBe(202);
    return settle(res.json<ImportJob>().id);
  }

  async function apply(job: ImportJob) {
    const res = await app().app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/imports/jobs/${job.id}/apply`,
      headers: bearer(adminToken()),
    });
    return { res, job: res.statusCode === 202 ? await settle(job.id) : null };
  }

  async function exportBook(query = ''): Promise<Buffer> {
    const res = await app().app.inject({
      url: `/api/admin/catalogue/export${query}`,
      headers: bearer(adminToken()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain(XLSX_TYPE);
    return res.rawPayload;
  }

  const undo = (importId: string) =>
    app().app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/imports/${importId}/undo`,
      headers: bearer(adminToken()),
    });

  return { upload, settle, check, apply, exportBook, undo };
}
