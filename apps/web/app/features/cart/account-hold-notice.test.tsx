import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '~/lib/api-client';
import { ApiError, apiRequest } from '~/lib/api-client';
import { AccountHoldNotice } from './account-hold-notice';

vi.mock('~/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

afterEach(() => api.mockReset());

describe('AccountHoldNotice', () => {
  it('asks an unverified buyer to verify and sends the link again once', async () => {
    api.mockResolvedValue({ message: 'We have sent you a new verification link' });
    render(<AccountHoldNotice code="EMAIL_NOT_VERIFIED" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Please verify your e-mail address');
    const button = screen.getByRole('button', { name: 'Send the link again' });
    fireEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent you a new link.');
    expect(api).toHaveBeenCalledWith('/users/verify-email/resend', { method: 'POST' });
    expect(button).toBeDisabled();
  });

  it('says when too many links were asked for', async () => {
    api.mockRejectedValue(new ApiError(429, 'Too many verification e-mails requested'));
    render(<AccountHoldNotice code="EMAIL_NOT_VERIFIED" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You have asked for several links in the last hour.',
    );
  });

  it('tells a buyer awaiting approval why, without a button', () => {
    render(<AccountHoldNotice code="ACCOUNT_NOT_APPROVED" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your trade account is awaiting approval');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
