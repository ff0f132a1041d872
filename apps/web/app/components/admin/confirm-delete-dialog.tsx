import { useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { ApiError } from '~/lib/api-client';

type ConfirmDeleteDialogProps = {
  /** What is about to be deleted; null keeps the dialog closed. */
  open: boolean;
  question: string;
  onCancel: () => void;
  /** Deletes; a rejection keeps the dialog open with the server's message. */
  onConfirm: () => Promise<void>;
};

/** The confirm question as an accessible modal, with the delete's progress and failure in it. */
export function ConfirmDeleteDialog({ open, question, onCancel, onConfirm }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation('admin-content');
  const [isDeleting, setIsDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (isDeleting) return;
    setError(null);
    onCancel();
  };

  const confirm = async () => {
    setIsDeleting(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status ? failure.message : t('common.errorFallback'));
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={question}
      hideCloseButton
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={isDeleting}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            disabled={isDeleting}
            aria-busy={isDeleting}
          >
            {isDeleting ? t('common.deleting') : t('common.confirm')}
          </Button>
        </>
      }
    >
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
