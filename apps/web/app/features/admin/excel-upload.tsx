import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importResultSchema,
  type ImportResult,
} from '@catalogue/shared/schemas/product-import';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { ApiError, apiRequest, checkAnswer } from '~/lib/api-client';
import { downloadFile } from '~/lib/download-file';
import { Notice, UploadProgress } from '~/components/ui/notice';

/** The extensions the importer reads; the server recognises the real type from the bytes. */
const EXCEL_NAME = /\.(xlsx|xls)$/i;
export const EXCEL_ACCEPT =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';
const TEMPLATE_PATH = '/api/products/admin/import-template';

type Problem = { text: string; detail?: string };
type Step = 'idle' | 'checking' | 'checked' | 'importing' | 'done';

/** The browser's check of a chosen file: an Excel name, not over the import size limit. */
export function checkExcelFile(file: File | null): 'required' | 'wrongType' | 'tooLarge' | null {
  if (!file) return 'required';
  if (!EXCEL_NAME.test(file.name)) return 'wrongType';
  if (file.size > IMPORT_MAX_BYTES) return 'tooLarge';
  return null;
}

const rejectedRows = (result: ImportResult) => new Set(result.errors.map((e) => e.row)).size;

function Rejected({ result }: { result: ImportResult }) {
  const { t } = useTranslation('admin');
  if (result.errors.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="font-semibold text-ink">{t('excel.rejectedTitle')}</h3>
      <div
        // Focusable so a keyboard can scroll a long list of problems.
        tabIndex={0}
        className="mt-2 max-h-96 overflow-auto rounded-md border border-gray-200 focus:outline-2 focus:outline-brand-700"
      >
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-brand-50">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('excel.row')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('excel.column')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('excel.reason')}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.errors.map((e, i) => (
              <tr key={`${e.row}-${e.field}-${i}`} className="border-t border-gray-100">
                <td className="px-3 py-2">{e.row}</td>
                <td className="px-3 py-2">{e.field}</td>
                <td className="px-3 py-2">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * The admin's Excel upload, made safe: the chosen workbook is first sent as a dry run, which says
 * how many rows would be created, updated or rejected (and why); only "Import" writes anything.
 */
export function ExcelUpload() {
  const { t } = useTranslation('admin');
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>('idle');
  const [progress, setProgress] = useState(0);
  const [check, setCheck] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [templateProblem, setTemplateProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const isBusy = step === 'checking' || step === 'importing';

  const fileProblemText = (kind: NonNullable<ReturnType<typeof checkExcelFile>>) =>
    kind === 'tooLarge' ? t('excel.tooLarge', { size: IMPORT_MAX_BYTES / 1024 / 1024 }) : t(`excel.${kind}`);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setCheck(null);
    setDone(null);
    setStep('idle');
    const kind = chosen ? checkExcelFile(chosen) : null;
    setProblem(kind ? { text: fileProblemText(kind) } : null);
  };

  const send = async (dryRun: boolean): Promise<ImportResult | null> => {
    if (!file) return null;
    const form = new FormData();
    form.append('file', file);
    setProgress(0);
    setProblem(null);
    try {
      const answer = await apiRequest(`/products/admin/uploadexcel${dryRun ? '?dryRun=1' : ''}`, {
        method: 'POST',
        form,
        onUploadProgress: setProgress,
      });
      return checkAnswer(answer, importResultSchema);
    } catch (error) {
      // An answer that is not 200 is 'Upload failed.'; no answer at all is an error.
      if (error instanceof ApiError && error.status > 0) {
        const detail = error.message === IMPORT_MESSAGES.noFile ? t('excel.required') : error.message;
        setProblem({ text: t('excel.failed'), detail });
      } else {
        setProblem({ text: t('excel.error') });
      }
      return null;
    }
  };

  const runCheck = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    const kind = checkExcelFile(file);
    if (kind) {
      setProblem({ text: fileProblemText(kind) });
      input.current?.focus();
      return;
    }
    setStep('checking');
    setCheck(null);
    setDone(null);
    const result = await send(true);
    setCheck(result);
    setStep(result ? 'checked' : 'idle');
  };

  const runImport = async () => {
    if (isBusy || !check) return;
    setStep('importing');
    const result = await send(false);
    if (result) {
      setDone(result);
      setCheck(null);
      setStep('done');
      setFile(null);
      if (input.current) input.current.value = '';
    } else setStep('checked');
  };

  const getTemplate = async () => {
    setTemplateProblem(null);
    try {
      await downloadFile(TEMPLATE_PATH, 'product-import-template.xlsx');
    } catch {
      setTemplateProblem(t('excel.templateFailed'));
    }
  };

  return (
    <div className="max-w-3xl space-y-6">
      <p className="text-gray-700">{t('excel.intro')}</p>
      <div className="rounded-lg border border-gray-200 bg-white p-4">
        <Button variant="secondary" size="sm" onClick={() => void getTemplate()}>
          {t('excel.template')}
        </Button>
        <p className="mt-2 text-sm text-gray-700">{t('excel.templateHint')}</p>
        {templateProblem ? (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {templateProblem}
          </p>
        ) : null}
      </div>

      <form noValidate onSubmit={(event) => void runCheck(event)} className="space-y-4">
        <TextField
          ref={input}
          label={t('excel.file')}
          type="file"
          name="file"
          accept={EXCEL_ACCEPT}
          required
          disabled={isBusy}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          hint={file ? t('excel.selected', { name: file.name }) : t('excel.noFileChosen')}
          className="[&_input]:py-1.5"
        />
        {step === 'checking' || step === 'importing' ? (
          <UploadProgress value={progress} label={t('excel.progress')} />
        ) : null}
        {problem ? <Notice tone="error" text={problem.text} detail={problem.detail} /> : null}
        <Button type="submit" disabled={isBusy} aria-busy={step === 'checking'}>
          {step === 'checking' ? t('excel.uploading') : t('excel.upload')}
        </Button>
      </form>

      {check ? (
        <section aria-labelledby="excel-check" className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="excel-check" className="font-serif text-xl text-brand-900">
            {t('excel.checkTitle')}
          </h2>
          <div role="status">
            <ul className="mt-2 space-y-1 text-ink">
              <li>{t('excel.willCreate', { count: check.created })}</li>
              <li>{t('excel.willUpdate', { count: check.updated })}</li>
              <li>{t('excel.willReject', { count: rejectedRows(check) })}</li>
            </ul>
          </div>
          <Rejected result={check} />
          <div className="mt-4 flex flex-wrap gap-3">
            {check.count > 0 ? (
              <Button onClick={() => void runImport()} disabled={isBusy} aria-busy={step === 'importing'}>
                {step === 'importing' ? t('excel.uploading') : t('excel.importNow', { count: check.count })}
              </Button>
            ) : (
              <p className="text-red-800">{t('excel.nothingToImport')}</p>
            )}
          </div>
        </section>
      ) : null}

      {done ? (
        <section
          aria-label={t('excel.checkTitle')}
          className="rounded-lg border border-green-700 bg-green-50 p-4"
        >
          <p role="status" className="font-semibold text-green-900">
            {t('excel.success', { count: done.count })}
          </p>
          <Rejected result={done} />
        </section>
      ) : null}
    </div>
  );
}
