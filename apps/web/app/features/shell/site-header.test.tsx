import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

function renderHeader(props: Partial<Parameters<typeof SiteHeader>[0]> = {}, at = '/') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <SiteHeader listCount={0} viewer={null} {...props} />
    </MemoryRouter>,
  );
}

afterEach(() => window.localStorage.clear());

describe('SiteHeader', () => {
  it('opens the search box from the icon and clears it when closed', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Search products' }));
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(box, 'ring');
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search products' }));
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  it('shows the enquiry list count as a badge on the list link', () => {
    renderHeader({ listCount: 3 }, '/hi');
    const link = screen.getByRole('link', { name: /3/ });
    expect(link).toHaveAttribute('href', '/hi/cart');
    expect(link).toHaveTextContent('3');
  });

  it('offers Login and the social links to a visitor', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('target', '_blank');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
  });

  it('offers Logout and the Dashboard instead of social links to an administrator', () => {
    window.localStorage.setItem('token', 't');
    window.localStorage.setItem('role', 'admin');
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).queryByRole('link', { name: /LinkedIn/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/profile');
  });

  it('opens the design menu by keyboard with every category and its two submenus', async () => {
    const user = userEvent.setup();
    renderHeader({}, '/en-in');
    const button = screen.getByRole('button', { name: 'Jewellery Design' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'All Designs' })).toHaveAttribute(
      'href',
      '/en-in/category/alldesigns',
    );
    const necklaces = screen.getByRole('list', { name: 'Necklaces' });
    expect(within(necklaces).getByRole('link', { name: 'With Gemstone' })).toHaveAttribute(
      'href',
      '/en-in/category/Necklaces/withgemstone',
    );
    expect(within(necklaces).getByRole('link', { name: 'Without Gemstone' })).toHaveAttribute(
      'href',
      '/en-in/category/Necklaces/withoutgemstone',
    );
    for (const category of ['Necklaces', 'Earrings', 'Bracelets', 'Rings', 'Pendants'])
      expect(screen.getByRole('link', { name: category })).toHaveAttribute(
        'href',
        `/en-in/category/${category}`,
      );
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('opens the design menu on hover and closes it when the pointer leaves', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole('button', { name: 'Jewellery Design' });
    await user.hover(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.unhover(button);
    await user.hover(screen.getByRole('link', { name: 'Contact us' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the mobile drawer with its links in order', async () => {
    const user = userEvent.setup();
    renderHeader({}, '/hi/faq');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('navigation', { name: 'Mobile' });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Login', 'Home', 'Jewellery Design', 'Contact us', 'About us', 'FAQ', 'Privacy']);
    expect(within(drawer).getByRole('link', { name: 'Jewellery Design' })).toHaveAttribute(
      'href',
      '/hi/shopall',
    );
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });
});
