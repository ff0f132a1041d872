import { Worker } from 'node:worker_threads';
import type { OrderRow } from './orders.repository.ts';
import { buildQuotationWorkbook, type Letterhead } from './quotation-workbook.ts';
import type { QuotationJob, QuotationJobResult } from './quotation-worker.ts';

/** A workbook that takes longer than this is abandoned (and its worker replaced). */
const JOB_TIMEOUT_MS = 60_000;
/**
 * A worker with nothing to do for this long is stopped: its heap and buffers (40-55 MB measured
 * under the 200-buyer bench) go back to the system, and the next workbook starts a new one (~50 ms).
 */
const IDLE_MS = 30_000;
/**
 * The worker's young generation, in MB. V8's default (as large as the main thread's) let a
 * workbook's short-lived objects pile up to ~80 MB over the worker's start before a scavenge;
 * with 4 MB it stays ~40 MB under sequential jobs (the mail dispatcher's pace) and no slower.
 */
const WORKER_YOUNG_GENERATION_MB = 4;

type Pending = { resolve: (b: Buffer) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };

/**
 * The bundled worker beside the bundled server (`dist/quotation-worker.js`, see build.mjs).
 * Running from TypeScript sources (tests, `npm run dev`) there is none: Node 20 cannot reliably
 * give a worker thread the TypeScript loader, so workbooks are built in-process there.
 */
function defaultWorkerUrl(): URL | null {
  return import.meta.url.endsWith('.js') ? new URL('./quotation-worker.js', import.meta.url) : null;
}

export type QuotationRenderer = {
  render(order: OrderRow, pictures: ReadonlyMap<string, Buffer>, letterhead: Letterhead): Promise<Buffer>;
  close(): Promise<void>;
};

/**
 * Renders workbooks in one worker thread, one job at a time, so mail sending and downloads
 * never block the event loop. Without a worker (running from sources, or a build that lacks
 * its entry) workbooks are built in-process: slower for everyone, but still correct.
 */
export function createQuotationRenderer(
  options: {
    workerUrl?: URL | null;
    onWarning?: (message: string, error: unknown) => void;
    idleMs?: number;
  } = {},
): QuotationRenderer {
  const idleMs = options.idleMs ?? IDLE_MS;
  const workerUrl = options.workerUrl === undefined ? defaultWorkerUrl() : options.workerUrl;
  const onWarning =
    options.onWarning ??
    ((message: string, error: unknown) =>
      process.emitWarning(`${message}: ${error instanceof Error ? error.message : String(error)}`));
  let worker: Worker | null = null;
  let isWorkerUnavailable = workerUrl === null;
  let hasWorked = false;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let idleTimer: NodeJS.Timeout | null = null;

  function stopWhenIdle() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      const w = worker;
      if (!w || pending.size) return;
      worker = null;
      void w.terminate();
    }, idleMs);
    idleTimer.unref();
  }

  function settle(id: number, outcome: { workbook?: Buffer; error?: Error }) {
    const job = pending.get(id);
    if (!job) return;
    clearTimeout(job.timer);
    pending.delete(id);
    if (outcome.error) job.reject(outcome.error);
    else job.resolve(outcome.workbook!);
    if (!pending.size && worker) {
      worker.unref();
      stopWhenIdle();
    }
  }

  function failAll(error: Error) {
    for (const id of [...pending.keys()]) settle(id, { error });
  }

  function startWorker(): Worker {
    const w = new Worker(workerUrl!, {
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    w.on('message', (result: QuotationJobResult) => {
      hasWorked = true;
      if ('error' in result) settle(result.id, { error: new Error(result.error) });
      else
        settle(result.id, {
          workbook: Buffer.from(
            result.workbook.buffer,
            result.workbook.byteOffset,
            result.workbook.byteLength,
          ),
        });
    });
    w.on('error', (error) => {
      if (!hasWorked) {
        isWorkerUnavailable = true;
        onWarning('the quotation worker could not start; building workbooks in-process', error);
      }
      failAll(error);
    });
    w.on('exit', () => {
      // A worker stopped for being idle was replaced already and had no job; the jobs pending now
      // belong to its successor.
      if (worker !== w) return;
      worker = null;
      failAll(new Error('the quotation worker stopped'));
    });
    return w;
  }

  async function renderInWorker(job: Omit<QuotationJob, 'id'>): Promise<Buffer> {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    worker ??= startWorker();
    const w = worker;
    const id = nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        settle(id, { error: new Error('the quotation workbook took too long') });
        void w.terminate();
      }, JOB_TIMEOUT_MS);
      pending.set(id, { resolve, reject, timer });
      w.ref();
      w.postMessage({ ...job, id } satisfies QuotationJob);
    });
  }

  return {
    async render(order, pictures, letterhead) {
      if (isWorkerUnavailable) return buildQuotationWorkbook(order, pictures, letterhead);
      const job = {
        order,
        pictures: [...pictures].map(([id, b]) => [id, new Uint8Array(b)] as [string, Uint8Array]),
        letterhead,
      };
      try {
        return await renderInWorker(job);
      } catch (error) {
        if (isWorkerUnavailable) return buildQuotationWorkbook(order, pictures, letterhead);
        throw error;
      }
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
