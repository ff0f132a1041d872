import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WeeklyChart } from './weekly-chart';

const weeks = Array.from({ length: 12 }, (_, i) => ({
  weekStart: new Date(Date.UTC(2026, 8, 7 + i * 7)).toISOString().slice(0, 10),
  count: i === 11 ? 4 : i === 3 ? 7 : 0,
}));

describe('WeeklyChart', () => {
  it('draws one bar per week, named and summarised for screen readers, with the numbers as a table', () => {
    const { container } = render(<WeeklyChart weeks={weeks} />);
    const chart = screen.getByRole('img', { name: 'Price requests per week' });
    expect(chart).toHaveAccessibleDescription('11 price requests in the last 12 weeks; this week 4.');
    expect(container.querySelectorAll('rect')).toHaveLength(12);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[12]).toHaveTextContent('4');
  });

  it('says so when there were no requests', () => {
    render(<WeeklyChart weeks={weeks.map((w) => ({ ...w, count: 0 }))} />);
    expect(screen.getByRole('img')).toHaveAccessibleDescription('No price requests in the last 12 weeks.');
  });
});
