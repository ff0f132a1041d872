import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasswordChangeForm } from './profile-editor';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: object = {}) => new Response(JSON.stringify(body), { status });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

async function change(current: string, next: string, confirmation = next) {
  await userEvent.type(screen.getByLabelText(/^Current password/), current);
  await userEvent.type(screen.getByLabelText(/^New password/), next);
  await userEvent.type(screen.getByLabelText(/^Confirm password/), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('PasswordChangeForm', { timeout: 20_000 }, () => {
  it('says beside the new password that it needs at least 8 characters', () => {
    render(<PasswordChangeForm />);
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription('At least 8 characters');
  });

  it('refuses a new password shorter than 8 characters before sending it', async () => {
    render(<PasswordChangeForm />);
    await change('the old one', 'short77');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the current password is wrong when the server names it', async () => {
    fetchMock.mockResolvedValue(
      answer(400, {
        message: 'Current password is incorrect',
        issues: [{ path: 'currentPassword', message: 'current_password_incorrect' }],
      }),
    );
    render(<PasswordChangeForm />);
    await change('a wrong guess', 'a new long secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not correct.');
  });

  it('says to wait when the tries are limited (429)', async () => {
    fetchMock.mockResolvedValue(
      answer(429, {
        message: 'Too many password change attempts, please try again later',
        code: 'RATE_LIMITED',
      }),
    );
    render(<PasswordChangeForm />);
    await change('a wrong guess', 'a new long secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });
});
