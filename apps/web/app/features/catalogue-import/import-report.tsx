import { useState } from 'react';
import type { ImportJob, PictureReport, RowReport } from '@catalogue/shared/schemas/catalogue-import';
import { useTranslation } from '~/lib/i18n';

/** Rows shown at once; the errors workbook has every problem row. */
const SHOWN = 200;

const ROW_FILTERS = ['all', 'created', 'updated', 'unchanged', 'error'] as const;
const PICTURE_FILTERS = ['all', 'matched', 'problems'] as const;

const CELL = 'px-3 py-2 align-top';

function FilterButtons<T extends string>({
  label,
  options,
  value,
  onChange,
  labelOf,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf: (value: T) => string;
}) {
  return (
    <div role="group" aria-label={label} className="mt-2 flex flex-wrap gap-2">
      {options.map((o) => (
        <button
          key={o}
          type="button"
          aria-pressed={value === o}
          onClick={() => onChange(o)}
          className="min-h-11 rounded-md border border-brand-700 px-3 text-sm text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
        >
          {labelOf(o)}
        </button>
      ))}
    </div>
  );
}

function Scroller({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div
      // Focusable, so a keyboard can scroll a long table.
      tabIndex={0}
      role="region"
      aria-label={label}
      className="mt-2 max-h-96 overflow-auto rounded-md border border-gray-200 focus:outline-2 focus:outline-brand-700"
    >
      {children}
    </div>
  );
}

type ReportTableProps<T, F extends string> = {
  title: string;
  items: T[];
  filters: readonly F[];
  /** The filter the table opens with. */
  initialFilter: F;
  filterLabelOf: (filter: F) => string;
  isShown: (item: T, filter: F) => boolean;
  headers: readonly string[];
  /** One item as a table row (`<tr>`). */
  renderRow: (item: T, index: number) => React.ReactNode;
};

/**
 * One of the report's tables: its heading, filter buttons, and the first SHOWN items the filter
 * keeps in a scrolling box (a line says how many more there are), or a line saying none is left.
 */
function ReportTable<T, F extends string>({
  title,
  items,
  filters,
  initialFilter,
  filterLabelOf,
  isShown,
  headers,
  renderRow,
}: ReportTableProps<T, F>) {
  const { t } = useTranslation('catalogue-import');
  const [filter, setFilter] = useState<F>(initialFilter);
  const shown = items.filter((item) => isShown(item, filter));
  return (
    <div className="mt-4">
      <h3 className="font-semibold text-ink">{title}</h3>
      <FilterButtons
        label={t('report.filter')}
        options={filters}
        value={filter}
        onChange={setFilter}
        labelOf={filterLabelOf}
      />
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">{t('report.empty')}</p>
      ) : (
        <Scroller label={title}>
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-brand-50">
              <tr>
                {headers.map((header) => (
                  <th key={header} scope="col" className={CELL}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{shown.slice(0, SHOWN).map(renderRow)}</tbody>
          </table>
        </Scroller>
      )}
      {shown.length > SHOWN ? (
        <p className="mt-1 text-sm text-gray-700">
          {t('report.more', { shown: SHOWN, total: shown.length })}
        </p>
      ) : null}
    </div>
  );
}

function RowsTable({ rows }: { rows: RowReport[] }) {
  const { t } = useTranslation('catalogue-import');
  return (
    <ReportTable
      title={t('report.rowsTitle')}
      items={rows}
      filters={ROW_FILTERS}
      initialFilter={rows.some((r) => r.outcome === 'error') ? 'error' : 'all'}
      filterLabelOf={(o) => (o === 'all' ? t('report.filterAll') : t(`report.outcomes.${o}`))}
      isShown={(r, filter) => filter === 'all' || r.outcome === filter}
      headers={[t('report.row'), t('report.code'), t('report.outcome'), t('report.problems')]}
      renderRow={(r) => (
        <tr key={r.row} className="border-t border-gray-100">
          <td className={CELL}>{r.row}</td>
          <td className={`${CELL} break-all`}>{r.code}</td>
          <td className={`${CELL} ${r.outcome === 'error' ? 'font-semibold text-red-800' : ''}`}>
            {t(`report.outcomes.${r.outcome}`)}
          </td>
          <td className={CELL}>
            {r.errors.map((e, i) => (
              <p key={i}>
                <span className="font-semibold">{e.column}</span>: {e.message}
              </p>
            ))}
          </td>
        </tr>
      )}
    />
  );
}

function PicturesTable({ pictures }: { pictures: PictureReport[] }) {
  const { t } = useTranslation('catalogue-import');
  return (
    <ReportTable
      title={t('report.picturesTitle')}
      items={pictures}
      filters={PICTURE_FILTERS}
      initialFilter={pictures.some((p) => p.outcome !== 'matched') ? 'problems' : 'all'}
      filterLabelOf={(o) =>
        o === 'all'
          ? t('report.filterAll')
          : o === 'matched'
            ? t('report.outcomes.matched')
            : t('report.filterProblems')
      }
      isShown={(p, filter) =>
        filter === 'all' || (filter === 'matched' ? p.outcome === 'matched' : p.outcome !== 'matched')
      }
      headers={[t('report.name'), t('report.outcome'), t('report.row'), t('report.problems')]}
      renderRow={(p, i) => (
        <tr key={`${p.name}-${i}`} className="border-t border-gray-100">
          <td className={`${CELL} break-all`}>{p.name}</td>
          <td className={`${CELL} ${p.outcome !== 'matched' ? 'font-semibold text-red-800' : ''}`}>
            {t(`report.outcomes.${p.outcome}`)}
          </td>
          <td className={CELL}>{p.row === null ? '' : `${p.row} (${p.position})`}</td>
          <td className={CELL}>{p.message}</td>
        </tr>
      )}
    />
  );
}

/** The dry run's counts, and its rows and pictures as filterable tables. */
export function ImportReport({ job }: { job: ImportJob }) {
  const { t } = useTranslation('catalogue-import');
  const c = job.counts;
  if (!c) return null;
  return (
    <div>
      <div role="status">
        <ul className="mt-2 grid gap-1 text-ink sm:grid-cols-3">
          <li>{t('report.created', { count: c.created })}</li>
          <li>{t('report.updated', { count: c.updated })}</li>
          <li>{t('report.unchanged', { count: c.unchanged })}</li>
          <li className={c.errors ? 'font-semibold text-red-800' : ''}>
            {t('report.errors', { count: c.errors })}
          </li>
          <li>{t('report.pictures', { count: c.pictures })}</li>
          <li className={c.pictureErrors ? 'font-semibold text-red-800' : ''}>
            {t('report.pictureErrors', { count: c.pictureErrors })}
          </li>
          <li>{t('report.costings', { count: c.costings })}</li>
        </ul>
      </div>
      <RowsTable rows={job.rows} />
      {job.pictures.length ? <PicturesTable pictures={job.pictures} /> : null}
    </div>
  );
}
