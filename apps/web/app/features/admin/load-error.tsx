import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';

/** A failed load: what failed, the server's reason when it gave one, and a way to try again. */
export function LoadError({
  message,
  detail,
  onRetry,
}: {
  message: string;
  detail?: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 text-red-800">
      <p className="font-semibold">{message}</p>
      {detail && detail !== message ? <p className="mt-1 text-sm">{detail}</p> : null}
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
