import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BuyerChoices } from './buyer-choices';

const buyers = [
  {
    _id: 'b1',
    name: 'Meera Jain',
    email: 'meera@gems.example',
    contactNumber: '+91 99280 12345',
    companyName: 'Meera Gems',
  },
  { _id: 'b2', name: 'Ravi Shah', email: 'ravi@example.com', contactNumber: '', companyName: '' },
];

describe('BuyerChoices', () => {
  it('lists each buyer with what tells them apart, and picks the one pressed', async () => {
    const onPick = vi.fn();
    render(<BuyerChoices buyers={buyers} pickLabel={(b) => `Choose ${b.name}`} onPick={onPick} />);
    expect(screen.getByText('Meera Gems · meera@gems.example · +91 99280 12345')).toBeInTheDocument();
    expect(screen.getByText('ravi@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose Ravi Shah' }));
    expect(onPick).toHaveBeenCalledWith(buyers[1]);
  });
});
