import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileCard } from './profile-card';

const valueOf = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('ProfileCard', () => {
  it('shows the account’s own name, e-mail, company and country', () => {
    render(
      <ProfileCard
        profile={{ name: 'Asha Verma', email: 'asha@example.in', companyName: 'Verma Gems', country: 'GB' }}
      />,
    );
    expect(valueOf('Username')).toBe('Asha Verma');
    expect(valueOf('Email')).toBe('asha@example.in');
    expect(valueOf('Company')).toBe('Verma Gems');
    expect(valueOf('Country')).toBe('United Kingdom');
    expect(screen.queryByText('John Doe')).not.toBeInTheDocument();
  });

  it('says when no company was given', () => {
    render(<ProfileCard profile={{ name: 'A', email: 'a@example.in', companyName: '', country: 'IN' }} />);
    expect(valueOf('Company')).toBe('Not given');
  });

  it('shows the sample data without a profile, and an Edit Profile button that is inert and says why', () => {
    render(<ProfileCard profile={null} />);
    expect(valueOf('Username')).toBe('John Doe');
    const edit = screen.getByRole('button', { name: 'Edit Profile' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription(/Profile editing is not available yet/);
  });
});
