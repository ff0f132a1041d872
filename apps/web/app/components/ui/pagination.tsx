import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { PrefixedLink } from '~/components/ui/prefixed-link';
import { KEEP_CLEAR } from '~/lib/keep-clear';

export type PageItem = number | 'gap';

/**
 * The page numbers to show: always the first and last, the current one and `siblings` on each
 * side, and a gap wherever numbers are left out, so a 6,000-page listing stays one short row.
 */
export function pageItems(currentPage: number, totalPages: number, siblings = 1): PageItem[] {
  const total = Math.max(1, Math.floor(totalPages));
  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  if (total <= 5 + 2 * siblings) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set<number>([1, total]);
  for (let p = current - siblings; p <= current + siblings; p += 1) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const [i, page] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  }
  return items;
}

type PaginationProps = {
  currentPage: number;
  totalPages: number;
  /** Links (crawlable, work without JavaScript) when given... */
  hrefFor?: (page: number) => string;
  /** ...otherwise buttons that call this. */
  onPageChange?: (page: number) => void;
  className?: string;
};

const ITEM =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium';
const IDLE = `${ITEM} border-gray-300 bg-white text-ink hover:border-brand-700 hover:bg-brand-50`;
const CURRENT = `${ITEM} border-brand-700 bg-brand-700 text-white`;
const DISABLED = `${ITEM} cursor-not-allowed border-gray-200 bg-gray-50 text-gray-500`;

/** Previous, numbered pages and Next; nothing when there is only one page. */
export function Pagination({
  currentPage,
  totalPages,
  hrefFor,
  onPageChange,
  className = '',
}: PaginationProps) {
  const { t } = useTranslation('common');
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, currentPage), totalPages);

  const control = (page: number, content: ReactNode, opts: { label?: string; isCurrent?: boolean } = {}) => {
    const { label, isCurrent = false } = opts;
    if (hrefFor) {
      return (
        <PrefixedLink
          to={hrefFor(page)}
          aria-label={label}
          aria-current={isCurrent ? 'page' : undefined}
          className={isCurrent ? CURRENT : IDLE}
          preventScrollReset
        >
          {content}
        </PrefixedLink>
      );
    }
    return (
      <button
        type="button"
        aria-label={label}
        aria-current={isCurrent ? 'page' : undefined}
        className={isCurrent ? CURRENT : IDLE}
        onClick={() => onPageChange?.(page)}
      >
        {content}
      </button>
    );
  };

  // At either end Previous or Next stays in its place as a disabled button, so assistive
  // technology announces it as a button that is unavailable.
  const edge = (page: number, text: string, isDisabled: boolean) =>
    isDisabled ? (
      <button type="button" disabled className={DISABLED}>
        {text}
      </button>
    ) : (
      control(page, text)
    );

  return (
    <nav aria-label={t('pagination.label')} className={className} {...KEEP_CLEAR}>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>{edge(current - 1, t('pagination.previous'), current <= 1)}</li>
        {pageItems(current, totalPages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-600">
              …
            </li>
          ) : (
            <li key={item}>
              {control(item, item, {
                label: t('pagination.page', { page: item }),
                isCurrent: item === current,
              })}
            </li>
          ),
        )}
        <li>{edge(current + 1, t('pagination.next'), current >= totalPages)}</li>
      </ul>
    </nav>
  );
}
