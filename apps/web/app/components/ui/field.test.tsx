import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField, TextAreaField, TextField } from './field';

describe('fields', () => {
  it('labels the control and links its error', () => {
    render(<TextField label="Email" type="email" required error="Email is required" />);
    const input = screen.getByLabelText(/Email/);
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
  });

  it('renders a text area and a select with a placeholder choice', () => {
    render(
      <>
        <TextAreaField label="Message" hint="Optional" />
        <SelectField
          label="Country"
          placeholder="Select..."
          options={[
            { value: 'IN', label: 'India' },
            { value: 'US', label: 'United States' },
          ]}
        />
      </>,
    );
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Optional');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select...',
      'India',
      'United States',
    ]);
  });
});
