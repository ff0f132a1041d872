import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE } from '~/components/ui/fallback-image';
import { CategoryImage } from '~/features/catalogue/category-image';

describe('CategoryImage', () => {
  it('pulses until the picture has loaded', () => {
    render(<CategoryImage category="Rings" alt="Gemstone Rings" />);
    const img = screen.getByRole('img', { name: 'Gemstone Rings' });
    expect(img).toHaveAttribute('src', '/pictures/category-rings.webp');
    expect(screen.getByTestId('category-image-skeleton')).toHaveClass('animate-pulse');
    fireEvent.load(img);
    expect(screen.queryByTestId('category-image-skeleton')).not.toBeInTheDocument();
  });

  it('shows the placeholder when the picture fails', () => {
    render(<CategoryImage category="Pendants" alt="Gemstone Pendants" />);
    const img = screen.getByRole('img', { name: 'Gemstone Pendants' });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PLACEHOLDER_IMAGE);
    expect(screen.queryByTestId('category-image-skeleton')).not.toBeInTheDocument();
  });
});
