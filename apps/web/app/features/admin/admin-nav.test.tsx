import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminNav } from './admin-nav';

const ADMIN_LINKS = [
  'Add Product',
  'View Order',
  // The production board of accepted orders.
  'Production',
  'View User',
  'Excel File Upload',
  'Upload Blog',
  'Blog List',
  'Product List',
  'Search synonyms',
  // The metal, finish, stone and colour lists.
  'Attribute lists',
];

describe('AdminNav', () => {
  it('lists the admin links; the phone menu has them all, View Order too, and opens on demand', async () => {
    render(
      <MemoryRouter initialEntries={['/hi/product-list']}>
        <AdminNav />
      </MemoryRouter>,
    );
    const desktop = screen.getByRole('navigation', { name: 'Administration' });
    const names = within(desktop)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(names).toEqual([
      'Dashboard',
      ...ADMIN_LINKS,
      'Import and export',
      'Metal and exchange rates',
      'Business settings',
      'Enter an order',
      'Selections',
    ]);
    // Links keep the visitor's language prefix, and the current page is marked.
    expect(within(desktop).getByRole('link', { name: 'Product List' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(desktop).getByRole('link', { name: 'Add Product' })).toHaveAttribute(
      'href',
      '/hi/addproduct',
    );

    const mobile = screen.getByRole('navigation', { name: 'Administration menu' });
    const button = within(mobile).getByRole('button', { name: 'Admin menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const mobileNames = within(mobile)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(mobileNames).toEqual([
      'Dashboard',
      ...ADMIN_LINKS,
      'Import and export',
      'Metal and exchange rates',
      'Business settings',
      'Enter an order',
      'Selections',
    ]);
  });
});
