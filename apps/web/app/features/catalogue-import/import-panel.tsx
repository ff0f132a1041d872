import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CATALOGUE_IMPORT_LIMITS,
  checkImportFiles,
  importJobSchema,
  type ImportJob,
} from '@catalogue/shared/schemas/catalogue-import';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { Notice, UploadProgress } from '~/components/ui/notice';
import { downloadFile } from '~/lib/download-file';
import { ApiError, apiRequest, checkAnswer, getJson } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { ImportReport } from './import-report';

const JOBS = '/admin/catalogue/imports/jobs';
const POLL_MS = 700;

function Progress({ label, done, total }: { label: string; done: number; total: number }) {
  return (
    <div>
      <p className="text-sm text-ink">{label}</p>
      <UploadProgress value={total ? done / total : 0} label={label} />
    </div>
  );
}

/**
 * Upload of a workbook and an optional pictures ZIP (with upload progress), the dry run's report
 * (polled while the server checks), Apply with progress of rows and pictures, and the result.
 */
export function ImportPanel({ onApplied }: { onApplied: () => void }) {
  const { t } = useTranslation('catalogue-import');
  const [workbook, setWorkbook] = useState<File | null>(null);
  const [pictures, setPictures] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [problem, setProblem] = useState<{ text: string; detail?: string } | null>(null);
  const workbookInput = useRef<HTMLInputElement>(null);
  const isRunning = job?.phase === 'checking' || job?.phase === 'applying';
  const isBusy = uploaded !== null || isRunning;

  // The job runs on the server; its status is asked for until it settles.
  useEffect(() => {
    if (!job || !isRunning) return undefined;
    const timer = setTimeout(() => {
      getJson(`${JOBS}/${job.id}`, importJobSchema)
        .then((next) => {
          setJob(next);
          if (next.phase === 'applied') onApplied();
        })
        .catch((error: unknown) =>
          setProblem({
            text: t('report.failed'),
            detail: error instanceof ApiError ? error.message : undefined,
          }),
        );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, isRunning, onApplied, t]);

  const fileProblem = (kind: NonNullable<ReturnType<typeof checkImportFiles>>) =>
    t(`upload.${kind}`, {
      size:
        kind === 'zipTooLarge'
          ? CATALOGUE_IMPORT_LIMITS.zipBytes / 1024 ** 3
          : CATALOGUE_IMPORT_LIMITS.workbookBytes / 1024 / 1024,
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    const kind = checkImportFiles(workbook, pictures);
    if (kind) {
      setProblem({ text: fileProblem(kind) });
      workbookInput.current?.focus();
      return;
    }
    const form = new FormData();
    form.append('workbook', workbook!);
    if (pictures) form.append('pictures', pictures);
    setProblem(null);
    setJob(null);
    setUploaded(0);
    try {
      setJob(
        checkAnswer(
          await apiRequest(JOBS, { method: 'POST', form, onUploadProgress: setUploaded }),
          importJobSchema,
        ),
      );
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status > 0
          ? { text: t('upload.failed'), detail: error.message }
          : { text: t('upload.noAnswer') },
      );
    } finally {
      setUploaded(null);
    }
  };

  const apply = async () => {
    if (!job || isBusy) return;
    setProblem(null);
    try {
      setJob(checkAnswer(await apiRequest(`${JOBS}/${job.id}/apply`, { method: 'POST' }), importJobSchema));
    } catch (error) {
      setProblem({ text: t('report.failed'), detail: error instanceof ApiError ? error.message : undefined });
    }
  };

  const downloadErrors = async () => {
    if (!job) return;
    try {
      await downloadFile(`/api${JOBS}/${job.id}/errors`, 'import-errors.xlsx');
    } catch {
      setProblem({ text: t('export.failed') });
    }
  };

  return (
    <section aria-labelledby="catalogue-import" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="catalogue-import" className="font-serif text-xl text-brand-900">
        {t('upload.title')}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 space-y-3">
        <TextField
          ref={workbookInput}
          label={t('upload.workbook')}
          type="file"
          name="workbook"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          required
          disabled={isBusy}
          onChange={(e) => setWorkbook(e.target.files?.[0] ?? null)}
          className="[&_input]:py-1.5"
        />
        <TextField
          label={t('upload.pictures')}
          type="file"
          name="pictures"
          accept=".zip,application/zip"
          disabled={isBusy}
          hint={t('upload.picturesHint')}
          onChange={(e) => setPictures(e.target.files?.[0] ?? null)}
          className="[&_input]:py-1.5"
        />
        {uploaded !== null ? <UploadProgress value={uploaded} label={t('upload.progress')} /> : null}
        <Button type="submit" disabled={isBusy} aria-busy={uploaded !== null}>
          {uploaded !== null ? t('upload.uploading') : t('upload.check')}
        </Button>
      </form>
      {problem ? <Notice tone="error" text={problem.text} detail={problem.detail} className="mt-3" /> : null}

      {job ? (
        <div className="mt-4 border-t border-gray-200 pt-4" aria-live="polite">
          {job.phase === 'checking' ? (
            <div className="space-y-2">
              <p role="status">{t('report.checking')}</p>
              <Progress
                label={t('apply.rows', { done: job.progress.rowsDone, total: job.progress.rowsTotal })}
                done={job.progress.rowsDone}
                total={job.progress.rowsTotal}
              />
              {job.zipName ? (
                <Progress
                  label={t('apply.pictures', {
                    done: job.progress.picturesDone,
                    total: job.progress.picturesTotal,
                  })}
                  done={job.progress.picturesDone}
                  total={job.progress.picturesTotal}
                />
              ) : null}
            </div>
          ) : null}
          {job.phase === 'failed' ? (
            <Notice tone="error" text={t('report.failed')} detail={job.message} />
          ) : null}
          {job.phase === 'checked' || job.phase === 'applying' ? (
            <>
              <h3 className="font-serif text-lg text-brand-900">{t('report.title')}</h3>
              <ImportReport job={job} />
              <div className="mt-4 flex flex-wrap items-center gap-3">
                {job.counts?.errors ? (
                  <Button variant="secondary" onClick={() => void downloadErrors()}>
                    {t('report.downloadErrors')}
                  </Button>
                ) : null}
                {job.phase === 'checked' && !job.message ? (
                  <Button onClick={() => void apply()}>{t('report.apply')}</Button>
                ) : null}
              </div>
              {job.phase === 'checked' && job.message ? (
                <Notice tone="error" text={t('report.blocked')} detail={job.message} className="mt-3" />
              ) : null}
            </>
          ) : null}
          {job.phase === 'applying' ? (
            <div className="mt-4 space-y-2">
              <p role="status">{t('apply.applying')}</p>
              <Progress
                label={t('apply.pictures', {
                  done: job.progress.picturesDone,
                  total: job.progress.picturesTotal,
                })}
                done={job.progress.picturesDone}
                total={job.progress.picturesTotal}
              />
              <Progress
                label={t('apply.rows', { done: job.progress.rowsDone, total: job.progress.rowsTotal })}
                done={job.progress.rowsDone}
                total={job.progress.rowsTotal}
              />
            </div>
          ) : null}
          {job.phase === 'applied' ? (
            <Notice
              tone="success"
              text={t('apply.done', { created: job.counts?.created ?? 0, updated: job.counts?.updated ?? 0 })}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
