import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import { ApiError } from '~/lib/api-client';
import { downloadFile } from '~/lib/download-file';
import { useTranslation } from '~/lib/i18n';

/**
 * "Download quote (PDF)" and its line sheet workbook: the request's latest sent quote from
 * `/api/orders/{id}/quote.pdf` / `.xlsx` (its buyer or an admin), in the page's language.
 */
export function QuoteDownload({ id, orderId }: { id: string; orderId: number }) {
  const { t, i18n } = useTranslation('quotes');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async (format: 'pdf' | 'xlsx') => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadFile(
        `/api/orders/${encodeURIComponent(id)}/quote.${format}?lang=${i18n.language === 'hi' ? 'hi' : 'en'}`,
        `quote-${orderId}.${format}`,
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={() => void download('pdf')}>
        {t('quote.downloadPdf')}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => void download('xlsx')}>
        {t('quote.downloadXlsx')}
      </Button>
      {failed ? <Notice tone="error" text={t('quote.downloadFailed')} /> : null}
    </>
  );
}

/**
 * "Download proforma invoice (PDF)" of an accepted quote: `/api/orders/{id}/proforma.pdf` (its
 * buyer or an admin), numbered by the server on the first download. A refusal (the business
 * details not saved yet) is said with the server's reason.
 */
export function ProformaDownload({ id, orderId }: { id: string; orderId: number }) {
  const { t, i18n } = useTranslation('quotes');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadFile(
        `/api/orders/${encodeURIComponent(id)}/proforma.pdf?lang=${i18n.language === 'hi' ? 'hi' : 'en'}`,
        `proforma-${orderId}.pdf`,
      );
    } catch (reason) {
      setFailure(reason instanceof ApiError && reason.status === 409 ? reason.message : '');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={() => void download()}>
        {t('quote.downloadProforma')}
      </Button>
      {failure !== null ? (
        <Notice tone="error" text={t('quote.proformaFailed')} {...(failure ? { detail: failure } : {})} />
      ) : null}
    </>
  );
}
