import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems } from './pagination';

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps first, last and neighbours of the current page with gaps between', () => {
    expect(pageItems(50, 6250)).toEqual([1, 'gap', 49, 50, 51, 'gap', 6250]);
    expect(pageItems(1, 100)).toEqual([1, 2, 'gap', 100]);
    // A gap of exactly one page shows that page instead of an ellipsis.
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageItems(99, 3)).toEqual([1, 2, 3]);
    expect(pageItems(0, 0)).toEqual([1]);
  });
});

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination currentPage={1} totalPages={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('calls back with the chosen page; Previous is disabled on the first page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination currentPage={1} totalPages={3} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[3], [2]]);
  });

  it('renders crawlable links that keep the locale prefix when given hrefFor', () => {
    render(
      <MemoryRouter initialEntries={['/en-in/shopall?page=3']}>
        <Pagination currentPage={3} totalPages={3} hrefFor={(p) => `/shopall?page=${p}`} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/en-in/shopall?page=2');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/en-in/shopall?page=1');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
  });
});
