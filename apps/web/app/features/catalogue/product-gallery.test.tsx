import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductGallery, stepIndex } from '~/features/catalogue/product-gallery';
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

  it('steps within the ends', () => {
    expect(stepIndex(0, -1, 3)).toBe(0);
    expect(stepIndex(1, 1, 3)).toBe(2);
    expect(stepIndex(2, 1, 3)).toBe(2);
  });
});
