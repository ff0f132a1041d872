import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductCard } from '~/features/catalogue/product-card';
import { makeProduct, renderWithProviders } from '~/lib/test-utils';

const SECOND = 'https://shop.example/media/00000000-0000-4000-a000-000000000002';

describe('a product card with a second picture', () => {
  it('fetches the second picture only on hover, then shows it over the first and hides it on leave', () => {
    renderWithProviders(
      <ProductCard product={makeProduct({ name: 'Lotus Ring', secondImageUrl: SECOND })} />,
    );
    const card = screen.getByRole('article', { name: 'Lotus Ring' });
    expect(screen.queryByTestId('card-second-picture')).toBeNull();
    fireEvent.pointerEnter(card);
    const second = screen.getByTestId('card-second-picture');
    expect(second.getAttribute('src')).toContain(`${SECOND}?w=600`);
    expect(second).toHaveClass('absolute', 'inset-0', 'opacity-100');
    // Same box as the first picture: showing it cannot move anything.
    expect(second).toHaveAttribute('width', '600');
    expect(second).toHaveAttribute('height', '600');
    fireEvent.pointerLeave(card);
    expect(screen.getByTestId('card-second-picture')).toHaveClass('opacity-0');
  });

  it('shows it while the keyboard focus is inside the card', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <button type="button">before</button>
        <ProductCard product={makeProduct({ name: 'Lotus Ring', secondImageUrl: SECOND })} />
      </>,
    );
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(within(screen.getByRole('article')).getByRole('link', { name: 'Lotus Ring' })).toHaveFocus();
    expect(screen.getByTestId('card-second-picture')).toHaveClass('opacity-100');
    await user.tab();
    expect(screen.getByTestId('card-second-picture')).toHaveClass('opacity-100');
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(screen.getByTestId('card-second-picture')).toHaveClass('opacity-0');
  });

  it('does nothing for a product with one picture', () => {
    renderWithProviders(<ProductCard product={makeProduct({ name: 'Plain Band', secondImageUrl: null })} />);
    fireEvent.pointerEnter(screen.getByRole('article', { name: 'Plain Band' }));
    expect(screen.queryByTestId('card-second-picture')).toBeNull();
  });
});
