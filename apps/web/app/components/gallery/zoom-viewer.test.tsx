import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DETAIL_IMAGE_SIZES, detailImage } from '~/components/gallery/detail-image';
import { renderWithProviders } from '~/lib/test-utils';
import { ZoomViewer } from '~/components/gallery/zoom-viewer';

const image = detailImage({ imageUrl: '/media/abc' });

function setFinePointer(matches: boolean) {
  window.matchMedia = vi.fn(
    (query: string) =>
      ({
        matches,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const viewer = () => screen.getByRole('group', { name: /Product image/ });
const picture = () => screen.getByRole('img', { name: 'Lotus Ring' });
const transform = () => picture().style.transform;

describe('ZoomViewer', () => {
  const originalMatchMedia = window.matchMedia;
  beforeEach(() => {
    setFinePointer(true);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      top: 0,
      width: 600,
      height: 700,
      right: 600,
      bottom: 700,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
  });
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
    vi.restoreAllMocks();
  });

  it('uses the detail size with a 1600 px entry for the widths that need it, and loads it first', () => {
    renderWithProviders(<ZoomViewer image={image} alt="Lotus Ring" />);
    expect(picture()).toHaveAttribute('src', '/media/abc?w=800&h=800&fit=inside&q=86');
    expect(picture()).toHaveAttribute(
      'srcset',
      '/media/abc?w=800&h=800&fit=inside&q=86 800w, /media/abc?w=800&h=800&fit=inside&q=86&dpr=2 1600w',
    );
    expect(picture()).toHaveAttribute('sizes', DETAIL_IMAGE_SIZES);
    expect(picture()).toHaveAttribute('loading', 'eager');
  });

  it('zooms from 1× to 3× in 0.25 steps with the buttons, disabling them at the ends', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ZoomViewer image={image} alt="Lotus Ring" />);
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    expect(zoomOut).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Zoom level 1 times' })).toHaveTextContent('1×');

    await user.click(zoomIn);
    expect(screen.getByRole('status')).toHaveTextContent('1.25×');
    expect(transform()).toContain('scale(1.25)');
    // Zoomed in, the sharper file is used.
    expect(picture()).toHaveAttribute('src', '/media/abc?w=800&h=800&fit=inside&q=86&dpr=2');

    for (let i = 0; i < 10; i++) await user.click(zoomIn);
    expect(screen.getByRole('status')).toHaveTextContent('3×');
    expect(zoomIn).toBeDisabled();

    await user.click(zoomOut);
    expect(screen.getByRole('status')).toHaveTextContent('2.75×');
    await user.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(screen.getByRole('status')).toHaveTextContent('1×');
    expect(transform()).toBe('translate(0px, 0px) scale(1)');
  });

  it('drags to pan only above 1×, and never past the edges', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ZoomViewer image={image} alt="Lotus Ring" />);
    const drag = (dx: number, dy: number) => {
      fireEvent.pointerDown(viewer(), {
        pointerId: 1,
        pointerType: 'mouse',
        button: 0,
        clientX: 300,
        clientY: 300,
      });
      fireEvent.pointerMove(viewer(), {
        pointerId: 1,
        pointerType: 'mouse',
        clientX: 300 + dx,
        clientY: 300 + dy,
      });
      fireEvent.pointerUp(viewer(), {
        pointerId: 1,
        pointerType: 'mouse',
        clientX: 300 + dx,
        clientY: 300 + dy,
      });
    };

    drag(80, 40);
    expect(transform()).toBe('translate(0px, 0px) scale(1)');

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(transform()).toContain('scale(2)');
    drag(80, 40);
    expect(transform()).toBe('translate(80px, 40px) scale(2)');
    drag(1000, -1000);
    // At 2× a 600×700 box moves at most 300 px sideways and 350 px vertically.
    expect(transform()).toBe('translate(300px, -350px) scale(2)');

    await user.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(transform()).toBe('translate(0px, 0px) scale(1)');
  });

  it('answers the keyboard: + and − zoom, arrows pan above 1×, 0 resets', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ZoomViewer image={image} alt="Lotus Ring" />);
    viewer().focus();
    await user.keyboard('{ArrowLeft}');
    expect(transform()).toBe('translate(0px, 0px) scale(1)');
    await user.keyboard('++++');
    expect(screen.getByRole('status')).toHaveTextContent('2×');
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(transform()).toBe('translate(40px, 40px) scale(2)');
    await user.keyboard('-');
    expect(screen.getByRole('status')).toHaveTextContent('1.75×');
    await user.keyboard('0');
    expect(transform()).toBe('translate(0px, 0px) scale(1)');
  });

  it('pinches with two fingers', () => {
    renderWithProviders(<ZoomViewer image={image} alt="Lotus Ring" />);
    fireEvent.pointerDown(viewer(), { pointerId: 1, pointerType: 'touch', clientX: 250, clientY: 300 });
    fireEvent.pointerDown(viewer(), { pointerId: 2, pointerType: 'touch', clientX: 350, clientY: 300 });
    fireEvent.pointerMove(viewer(), { pointerId: 2, pointerType: 'touch', clientX: 450, clientY: 300 });
    expect(screen.getByRole('status')).toHaveTextContent('2×');
    fireEvent.pointerUp(viewer(), { pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(viewer(), { pointerId: 1, pointerType: 'touch' });
    expect(screen.getByRole('status')).toHaveTextContent('2×');
  });

  it('shows the 150 px lens and the 500 px pane at 2× only at 1× with a mouse', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ZoomViewer image={image} alt="Lotus Ring" />);
    fireEvent.pointerMove(viewer(), { pointerId: 1, pointerType: 'mouse', clientX: 300, clientY: 350 });
    const lens = screen.getByTestId('zoom-lens');
    expect(lens.style.width).toBe('150px');
    expect(lens.style.left).toBe('225px');
    const pane = screen.getByTestId('zoom-pane');
    expect(pane.style.width).toBe('500px');
    // Level with the bottom of the 700 px picture, clear of the title beside its top.
    expect(pane.style.top).toBe('200px');
    const paneImage = pane.querySelector('img')!;
    expect(paneImage.style.width).toBe('1200px');
    expect(paneImage).toHaveAttribute('src', image.hiRes);

    fireEvent.pointerLeave(viewer(), { pointerId: 1, pointerType: 'mouse' });
    expect(screen.queryByTestId('zoom-lens')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.pointerMove(viewer(), { pointerId: 1, pointerType: 'mouse', clientX: 300, clientY: 350 });
    expect(screen.queryByTestId('zoom-lens')).not.toBeInTheDocument();
    expect(screen.queryByTestId('zoom-pane')).not.toBeInTheDocument();
  });

  it('has no magnifier on a touch screen', () => {
    setFinePointer(false);
    renderWithProviders(<ZoomViewer image={image} alt="Lotus Ring" />);
    fireEvent.pointerMove(viewer(), { pointerId: 1, pointerType: 'mouse', clientX: 300, clientY: 350 });
    expect(screen.queryByTestId('zoom-lens')).not.toBeInTheDocument();
  });

  it('says Hover to magnify with a mouse, and Tap to zoom on a touch screen', () => {
    const { unmount } = renderWithProviders(<ZoomViewer image={image} alt="Lotus Ring" />);
    expect(screen.getByText('Hover to magnify. Zoom in to drag the image.')).toBeInTheDocument();
    unmount();
    setFinePointer(false);
    renderWithProviders(<ZoomViewer image={image} alt="Lotus Ring" />);
    expect(screen.getByText(/^Tap to zoom\./)).toBeInTheDocument();
    expect(screen.queryByText(/Hover to magnify/)).not.toBeInTheDocument();
  });

  it('zooms to 2× on a tap, but not on a touch that moved or a mouse click', () => {
    setFinePointer(false);
    renderWithProviders(<ZoomViewer image={image} alt="Lotus Ring" />);
    fireEvent.pointerDown(viewer(), { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 200 });
    fireEvent.pointerUp(viewer(), { pointerId: 1, pointerType: 'touch', clientX: 260, clientY: 200 });
    expect(screen.getByRole('status')).toHaveTextContent('1×');
    fireEvent.pointerDown(viewer(), { pointerId: 2, pointerType: 'mouse', clientX: 200, clientY: 200 });
    fireEvent.pointerUp(viewer(), { pointerId: 2, pointerType: 'mouse', clientX: 200, clientY: 200 });
    expect(screen.getByRole('status')).toHaveTextContent('1×');
    fireEvent.pointerDown(viewer(), { pointerId: 3, pointerType: 'touch', clientX: 200, clientY: 200 });
    fireEvent.pointerUp(viewer(), { pointerId: 3, pointerType: 'touch', clientX: 203, clientY: 201 });
    expect(screen.getByRole('status')).toHaveTextContent('2×');
  });
});
