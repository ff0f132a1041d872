import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { Notice } from './notice';

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
    <Notice tone="error" text={message} detail={detail}>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Notice>
  );
}
