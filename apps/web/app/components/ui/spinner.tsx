import { useTranslation } from '~/lib/i18n';

const SIZES = { sm: 'size-5 border-2', md: 'size-8 border-3', lg: 'size-12 border-4' } as const;

/** A spinning ring with a spoken label ("Loading..."); it announces itself politely. */
export function Spinner({
  size = 'md',
  label,
  className = '',
}: {
  size?: keyof typeof SIZES;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <span role="status" className={`inline-flex items-center justify-center ${className}`}>
      <span
        aria-hidden="true"
        className={`${SIZES[size]} animate-spin rounded-full border-brand-100 border-t-brand-700 motion-reduce:animate-[spin_1.5s_linear_infinite]`}
      />
      <span className="sr-only">{label ?? t('loading')}</span>
    </span>
  );
}
