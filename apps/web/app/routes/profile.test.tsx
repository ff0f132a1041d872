import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@catalogue/shared/schemas/user';
import ProfilePage from './profile';

const fetchMock = vi.fn<typeof fetch>();

const account: PublicUser = {
  _id: 'u-1',
  name: 'Asha Verma',
  email: 'asha@example.in',
  role: 'user',
  contactNumber: '+91 98290 00000',
  country: 'IN',
  companyName: 'Verma Gems',
  companyWebsite: '',
  emailVerified: true,
  status: 'active',
};

function renderProfile(rendered: PublicUser | null) {
  const Stub = createRoutesStub([
    { path: '/profile', Component: ProfilePage, loader: () => ({ profile: rendered }) },
  ]);
  render(<Stub initialEntries={['/profile']} />);
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  window.localStorage.clear();
});

describe('profile page', () => {
  it('shows the account the server rendered', async () => {
    renderProfile(account);
    expect(await screen.findByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByText('Verma Gems')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says a pending trade account awaits approval, and says nothing of it once approved', async () => {
    renderProfile({ ...account, status: 'pending' });
    expect(
      await screen.findByText(/^Your trade account is awaiting approval\. You can browse the catalogue/),
    ).toHaveAttribute('role', 'status');
    cleanup();
    renderProfile(account);
    expect(await screen.findByText('Asha Verma')).toBeInTheDocument();
    expect(screen.queryByText(/awaiting approval/)).not.toBeInTheDocument();
  });

  it('shows the sample data to a visitor who is not logged in', async () => {
    renderProfile(null);
    expect(await screen.findByText('John Doe')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to see your account' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('asks /api/users/me when the browser holds a session the page was not rendered with', async () => {
    window.localStorage.setItem('token', 'tok');
    fetchMock.mockResolvedValue(new Response(JSON.stringify(account), { status: 200 }));
    renderProfile(null);
    expect(await screen.findByText('Asha Verma')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/me');
    expect(screen.queryByText('John Doe')).not.toBeInTheDocument();
  });

  it('offers a retry when that read fails, and shows the sample once the session is refused', async () => {
    window.localStorage.setItem('token', 'tok');
    fetchMock.mockResolvedValueOnce(
      new Response('{"message":"Service temporarily unavailable"}', { status: 503 }),
    );
    renderProfile(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your profile could not be loaded.');
    fetchMock.mockResolvedValueOnce(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('John Doe')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
