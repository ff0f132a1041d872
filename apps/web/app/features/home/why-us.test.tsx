import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WhyUs } from './why-us';

describe('WhyUs', () => {
  it('has seven tabs, each with a title, text and picture, and the last invites to contact', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/hi']}>
        <WhyUs />
      </MemoryRouter>,
    );
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Introduction',
      'Welcome',
      'Custom Designs',
      'Materials',
      'Global Reach',
      'Exhibitions',
      'Conclusion',
    ]);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('A manufacturer, not a middleman');
    expect(panel.querySelector('img')).toHaveAttribute('src', '/pictures/why-intro.webp');
    expect(screen.queryByRole('link', { name: 'Start Your Journey' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Conclusion' }));
    expect(screen.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/hi/contactus');
  });
});
