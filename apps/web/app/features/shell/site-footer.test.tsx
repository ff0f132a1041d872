import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';

function renderFooter(viewer: { role: string } | null) {
  render(
    <MemoryRouter initialEntries={['/en-in/shopall']}>
      <SiteFooter viewer={viewer} />
    </MemoryRouter>,
  );
  return within(screen.getByRole('heading', { name: 'My Account' }).parentElement!);
}

afterEach(() => window.localStorage.clear());

describe('SiteFooter', () => {
  it('offers Login and Sign Up to a visitor', () => {
    const column = renderFooter(null);
    expect(column.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/en-in/login');
    expect(column.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/en-in/signup');
    expect(column.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('offers the account page and Logout to a logged-in buyer, not Login or Sign Up', () => {
    window.localStorage.setItem('token', 't');
    window.localStorage.setItem('role', 'user');
    const column = renderFooter({ role: 'user' });
    expect(column.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/en-in/profile');
    expect(column.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(column.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(column.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(column.getByRole('link', { name: 'Enquiry List' })).toBeInTheDocument();
  });
});
