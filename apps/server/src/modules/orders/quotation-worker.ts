import { parentPort } from 'node:worker_threads';
import type { OrderRow } from './orders.repository.ts';
import { buildQuotationWorkbook, type Letterhead } from './quotation-workbook.ts';
import { lowerThisThreadPriority, WORKBOOK_THREAD_NICE } from './thread-priority.ts';

/**
 * Builds quotation workbooks off the main thread: ExcelJS and its zip writer are synchronous
 * JavaScript for tens of milliseconds per workbook, which would otherwise stall every request
 * the server is answering meanwhile.
 */
export type QuotationJob = {
  id: number;
  order: OrderRow;
  pictures: [string, Uint8Array][];
  letterhead: Letterhead;
};

export type QuotationJobResult = { id: number; workbook: Uint8Array } | { id: number; error: string };

if (parentPort) lowerThisThreadPriority(WORKBOOK_THREAD_NICE);

parentPort?.on('message', async (job: QuotationJob) => {
  try {
    const pictures = new Map(
      job.pictures.map(([mediaId, bytes]) => [
        mediaId,
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      ]),
    );
    const workbook = await buildQuotationWorkbook(job.order, pictures, job.letterhead);
    // A copy with its own ArrayBuffer, which can be handed over without copying again.
    const bytes = new Uint8Array(workbook);
    parentPort!.postMessage({ id: job.id, workbook: bytes } satisfies QuotationJobResult, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies QuotationJobResult);
  }
});
