import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

const sync = vi.hoisted(() => ({ tokenSeen: null as string | null }));
vi.mock('~/lib/enquiry/enquiry-sync', () => ({
  // The list sync must run with the new session already stored.
  syncAfterLogin: vi.fn(async () => {
    sync.tokenSeen = window.localStorage.getItem('token');
  }),
}));

const fetchMock = vi.fn<typeof fetch>();

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderLogin(destination = '/') {
  const Stub = createRoutesStub([
    { path: '/login', Component: () => <LoginForm destination={destination} /> },
    { path: '*', Component: Where },
  ]);
  render(<Stub initialEntries={['/login']} />);
}

async function logIn(email = 'buyer@example.com', password = 'secret-pass') {
  await userEvent.type(screen.getByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

const loginAnswer = {
  message: 'Login successful',
  token: 'tok-1',
  user: {
    _id: 'u-1',
    name: 'Buyer',
    email: 'buyer@example.com',
    role: 'user',
    contactNumber: '1',
    country: 'IN',
    companyName: '',
    companyWebsite: '',
  },
};

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  window.localStorage.clear();
  sync.tokenSeen = null;
});

describe('LoginForm', { timeout: 20_000 }, () => {
  it('stores token, role and userId, syncs the list, then goes to the destination', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(loginAnswer), { status: 200 }));
    renderLogin('/category/Rings?page=2');
    await logIn();
    expect(await screen.findByText('at /category/Rings?page=2')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/login');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'buyer@example.com', password: 'secret-pass' });
    expect(window.localStorage.getItem('token')).toBe('tok-1');
    expect(window.localStorage.getItem('userId')).toBe('u-1');
    expect(window.localStorage.getItem('role')).toBe('user');
    expect(sync.tokenSeen).toBe('tok-1');
  });

  it('shows the invalid-credentials text in red and stores nothing on a 401', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'Invalid email or password' }), { status: 401 }),
    );
    renderLogin();
    await logIn();
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Invalid credentials, please try again.');
    expect(error).toHaveClass('text-red-700');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('buyer@example.com');
    // Typing again clears the message.
    await userEvent.type(screen.getByLabelText(/^Password/), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [429, { message: 'Too many login attempts, please try again later' }, 'Too many login attempts'],
    [503, { message: 'Service temporarily unavailable' }, 'Login failed. Please try again in a moment.'],
  ])('tells a %i apart from wrong credentials', async (status, body, shown) => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status }));
    renderLogin();
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  it('says so when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderLogin();
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the server/);
  });

  it('links to the sign-up page', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });
});
