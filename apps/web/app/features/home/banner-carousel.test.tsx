import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerCarousel } from './banner-carousel';

const currentIndex = (container: HTMLElement) =>
  [...container.querySelectorAll('[aria-roledescription="slide"]')].findIndex(
    (slide) => slide.getAttribute('data-current') === 'true',
  );

describe('BannerCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances one poster every 1500 ms and wraps after the sixth', () => {
    const { container } = render(<BannerCarousel />);
    expect(currentIndex(container)).toBe(0);
    act(() => vi.advanceTimersByTime(1499));
    expect(currentIndex(container)).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(currentIndex(container)).toBe(1);
    act(() => vi.advanceTimersByTime(1500 * 4));
    expect(currentIndex(container)).toBe(5);
    act(() => vi.advanceTimersByTime(1500));
    expect(currentIndex(container)).toBe(0);
  });

  it('shows one headline at a time, even while two posters crossfade', () => {
    const { container } = render(<BannerCarousel />);
    const headlines = () => [...container.querySelectorAll('p.font-serif')].map((p) => p.textContent);
    expect(headlines()).toEqual(['Necklaces that make the outfit']);
    act(() => vi.advanceTimersByTime(1500));
    // The first poster is still fading out here; its headline is already gone.
    expect(headlines()).toEqual(['Rings for every collection']);
    expect(screen.getByTestId('banner-caption')).toHaveTextContent('Rings for every collection');
  });

  it('keeps advancing after a visitor picks a poster', () => {
    const { container } = render(<BannerCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Show poster 4' }));
    expect(currentIndex(container)).toBe(3);
    act(() => vi.advanceTimersByTime(1500));
    expect(currentIndex(container)).toBe(4);
  });

  it('stops on Pause and resumes on Play', () => {
    const { container } = render(<BannerCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => vi.advanceTimersByTime(6000));
    expect(currentIndex(container)).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => vi.advanceTimersByTime(1500));
    expect(currentIndex(container)).toBe(1);
  });

  it('loads the first poster at high priority and the next one ahead, never all six at once', () => {
    const { container } = render(<BannerCarousel />);
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(2);
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[0]).toHaveAttribute('width', '1600');
    expect(container.querySelector('source[type="image/avif"]')?.getAttribute('srcset')).toMatch(
      /poster-1-640\.avif 640w/,
    );
    act(() => vi.advanceTimersByTime(1500));
    expect(container.querySelectorAll('img')).toHaveLength(3);
  });
});
