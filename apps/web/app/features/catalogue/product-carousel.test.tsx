import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enquiryStore } from '~/lib/enquiry/enquiry-store';
import { clampStart, stepStart, visibleCountFor, visibleWindow } from '~/features/catalogue/carousel-window';
import { ProductCarousel } from '~/features/catalogue/product-carousel';
import { makeProduct, renderWithProviders } from '~/lib/test-utils';

describe('carousel window rules', () => {
  it.each([
    [320, 2],
    [639, 2],
    [640, 3],
    [1023, 3],
    [1024, 4],
    [1920, 4],
  ])('%i px shows %i cards', (width, count) => {
    expect(visibleCountFor(width)).toBe(count);
  });

  it('clamps the start index between 0 and count − visible', () => {
    expect(clampStart(-1, 10, 4)).toBe(0);
    expect(clampStart(7, 10, 4)).toBe(6);
    expect(clampStart(3, 10, 4)).toBe(3);
    expect(clampStart(2, 3, 4)).toBe(0);
  });

  it('moves one step at a time and stops at the ends', () => {
    expect(stepStart(0, 1, 10, 4)).toBe(1);
    expect(stepStart(6, 1, 10, 4)).toBe(6);
    expect(stepStart(0, -1, 10, 4)).toBe(0);
  });

  it('shows the window in reversed order', () => {
    expect(visibleWindow(['a', 'b', 'c', 'd', 'e'], 1, 3)).toEqual(['d', 'c', 'b']);
    expect(visibleWindow(['a', 'b'], 5, 4)).toEqual(['b', 'a']);
  });
});

type Listener = () => void;

/** A window of a given width whose media queries answer as a browser's would. */
function setWindowWidth(width: number) {
  const listeners = new Set<Listener>();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.matchMedia = vi.fn((query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return {
      matches: window.innerWidth >= min,
      media: query,
      addEventListener: (_: string, l: Listener) => listeners.add(l),
      removeEventListener: (_: string, l: Listener) => listeners.delete(l),
    } as unknown as MediaQueryList;
  });
  return {
    resize(next: number) {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: next });
      act(() => listeners.forEach((l) => l()));
    },
  };
}

const shownNames = () =>
  within(screen.getByRole('list'))
    .getAllByRole('article')
    .map((a) => within(a).getByRole('heading').textContent);

describe('ProductCarousel', () => {
  const products = Array.from({ length: 6 }, (_, i) => makeProduct({ name: `P${i}` }));
  const originalMatchMedia = window.matchMedia;

  beforeEach(() => {
    localStorage.clear();
    enquiryStore.reload();
  });
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  it.each([
    [375, ['P1', 'P0']],
    [800, ['P2', 'P1', 'P0']],
    [1280, ['P3', 'P2', 'P1', 'P0']],
  ])('at %i px shows its window in reversed order', (width, names) => {
    setWindowWidth(width);
    renderWithProviders(<ProductCarousel products={products} />);
    expect(screen.getByRole('heading', { name: 'Most Loved Fashion Jewellery' })).toBeInTheDocument();
    expect(shownNames()).toEqual(names);
  });

  it('disables the arrows at the ends and moves one step per click', async () => {
    const user = userEvent.setup();
    setWindowWidth(1280);
    renderWithProviders(<ProductCarousel products={products} />);
    const previous = screen.getByRole('button', { name: 'Show previous designs' });
    const next = screen.getByRole('button', { name: 'Show next designs' });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    expect(shownNames()).toEqual(['P4', 'P3', 'P2', 'P1']);
    await user.click(next);
    expect(shownNames()).toEqual(['P5', 'P4', 'P3', 'P2']);
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
    expect(screen.getByText('Showing 3 to 6 of 6')).toBeInTheDocument();

    await user.click(previous);
    expect(shownNames()).toEqual(['P4', 'P3', 'P2', 'P1']);
  });

  it('clamps the start index when the window grows', async () => {
    const user = userEvent.setup();
    const screenSize = setWindowWidth(375);
    renderWithProviders(<ProductCarousel products={products} />);
    const next = screen.getByRole('button', { name: 'Show next designs' });
    for (let i = 0; i < 4; i++) await user.click(next);
    expect(shownNames()).toEqual(['P5', 'P4']);
    expect(next).toBeDisabled();

    screenSize.resize(1280);
    expect(shownNames()).toEqual(['P5', 'P4', 'P3', 'P2']);
    expect(next).toBeDisabled();
  });

  it('disables both arrows when everything fits', () => {
    setWindowWidth(1280);
    renderWithProviders(<ProductCarousel products={products.slice(0, 3)} />);
    expect(screen.getByRole('button', { name: 'Show previous designs' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show next designs' })).toBeDisabled();
    expect(shownNames()).toEqual(['P2', 'P1', 'P0']);
  });

  it('moves with the arrow keys and with a swipe', async () => {
    const user = userEvent.setup();
    setWindowWidth(375);
    renderWithProviders(<ProductCarousel products={products} />);
    screen.getByRole('button', { name: 'Show next designs' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(shownNames()).toEqual(['P2', 'P1']);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shownNames()).toEqual(['P1', 'P0']);

    const track = screen.getByRole('list');
    fireEvent.touchStart(track, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(track, { changedTouches: [{ clientX: 200 }] });
    expect(shownNames()).toEqual(['P2', 'P1']);
    fireEvent.touchStart(track, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(track, { changedTouches: [{ clientX: 120 }] });
    expect(shownNames()).toEqual(['P2', 'P1']);
    fireEvent.touchStart(track, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(track, { changedTouches: [{ clientX: 220 }] });
    expect(shownNames()).toEqual(['P1', 'P0']);
  });

  it('renders nothing without products', () => {
    setWindowWidth(1280);
    const { container } = renderWithProviders(<ProductCarousel products={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
