import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Selection } from '@catalogue/shared/schemas/selection';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Notice } from '~/components/ui/notice';
import { apiRequest, serverReason } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { withPrefix } from '~/lib/prefix';

/**
 * Deletes the selection after a confirmation that says what goes with it: its links stop working
 * at once (their pages answer "not found") and their activity is gone. Back to the list, which
 * says what was deleted.
 */
export function DeleteSelection({ selection }: { selection: Selection }) {
  const { t } = useTranslation('selections-admin');
  const navigate = useNavigate();
  const location = useLocation();
  const [isAsking, setIsAsking] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function remove() {
    setIsDeleting(true);
    setFailure(null);
    try {
      await apiRequest(`/selections/${encodeURIComponent(selection._id)}`, { method: 'DELETE' });
      void navigate(withPrefix(location.pathname, '/selections'), {
        replace: true,
        state: { deleted: selection.title },
      });
    } catch (caught) {
      setIsAsking(false);
      setFailure(serverReason(caught, t('delete.failed')));
    } finally {
      setIsDeleting(false);
    }
  }

  return (
    <section aria-labelledby="selection-delete" className="max-w-3xl space-y-3 border-t border-gray-200 pt-6">
      <h2 id="selection-delete" className="font-serif text-xl text-brand-900">
        {t('delete.heading')}
      </h2>
      <p className="text-sm text-gray-700">{t('delete.intro')}</p>
      <Button variant="danger" onClick={() => setIsAsking(true)}>
        {t('delete.button')}
      </Button>
      {failure ? <Notice tone="error" text={t('delete.failed')} detail={failure} /> : null}
      <Dialog
        open={isAsking}
        onClose={() => setIsAsking(false)}
        title={t('delete.title', { title: selection.title })}
        actions={
          <>
            <Button variant="secondary" onClick={() => setIsAsking(false)}>
              {t('delete.cancel')}
            </Button>
            <Button variant="danger" disabled={isDeleting} onClick={() => void remove()}>
              {isDeleting ? t('delete.deleting') : t('delete.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('delete.text', { count: selection.links.length })}</p>
      </Dialog>
    </section>
  );
}
