import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PrefixedLink } from './prefixed-link';

function renderAt(pathname: string, to: string) {
  render(
    <MemoryRouter initialEntries={[pathname]}>
      <PrefixedLink to={to}>Go</PrefixedLink>
    </MemoryRouter>,
  );
  return screen.getByRole('link', { name: 'Go' });
}

describe('PrefixedLink', () => {
  it('keeps a locale prefix', () => {
    expect(renderAt('/en-in/shopall', '/category/Rings')).toHaveAttribute('href', '/en-in/category/Rings');
  });

  it('keeps a language prefix, and home is the prefix itself', () => {
    expect(renderAt('/hi/faq', '/')).toHaveAttribute('href', '/hi');
  });

  it('adds nothing without a prefix', () => {
    expect(renderAt('/shopall', '/cart')).toHaveAttribute('href', '/cart');
  });
});
