import { useTranslation } from '~/lib/i18n';
import type { OrderStatus } from '@catalogue/shared/domain/quotation';

const TONE: Record<OrderStatus, string> = {
  new: 'bg-blue-50 text-blue-900 border-blue-300',
  quoted: 'bg-amber-50 text-amber-900 border-amber-300',
  accepted: 'bg-green-50 text-green-900 border-green-400',
  declined: 'bg-red-50 text-red-900 border-red-300',
  expired: 'bg-gray-100 text-gray-800 border-gray-300',
  cancelled: 'bg-gray-100 text-gray-800 border-gray-300',
  withdrawn: 'bg-gray-100 text-gray-800 border-gray-300',
};

/** A request's state as a word in a coloured frame (the word carries it, not the colour). */
export function StatusBadge({ status, overdue = false }: { status: string; overdue?: boolean }) {
  const { t } = useTranslation('quotes');
  const known = (status in TONE ? status : 'new') as OrderStatus;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className={`rounded border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[known]}`}>
        {t(`status.${known}`)}
      </span>
      {overdue ? (
        <span
          className="rounded border border-red-700 bg-red-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800"
          title={t('overdueLabel')}
        >
          {t('overdue')}
          <span className="sr-only">: {t('overdueLabel')}</span>
        </span>
      ) : null}
    </span>
  );
}
