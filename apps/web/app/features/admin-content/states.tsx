import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';

/** A spinner with its text visible too (spec: 'Loading orders...'), announced once. */
export function LoadingState({ text }: { text: string }) {
  return (
    <div className="flex items-center gap-3 py-6 text-gray-700">
      <Spinner size="sm" label={text} />
      <span aria-hidden="true">{text}</span>
    </div>
  );
}

export function ErrorState({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { t } = useTranslation('admin-content');
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 py-2 text-red-700">
      <span>{text}</span>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <p className="rounded-md border border-dashed border-gray-300 p-6 text-center text-gray-700">{text}</p>
  );
}
