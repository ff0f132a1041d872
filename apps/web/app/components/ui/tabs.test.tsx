import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

const ITEMS = [
  { id: 'a', label: 'Alpha', panel: <p>First panel</p> },
  { id: 'b', label: 'Beta', panel: <p>Second panel</p> },
  { id: 'c', label: 'Gamma', panel: <p>Third panel</p> },
];

function Harness() {
  const [selected, setSelected] = useState('a');
  return <Tabs label="Letters" items={ITEMS} selectedId={selected} onSelect={setSelected} />;
}

describe('Tabs', () => {
  it('shows the selected panel only and switches on click', async () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Letters' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('First panel');
    await userEvent.click(screen.getByRole('tab', { name: 'Gamma' }));
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Third panel');
  });

  it('moves with the arrow keys, wrapping, and with Home and End', async () => {
    render(<Harness />);
    screen.getByRole('tab', { name: 'Alpha' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Third panel');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Beta' })).toHaveAttribute('tabindex', '-1');
  });
});
