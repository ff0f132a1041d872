import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageTransition } from './page-transition';

let go: (to: string) => void = () => {};
function Navigator() {
  const navigate = useNavigate();
  go = (to) => void navigate(to);
  return null;
}

describe('PageTransition', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });
  afterEach(() => vi.useRealTimers());

  it('shows nothing on the first paint, then a spinner for 0.4 s after each route change, at the top', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Navigator />
        <PageTransition />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('page-transition')).not.toBeInTheDocument();
    act(() => go('/faq'));
    expect(screen.getByTestId('page-transition')).toHaveClass('fixed');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    act(() => vi.advanceTimersByTime(399));
    expect(screen.getByTestId('page-transition')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('page-transition')).not.toBeInTheDocument();
  });

  it('ignores a change of the query alone', () => {
    render(
      <MemoryRouter initialEntries={['/shopall']}>
        <Navigator />
        <PageTransition />
      </MemoryRouter>,
    );
    act(() => go('/shopall?page=2'));
    expect(screen.queryByTestId('page-transition')).not.toBeInTheDocument();
  });
});
