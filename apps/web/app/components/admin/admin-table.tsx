import type { ReactNode } from 'react';

/** One column's header: its key (unique in the table) and what the header cell shows. */
export type AdminColumn = { key: string; label: ReactNode };

type AdminTableProps = {
  /** The table's name for screen readers (a caption only they read); none when the page heading names it. */
  caption?: string;
  columns: readonly AdminColumn[];
  /**
   * The width below which the table scrolls sideways instead of squeezing its columns, as a
   * Tailwind class written out in the caller (`min-w-[48rem]`) so the style sheet keeps it.
   */
  minWidthClassName?: string;
  /** Cells sit at the top of their row (rows whose cells run to several lines). */
  isAlignedTop?: boolean;
  /** The table's rows (`<tr>` elements). */
  children: ReactNode;
};

/**
 * The admin lists' table (orders, users, blog posts, products): a bordered box a keyboard can
 * focus and scroll sideways on a narrow screen, a header row of column names, and the rows.
 */
export function AdminTable({
  caption,
  columns,
  minWidthClassName = '',
  isAlignedTop = false,
  children,
}: AdminTableProps) {
  return (
    <div
      // Focusable so a keyboard can scroll the table sideways on a narrow screen.
      tabIndex={0}
      className="overflow-x-auto rounded-md border border-gray-200 focus:outline-2 focus:outline-brand-700"
    >
      <table className={`${minWidthClassName} w-full divide-y divide-gray-200 text-left text-sm`}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-brand-50 text-ink">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="px-3 py-2 font-semibold">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-gray-100 bg-white${isAlignedTop ? ' align-top' : ''}`}>
          {children}
        </tbody>
      </table>
    </div>
  );
}
