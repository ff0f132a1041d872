import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FallbackImage, PLACEHOLDER_IMAGE } from './fallback-image';

describe('FallbackImage', () => {
  it('swaps in the placeholder when the picture fails, dropping the srcset', () => {
    render(<FallbackImage src="/media/x" srcSet="/media/x 1x" alt="Ring" width={100} height={100} />);
    const img = screen.getByRole('img', { name: 'Ring' });
    expect(img).toHaveAttribute('src', '/media/x');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PLACEHOLDER_IMAGE);
    expect(img).not.toHaveAttribute('srcset');
  });

  it('uses the placeholder when there is no picture at all', () => {
    render(<FallbackImage src={null} alt="Pendant" />);
    expect(screen.getByRole('img', { name: 'Pendant' })).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });
});
