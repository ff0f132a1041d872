import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductGallery, scrollToShow, stepIndex } from '~/components/gallery/product-gallery';
import { makeProduct, renderWithProviders } from '~/lib/test-utils';

const picture = (n: number, alt = '', altHi = '') => ({
  _id: `00000000-0000-4000-9000-00000000000${n}`,
  url: `https://shop.example/media/00000000-0000-4000-a000-00000000000${n}`,
  alt,
  altHi,
  width: 800,
  height: 800,
});

const product = makeProduct({
  name: 'Peacock Jhumka',
  imageUrl: picture(1).url,
  imageurl: picture(1).url,
  images: [picture(1, 'Front view', 'सामने से'), picture(2, 'Side view'), picture(3)],
});

const mainPicture = () => within(screen.getByRole('group', { name: /^Product image/ })).getByRole('img');
const thumbnails = () =>
  within(screen.getByRole('group', { name: 'Choose a picture' })).getAllByRole('button');

describe('ProductGallery', () => {
  it('shows the first picture as today (eager, high priority, srcset) with one thumbnail per picture', () => {
    renderWithProviders(<ProductGallery product={product} />);
    const main = mainPicture();
    expect(main).toHaveAttribute('alt', 'Front view');
    expect(main.getAttribute('src')).toMatch(/a000-000000000001\?w=800&h=800/);
    expect(main).toHaveAttribute('loading', 'eager');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(main.getAttribute('srcset')).toContain('1600w');
    const thumbs = thumbnails();
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Picture 1 of 3',
      'Picture 2 of 3',
      'Picture 3 of 3',
    ]);
    expect(thumbs[0]).toHaveAttribute('aria-current', 'true');
    expect(thumbs[1]).not.toHaveAttribute('aria-current');
    for (const thumb of thumbs)
      expect(within(thumb).getByRole('presentation')).toHaveAttribute('loading', 'lazy');
  });

  it('draws each thumbnail from its own 80 px file (160 px at 2×, 240 at 3×), lazily and without layout shift', () => {
    renderWithProviders(<ProductGallery product={product} />);
    const img = within(thumbnails()[1]!).getByRole('presentation');
    const file = 'https://shop.example/media/00000000-0000-4000-a000-000000000002';
    expect(img).toHaveAttribute('src', `${file}?w=80&h=80&fit=cover&q=86`);
    expect(img).toHaveAttribute(
      'srcset',
      `${file}?w=80&h=80&fit=cover&q=86 1x, ${file}?w=80&h=80&fit=cover&q=86&dpr=2 2x, ${file}?w=120&h=120&fit=cover&q=86&dpr=2 3x`,
    );
    expect(img).toHaveAttribute('width', '80');
    expect(img).toHaveAttribute('height', '80');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveAttribute('loading', 'lazy');
    // The main picture is not drawn from the thumbnail's file, nor the other way round.
    expect(mainPicture().getAttribute('src')).not.toContain('w=80&');
  });

  it("draws another site's thumbnail from its own address", () => {
    const external = { ...picture(2), url: 'https://cdn.example/ring.jpg' };
    renderWithProviders(<ProductGallery product={makeProduct({ images: [picture(1), external] })} />);
    const img = within(thumbnails()[1]!).getByRole('presentation');
    expect(img).toHaveAttribute('src', 'https://cdn.example/ring.jpg');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('switches the picture with a thumbnail, and the alt text falls back to the product name', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductGallery product={product} />);
    await user.click(thumbnails()[2]!);
    expect(mainPicture().getAttribute('src')).toMatch(/a000-000000000003\?/);
    expect(mainPicture()).toHaveAttribute('alt', 'Peacock Jhumka');
    expect(thumbnails()[2]).toHaveAttribute('aria-current', 'true');
    expect(thumbnails()[0]).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Picture 3 of 3', { selector: '[aria-live]' })).toBeInTheDocument();
  });

  it('moves with the Left and Right arrows while the gallery has focus, stopping at the ends', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductGallery product={product} />);
    screen.getByRole('group', { name: /^Product image/ }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(mainPicture()).toHaveAttribute('alt', 'Front view');
    await user.keyboard('{ArrowRight}');
    expect(mainPicture()).toHaveAttribute('alt', 'Side view');
    // The new picture's viewer has the focus, so the next arrow keeps moving.
    expect(screen.getByRole('group', { name: /^Product image/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(mainPicture()).toHaveAttribute('alt', 'Peacock Jhumka');
    await user.keyboard('{ArrowLeft}');
    expect(mainPicture()).toHaveAttribute('alt', 'Side view');
    // On the thumbnails the arrows move the focus along with the picture.
    thumbnails()[1]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(thumbnails()[2]).toHaveFocus();
    expect(thumbnails()[2]).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{ArrowRight}');
    expect(thumbnails()[2]).toHaveAttribute('aria-current', 'true');
  });

  it('on a thumbnail the Up and Down arrows move too (the vertical strip); on the picture they do not', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductGallery product={product} />);
    thumbnails()[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(thumbnails()[1]).toHaveFocus();
    expect(mainPicture()).toHaveAttribute('alt', 'Side view');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(thumbnails()[2]).toHaveAttribute('aria-current', 'true');
    await user.keyboard('{ArrowUp}');
    expect(thumbnails()[1]).toHaveFocus();
    expect(mainPicture()).toHaveAttribute('alt', 'Side view');
    screen.getByRole('group', { name: /^Product image/ }).focus();
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(mainPicture()).toHaveAttribute('alt', 'Side view');
    expect(thumbnails()[1]).toHaveAttribute('aria-current', 'true');
  });

  it('scrolls the strip, not the page, to keep the current thumbnail in view', async () => {
    const user = userEvent.setup();
    const many = makeProduct({
      name: 'Peacock Jhumka',
      images: [1, 2, 3, 4, 5, 6].map((n) => picture(n)),
    });
    renderWithProviders(<ProductGallery product={many} />);
    // jsdom lays nothing out: a 358 px wide strip whose 80 px thumbnails stand 88 px apart after 6 px of padding.
    const strip = screen.getByTestId('gallery-strip');
    Object.defineProperty(strip, 'clientWidth', { value: 358 });
    thumbnails().forEach((thumb, i) => {
      Object.defineProperty(thumb, 'offsetLeft', { value: 6 + i * 88 });
      Object.defineProperty(thumb, 'offsetWidth', { value: 80 });
    });
    screen.getByRole('group', { name: /^Product image/ }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(strip.scrollLeft).toBe(0);
    await user.keyboard('{ArrowRight}');
    // The fifth thumbnail (358 to 438) shows whole, 6 px clear of the strip's right edge.
    expect(strip.scrollLeft).toBe(86);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(strip.scrollLeft).toBe(86);
    await user.keyboard('{ArrowLeft}');
    expect(strip.scrollLeft).toBe(0);
    expect(strip.scrollTop).toBe(0);
  });

  it("fetches no other picture at first; then the hovered or focused thumbnail's picture and the new picture's neighbours, at low priority", async () => {
    const user = userEvent.setup();
    // Addresses of their own: React asks for each address once per document, whatever the test.
    const own = (n: number) => ({ ...picture(n), url: picture(n).url.replace('a000-', 'b000-') });
    const many = makeProduct({ name: 'Peacock Jhumka', images: [1, 2, 3, 4, 5].map(own) });
    renderWithProviders(<ProductGallery product={many} />);
    const preloaded = () =>
      [...document.head.querySelectorAll('link[rel="preload"][as="image"][imagesrcset*="b000-"]')].map(
        (link) => [
          /b000-00000000000(\d)/.exec(link.getAttribute('imagesrcset') ?? '')?.[1],
          link.getAttribute('fetchpriority'),
          link.getAttribute('imagesizes'),
        ],
      );
    expect(preloaded()).toEqual([]);
    await user.hover(thumbnails()[3]!);
    const sizes = '(min-width: 1024px) 700px, (min-width: 640px) 560px, 100vw';
    expect(preloaded()).toEqual([['4', 'low', sizes]]);
    expect(
      document.head.querySelector('link[rel="preload"][imagesrcset*="b000-"]')!.getAttribute('imagesrcset'),
    ).toBe(
      'https://shop.example/media/00000000-0000-4000-b000-000000000004?w=800&h=800&fit=inside&q=86 800w, https://shop.example/media/00000000-0000-4000-b000-000000000004?w=800&h=800&fit=inside&q=86&dpr=2 1600w',
    );
    screen.getByRole('group', { name: /^Product image/ }).focus();
    await user.keyboard('{ArrowRight}');
    // Picture 2 is shown: picture 3 ahead and picture 1 behind (already loaded, asked for once more).
    expect(preloaded().map(([n]) => n)).toEqual(['4', '3', '1']);
  });

  it('a horizontal swipe moves to the next or previous picture; a vertical one does not', () => {
    renderWithProviders(<ProductGallery product={product} />);
    const stage = screen.getByTestId('gallery-stage');
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.pointerDown(stage, {
        pointerId: 1,
        pointerType: 'touch',
        clientX: from[0],
        clientY: from[1],
      });
      fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'touch', clientX: to[0], clientY: to[1] });
    };
    swipe([300, 200], [150, 210]);
    expect(mainPicture()).toHaveAttribute('alt', 'Side view');
    swipe([200, 100], [210, 300]);
    expect(mainPicture()).toHaveAttribute('alt', 'Side view');
    swipe([100, 200], [260, 190]);
    expect(mainPicture()).toHaveAttribute('alt', 'Front view');
  });

  it('uses the Hindi alt text on a Hindi page when it is set, else the English one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductGallery product={product} />, { language: 'hi' });
    expect(screen.getByRole('img', { name: 'सामने से' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'तस्वीर 2 / 3' }));
    expect(screen.getByRole('img', { name: 'Side view' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'तस्वीर 3 / 3' }));
    expect(screen.getByRole('img', { name: 'Peacock Jhumka' })).toBeInTheDocument();
  });

  it('shows a single picture without thumbnails', () => {
    renderWithProviders(<ProductGallery product={makeProduct({ name: 'Lotus Stud' })} />);
    expect(screen.queryByRole('group', { name: 'Choose a picture' })).toBeNull();
    expect(mainPicture()).toHaveAttribute('alt', 'Lotus Stud');
  });

  it('finds where a strip must scroll to show an item whole', () => {
    // Already in view, with the padding: no scroll.
    expect(scrollToShow(6, 80, 0, 358, 6)).toBeNull();
    expect(scrollToShow(270, 80, 0, 358, 6)).toBeNull();
    // Past the end: the item's end plus the padding meets the view's end.
    expect(scrollToShow(358, 80, 0, 358, 6)).toBe(86);
    // Before the start: the item's start minus the padding meets the view's start.
    expect(scrollToShow(94, 80, 200, 358, 6)).toBe(88);
    expect(scrollToShow(6, 80, 50, 358, 6)).toBe(0);
    // An item longer than the view shows its start.
    expect(scrollToShow(400, 500, 0, 358, 6)).toBe(394);
    // Vertically on a wide screen: the twelfth of the 80 px thumbnails 88 px apart in a 712 px strip.
    expect(scrollToShow(974, 80, 0, 712, 6)).toBe(348);
  });

  it('steps within the ends', () => {
    expect(stepIndex(0, -1, 3)).toBe(0);
    expect(stepIndex(1, 1, 3)).toBe(2);
    expect(stepIndex(2, 1, 3)).toBe(2);
  });
});
