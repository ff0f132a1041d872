import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HoneypotField, honeypotOf } from './honeypot-field';

function renderInForm() {
  render(
    <form data-testid="form">
      <label>
        Name
        <input name="name" />
      </label>
      <HoneypotField />
      <button type="submit">Send</button>
    </form>,
  );
  const form = screen.getByTestId('form') as HTMLFormElement;
  const input = form.querySelector<HTMLInputElement>('input[name="website"]')!;
  return { form, input };
}

describe('HoneypotField', () => {
  it('is invisible and unreachable for people and assistive technology', async () => {
    const { input } = renderInForm();
    expect(input).toBeInTheDocument();
    expect(input).toHaveAttribute('tabindex', '-1');
    expect(input).toHaveAttribute('autocomplete', 'off');
    const box = input.closest('[data-honeypot]')!;
    expect(box).toHaveAttribute('aria-hidden', 'true');
    expect(box).toHaveAttribute('inert');
    expect(box.className).toMatch(/-left-\[10000px\]/);
    // Not in the accessibility tree: no textbox of that name, only the real field.
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).toBeNull();
    expect(screen.getAllByRole('textbox').map((e) => e.getAttribute('name'))).toEqual(['name']);
    // Tab goes from the real field to the button, never through the honeypot.
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it('is sent only when something filled it', () => {
    const { form, input } = renderInForm();
    expect(honeypotOf(form)).toEqual({});
    input.value = 'http://spam.example';
    expect(honeypotOf(form)).toEqual({ website: 'http://spam.example' });
    expect(honeypotOf(null)).toEqual({});
  });
});
