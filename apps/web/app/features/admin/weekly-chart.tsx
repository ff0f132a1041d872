import { useId } from 'react';
import { useTranslation } from '~/lib/i18n';
import type { DashboardWeek } from '@catalogue/shared/schemas/dashboard';
import { niceMax } from '~/lib/chart-scale';
import { formatDay } from './admin-format';

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 24, right: 8, bottom: 36, left: 36 };

/**
 * Requests per week as an inline SVG bar chart. Screen readers get the chart's name and a one-line
 * summary, and everyone can open the same numbers as a table.
 */
export function WeeklyChart({ weeks }: { weeks: readonly DashboardWeek[] }) {
  const { t, i18n } = useTranslation('admin');
  const titleId = useId();
  const summaryId = useId();
  const total = weeks.reduce((sum, w) => sum + w.count, 0);
  const max = niceMax(Math.max(0, ...weeks.map((w) => w.count)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, weeks.length);
  const barWidth = slot * 0.6;
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const ticks = [0, max / 2, max].filter((v, i, all) => Number.isInteger(v) && all.indexOf(v) === i);

  return (
    <figure className="rounded-lg border border-gray-200 bg-white p-4">
      <figcaption id={titleId} className="font-serif text-lg text-brand-900">
        {t('dashboard.weekly.title')}
      </figcaption>
      <p id={summaryId} className="mt-1 text-sm text-gray-700">
        {total === 0
          ? t('dashboard.weekly.empty')
          : t('dashboard.weekly.summary', { total, current: weeks.at(-1)?.count ?? 0 })}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={summaryId}
        className="mt-3 h-auto w-full"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-gray-200"
              strokeWidth={1}
            />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-gray-700 text-[11px]">
              {tick}
            </text>
          </g>
        ))}
        {weeks.map((week, i) => {
          const x = PAD.left + i * slot + (slot - barWidth) / 2;
          const top = y(week.count);
          const label = formatDay(week.weekStart, i18n.language);
          return (
            <g key={week.weekStart}>
              <title>{t('dashboard.weekly.bar', { week: label, count: week.count })}</title>
              <rect
                x={x}
                y={top}
                width={barWidth}
                height={Math.max(0, PAD.top + plotHeight - top)}
                rx={3}
                className="fill-brand-700"
              />
              {week.count > 0 ? (
                <text x={x + barWidth / 2} y={top - 5} textAnchor="middle" className="fill-ink text-[11px]">
                  {week.count}
                </text>
              ) : null}
              <text
                x={x + barWidth / 2}
                y={HEIGHT - PAD.bottom + 16}
                textAnchor="middle"
                className="fill-gray-700 text-[10px]"
              >
                {label}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-900 underline">
          {t('dashboard.weekly.showTable')}
        </summary>
        <table className="mt-2 w-full max-w-sm text-left">
          <caption className="sr-only">{t('dashboard.weekly.title')}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4 font-semibold">
                {t('dashboard.weekly.week')}
              </th>
              <th scope="col" className="py-1 font-semibold">
                {t('dashboard.weekly.requests')}
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart} className="border-t border-gray-100">
                <td className="py-1 pr-4">{formatDay(week.weekStart, i18n.language, true)}</td>
                <td className="py-1">{week.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
