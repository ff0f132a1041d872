import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

describe('Dialog', () => {
  it('shows its title and content when open and closes from the close button', async () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Dialog
        open
        onClose={onClose}
        title="Thank you"
        actions={<button type="button">Continue Shopping</button>}
      >
        <p>Your request was sent.</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Thank you' });
    expect(dialog).toHaveTextContent('Your request was sent.');
    expect(screen.getByRole('button', { name: 'Continue Shopping' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(
      <Dialog open={false} onClose={onClose} title="Thank you">
        <p>Your request was sent.</p>
      </Dialog>,
    );
    expect(screen.queryByText('Your request was sent.')).not.toBeInTheDocument();
  });
});
