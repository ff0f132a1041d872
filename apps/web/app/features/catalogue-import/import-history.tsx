import { useState } from 'react';
import type { ImportHistoryEntry } from '@catalogue/shared/schemas/catalogue-import';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { LoadError, Notice } from '~/components/ui/notice';
import { Spinner } from '~/components/ui/spinner';
import { ApiError, apiRequest } from '~/lib/api-client';
import { formatLocalDateTime } from '~/lib/format-date';
import { useTranslation } from '~/lib/i18n';
import type { ScreenQuery } from '~/lib/route-data';

const CELL = 'px-3 py-2 align-top';

/** The applied imports, newest first, with Undo (after a confirmation) on the newest applied one. */
export function ImportHistory({ history }: { history: ScreenQuery<{ imports: ImportHistoryEntry[] }> }) {
  const { t, i18n } = useTranslation('catalogue-import');
  const [toUndo, setToUndo] = useState<ImportHistoryEntry | null>(null);
  const [isUndoing, setIsUndoing] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string; detail?: string } | null>(
    null,
  );
  const when = (iso: string) => formatLocalDateTime(iso, i18n.language) ?? iso;

  const undo = async () => {
    if (!toUndo || isUndoing) return;
    setIsUndoing(true);
    try {
      await apiRequest(`/admin/catalogue/imports/${toUndo.id}/undo`, { method: 'POST' });
      setNotice({ tone: 'success', text: t('history.undoDone') });
    } catch (error) {
      setNotice({
        tone: 'error',
        text: t('history.undoFailed'),
        detail: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setIsUndoing(false);
      setToUndo(null);
      history.reload();
    }
  };

  const imports = history.data?.imports ?? [];
  return (
    <section aria-labelledby="catalogue-history" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="catalogue-history" className="font-serif text-xl text-brand-900">
        {t('history.title')}
      </h2>
      {notice ? (
        <Notice tone={notice.tone} text={notice.text} detail={notice.detail} className="mt-3" />
      ) : null}
      {history.isLoading && !history.data ? (
        <p role="status" className="mt-3 flex items-center gap-2">
          <Spinner /> {t('history.loading')}
        </p>
      ) : null}
      {history.error ? (
        <div className="mt-3">
          <LoadError
            message={t('history.loadFailed')}
            detail={history.error.message}
            onRetry={history.reload}
            retryLabel={t('history.retry')}
          />
        </div>
      ) : null}
      {history.data && imports.length === 0 ? (
        <p className="mt-3 text-gray-700">{t('history.empty')}</p>
      ) : null}
      {imports.length ? (
        <div
          className="mt-3 overflow-x-auto focus:outline-2 focus:outline-brand-700"
          tabIndex={0}
          role="region"
          aria-label={t('history.title')}
        >
          <table className="w-full text-left text-sm">
            <thead className="bg-brand-50">
              <tr>
                <th scope="col" className={CELL}>
                  {t('history.when')}
                </th>
                <th scope="col" className={CELL}>
                  {t('history.file')}
                </th>
                <th scope="col" className={`${CELL} hidden sm:table-cell`}>
                  {t('history.by')}
                </th>
                <th scope="col" className={CELL}>
                  {t('history.counts')}
                </th>
                <th scope="col" className={CELL}>
                  {t('history.status')}
                </th>
                <th scope="col" className={CELL}>
                  <span className="sr-only">{t('history.undo')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {imports.map((entry) => (
                <tr key={entry.id} className="border-t border-gray-100">
                  <td className={CELL}>{when(entry.createdAt)}</td>
                  <td className={`${CELL} [overflow-wrap:anywhere]`}>{entry.fileName}</td>
                  <td className={`${CELL} hidden [overflow-wrap:anywhere] sm:table-cell`}>
                    {entry.createdBy ?? ''}
                  </td>
                  <td className={CELL}>
                    {entry.counts.created} / {entry.counts.updated}
                  </td>
                  <td className={CELL}>
                    {entry.status === 'applied' ? t('history.applied') : t('history.undone')}
                  </td>
                  <td className={CELL}>
                    {entry.canUndo ? (
                      <Button variant="danger" size="sm" onClick={() => setToUndo(entry)}>
                        {t('history.undo')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Dialog
        open={toUndo !== null}
        onClose={() => setToUndo(null)}
        title={t('history.undoTitle')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setToUndo(null)}>
              {t('history.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void undo()} disabled={isUndoing} aria-busy={isUndoing}>
              {t('history.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('history.undoText')}</p>
        {toUndo ? <p className="mt-2 font-semibold break-all">{toUndo.fileName}</p> : null}
      </Dialog>
    </section>
  );
}
