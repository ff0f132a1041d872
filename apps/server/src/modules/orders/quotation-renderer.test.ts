import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { build } from 'esbuild';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../env.ts';
import type { OrderRow } from './orders.repository.ts';
import { pictureForWorkbook } from './quotation-pictures.ts';
import { createQuotationRenderer } from './quotation-renderer.ts';
import { WORKBOOK_THREAD_NICE } from './thread-priority.ts';

const letterhead = {
  name: 'Test House',
  addressLines: ['Jaipur'],
  contactLines: ['x@example.com'],
  currency: 'USD',
};

const order: OrderRow = {
  id: '7d4f3b2e-0000-4000-8000-000000000001',
  orderNumber: 77,
  userId: null,
  firstName: 'Ana',
  email: 'ana@example.com',
  contactNumber: '1',
  companyName: '',
  companyWebsite: '',
  country: 'FR',
  message: '',
  status: 'new',
  createdAt: new Date('2026-03-04T05:06:07Z'),
  lines: [
    {
      position: 1,
      productId: null,
      name: 'Ring',
      sku: 'R-1',
      quantity: 2,
      price: 3,
      imageUrl: null,
      mediaId: 'm1',
    },
  ],
};

async function cellsOf(workbook: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(workbook as unknown as ExcelJS.Buffer);
  const sheet = wb.getWorksheet('Price Quotation')!;
  const values: unknown[] = [];
  sheet.eachRow((row) => values.push(row.getCell(1).value));
  return { values, images: sheet.getImages().length };
}

/** A thread's nice value, from /proc (field 19 of its stat line). */
function niceOfThread(tid: string): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe('the quotation renderer', () => {
  let dir: string;
  let workerUrl: URL;
  let picture: Buffer;

  beforeAll(async () => {
    // The worker as the production build bundles it (build.mjs), under node_modules so that its
    // external packages resolve.
    dir = await fs.mkdtemp(path.join(REPO_ROOT, 'node_modules/.cache-quotation-worker-'));
    await build({
      entryPoints: { 'quotation-worker': path.join(import.meta.dirname, 'quotation-worker.ts') },
      outdir: dir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
      plugins: [
        {
          name: 'external-npm-packages',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@catalogue/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    workerUrl = pathToFileURL(path.join(dir, 'quotation-worker.js'));
    const original = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    picture = (await pictureForWorkbook(original))!;
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('builds the workbook in a worker thread, job after job', async () => {
    const warnings: string[] = [];
    const renderer = createQuotationRenderer({ workerUrl, onWarning: (m) => warnings.push(m) });
    try {
      const pictures = new Map([['m1', picture]]);
      const [a, b] = await Promise.all([
        renderer.render(order, pictures, letterhead),
        renderer.render({ ...order, orderNumber: 78 }, pictures, letterhead),
      ]);
      expect(warnings).toEqual([]);
      const first = await cellsOf(a);
      expect(first.values[0]).toBe('Test House');
      expect(first.values).toContain('R-1');
      expect(first.images).toBe(1);
      expect(a.equals(b)).toBe(false);
      // The picture sent to the worker is still intact here.
      expect(picture.subarray(1, 4).toString()).toBe('PNG');
    } finally {
      await renderer.close();
    }
  });

  it.runIf(process.platform === 'linux')(
    'runs the worker thread at a lower CPU priority than the thread answering requests',
    async () => {
      const niceOf = niceOfThread;
      const before = new Set(readdirSync('/proc/self/task'));
      const renderer = createQuotationRenderer({ workerUrl });
      try {
        await renderer.render(order, new Map(), letterhead);
        const lowered = readdirSync('/proc/self/task').filter(
          (tid) => !before.has(tid) && niceOf(tid) === WORKBOOK_THREAD_NICE,
        );
        expect(lowered).toHaveLength(1);
        expect(niceOf(String(process.pid))).toBe(0);
      } finally {
        await renderer.close();
      }
    },
  );

  it.runIf(process.platform === 'linux')(
    'stops an idle worker thread and starts a new one for the next workbook',
    async () => {
      const before = new Set(readdirSync('/proc/self/task'));
      const workbookThreads = () =>
        readdirSync('/proc/self/task').filter((tid) => {
          if (before.has(tid)) return false;
          try {
            return niceOfThread(tid) === WORKBOOK_THREAD_NICE;
          } catch {
            return false; // the thread ended while being read
          }
        });
      const renderer = createQuotationRenderer({ workerUrl, idleMs: 100 });
      try {
        await renderer.render(order, new Map(), letterhead);
        expect(workbookThreads()).toHaveLength(1);
        await expect.poll(workbookThreads, { timeout: 5000, interval: 50 }).toHaveLength(0);
        const again = await cellsOf(await renderer.render(order, new Map(), letterhead));
        expect(again.values).toContain('R-1');
      } finally {
        await renderer.close();
      }
    },
  );

  it('answers the same workbook as the in-process build', async () => {
    const inWorker = createQuotationRenderer({ workerUrl });
    const inProcess = createQuotationRenderer({ workerUrl: null });
    try {
      const pictures = new Map([['m1', picture]]);
      const [x, y] = await Promise.all([
        inWorker.render(order, pictures, letterhead),
        inProcess.render(order, pictures, letterhead),
      ]);
      expect(await cellsOf(x)).toEqual(await cellsOf(y));
    } finally {
      await inWorker.close();
    }
  });

  it('falls back to building in-process, with a warning, when the worker cannot start', async () => {
    const warnings: string[] = [];
    const renderer = createQuotationRenderer({
      workerUrl: pathToFileURL(path.join(dir, 'missing-worker.js')),
      onWarning: (m) => warnings.push(m),
    });
    const workbook = await renderer.render(order, new Map(), letterhead);
    expect((await cellsOf(workbook)).values).toContain('R-1');
    expect(warnings).toHaveLength(1);
    await renderer.close();
  });
});
