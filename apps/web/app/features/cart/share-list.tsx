import { useState, type FormEvent } from 'react';
import { whatsAppUrl } from '@catalogue/shared/domain/selections';
import type { EnquiryLine } from '@catalogue/shared/domain/enquiry-list';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { Notice } from '~/components/ui/notice';
import { ApiError, apiRequest, readStoredSession } from '~/lib/api-client';
import { downloadFile } from '~/lib/download-file';
import { useTranslation } from '~/lib/i18n';

/**
 * The enquiry list as files and as a link for a colleague: the line sheet as a PDF or a workbook
 * (the server's `/api/cart/{userId}/linesheet.*`), and "Make a link", which turns the list into a
 * selection (`POST /api/selections`, the list's designs) with one link for the colleague named
 * (`POST /api/selections/{id}/links`), shown with Copy and Share on WhatsApp.
 */
export function ShareList({ lines }: { lines: readonly EnquiryLine[] }) {
  const { t, i18n } = useTranslation('cart');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [link, setLink] = useState<{ url: string; name: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const download = async (format: 'pdf' | 'xlsx') => {
    setProblem(null);
    const session = readStoredSession();
    if (!session?.userId) return;
    try {
      await downloadFile(
        `/api/cart/${encodeURIComponent(session.userId)}/linesheet.${format}?lang=${i18n.language === 'hi' ? 'hi' : 'en'}`,
        `enquiry-list.${format}`,
      );
    } catch {
      setProblem(t('share.downloadFailed'));
    }
  };

  const makeLink = async (event: FormEvent) => {
    event.preventDefault();
    const colleague = name.trim();
    if (!colleague) {
      setNameError(t('share.nameRequired'));
      return;
    }
    setNameError(undefined);
    setProblem(null);
    setBusy(true);
    try {
      const made = await apiRequest<{ selection: { _id: string } }>('/selections', {
        json: { title: t('share.selectionTitle'), productIds: lines.map((line) => line._id) },
      });
      const answer = await apiRequest<{ link: { url: string } }>(
        `/selections/${encodeURIComponent(made.selection._id)}/links`,
        { json: { recipient: { name: colleague } } },
      );
      setLink({ url: answer.link.url, name: colleague });
      setCopied(false);
    } catch (reason) {
      setProblem(reason instanceof ApiError && reason.message ? reason.message : t('share.failed'));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      setProblem(t('share.copyFailed'));
    }
  };

  return (
    <section aria-labelledby="share-list" className="mt-8 space-y-4 rounded-lg border border-brand-100 p-4">
      <h2 id="share-list" className="font-serif text-xl text-brand-900">
        {t('share.heading')}
      </h2>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void download('pdf')}>
          {t('share.pdf')}
        </Button>
        <Button variant="secondary" onClick={() => void download('xlsx')}>
          {t('share.xlsx')}
        </Button>
      </div>
      <p className="text-sm text-gray-700">{t('share.intro')}</p>
      <form noValidate onSubmit={(event) => void makeLink(event)} className="flex flex-wrap items-end gap-3">
        <TextField
          label={t('share.name')}
          value={name}
          maxLength={200}
          required
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? t('share.making') : t('share.make')}
        </Button>
      </form>
      {problem ? <Notice tone="error" text={problem} /> : null}
      {link ? (
        <div className="space-y-2">
          <TextField label={t('share.linkFor', { name: link.name })} value={link.url} readOnly />
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? t('share.copied') : t('share.copy')}
            </Button>
            <a
              href={whatsAppUrl('', t('share.whatsAppText', { url: link.url }))}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-700 underline"
            >
              {t('share.whatsApp')}
            </a>
          </div>
        </div>
      ) : null}
    </section>
  );
}
