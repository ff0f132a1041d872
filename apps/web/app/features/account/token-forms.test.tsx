import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordForm, ResetPasswordForm } from './token-forms';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: object = {}) => new Response(JSON.stringify(body), { status });

function show(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  render(<Stub initialEntries={['/']} />);
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('ForgotPasswordForm', { timeout: 20_000 }, () => {
  it('asks for the address before sending anything', async () => {
    show(<ForgotPasswordForm />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed address and then says the same whether or not it has an account', async () => {
    fetchMock.mockResolvedValue(answer(200, { message: 'ok' }));
    show(<ForgotPasswordForm />);
    await userEvent.type(await screen.findByLabelText(/^Email/), '  buyer@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account uses this e-mail address, we have sent it a link',
    );
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/forgot-password');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'buyer@example.com' });
  });

  it('says to wait on a rate limit, and the field edit clears the message', async () => {
    fetchMock.mockResolvedValue(answer(429, { message: 'Too many requests' }));
    show(<ForgotPasswordForm />);
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.type(email, 'buyer@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes',
    );
    await userEvent.type(email, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ResetPasswordForm', { timeout: 20_000 }, () => {
  async function fill(password: string, confirmation: string) {
    if (password) await userEvent.type(await screen.findByLabelText(/^New password/), password);
    if (confirmation) await userEvent.type(screen.getByLabelText(/^Confirm password/), confirmation);
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
  }

  it('checks both passwords in the browser first', async () => {
    show(<ResetPasswordForm token="t-1" />);
    await screen.findByLabelText(/^New password/);
    await fill('', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Password is required');
    await fill('short77', 'short77');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters');
    await fill('new-secret-1', 'new-secret-2');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match!');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says beside the new password that it needs at least 8 characters', async () => {
    show(<ResetPasswordForm token="t-1" />);
    expect(await screen.findByLabelText(/^New password/)).toHaveAccessibleDescription(
      'At least 8 characters',
    );
  });

  it('sends the token with the new password and says every other sign-in has ended', async () => {
    fetchMock.mockResolvedValue(answer(200, { message: 'ok' }));
    show(<ResetPasswordForm token="t-1" />);
    await fill('new-secret-1', 'new-secret-1');
    expect(await screen.findByRole('status')).toHaveTextContent('every other sign-in has ended');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/reset-password');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 't-1', password: 'new-secret-1' });
  });

  it('offers a new link when the server refuses the link', async () => {
    fetchMock.mockResolvedValue(answer(400, { message: 'Invalid or expired link' }));
    show(<ResetPasswordForm token="t-1" />);
    await fill('new-secret-1', 'new-secret-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('without a token says the link is invalid and shows no form', async () => {
    show(<ResetPasswordForm token="" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.queryByRole('button', { name: 'Save the new password' })).toBeNull();
  });
});
