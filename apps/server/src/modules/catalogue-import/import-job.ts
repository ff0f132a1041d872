import { IMAGE_MAX_PIXELS } from '@catalogue/shared/domain/limits';
import type { ImportCounts, ImportJob, RowReport } from '@catalogue/shared/schemas/catalogue-import';
import { loadSharp } from '../../lib/sharp.ts';
import type { PlannedWrite } from './import-plan.ts';
import type { ExtractedPicture } from './picture-zip.ts';

/** An import in progress as the server holds it: what a client sees, and its files and plan. */
export type Job = ImportJob & {
  folder: string;
  workbookFile: string;
  zipFile: string | null;
  plan: PlannedWrite[];
  extracted: ExtractedPicture[];
  createdBy: string | null;
  /** The header and the cells of the rows with problems, for the errors workbook. */
  errorSheet: { header: unknown[]; rows: Map<number, unknown[]> };
};

/** What a client sees of a job. */
export const publicJob = (job: Job): ImportJob => ({
  id: job.id,
  phase: job.phase,
  fileName: job.fileName,
  zipName: job.zipName,
  progress: job.progress,
  counts: job.counts,
  rows: job.rows,
  pictures: job.pictures,
  message: job.message,
  importId: job.importId,
});

/** Why a picture of the ZIP cannot be imported, or null: read from its header, without decoding it. */
export async function checkImage(data: Buffer): Promise<string | null> {
  try {
    // Header only: what the apply step's decoder will be asked to read, checked without decoding.
    const sharp = await loadSharp();
    const header = await sharp(data, { limitInputPixels: false }).metadata();
    const width = header.width ?? 0;
    const height = header.pageHeight ?? header.height ?? 0;
    if (!width || !height) return 'The picture is damaged or incomplete';
    if (width * height > IMAGE_MAX_PIXELS)
      return `The picture has more than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`;
    return null;
  } catch {
    return 'The picture is damaged or incomplete';
  }
}

/** The rows and pictures of a checked job by outcome. */
export function countsOf(job: Job): ImportCounts {
  const n = (o: RowReport['outcome']) => job.rows.filter((r) => r.outcome === o).length;
  return {
    created: n('created'),
    updated: n('updated'),
    unchanged: n('unchanged'),
    errors: n('error'),
    pictures: job.pictures.filter((p) => p.outcome === 'matched').length,
    pictureErrors: job.pictures.filter((p) => p.outcome !== 'matched').length,
    costings: job.plan.filter((w) => w.costing !== undefined).length,
  };
}

/** Why the checked import cannot be applied, or null. */
export function blocker(job: Job): string | null {
  const c = job.counts!;
  if (c.errors || c.pictureErrors) {
    return `Nothing can be imported while ${c.errors} rows and ${c.pictureErrors} pictures have problems; correct them and upload again`;
  }
  if (!job.plan.length) return 'Nothing to import: every row is unchanged';
  return null;
}
