import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { COUNTRY_OPTIONS, SIGNUP_COUNTRY_OPTIONS } from '@catalogue/shared/domain/countries';
import { CountrySelect, flagSrc } from '~/components/ui/country-select';

function Harness({ countries = COUNTRY_OPTIONS, initial = '' }) {
  const [value, setValue] = useState(initial);
  return (
    <CountrySelect
      label="Country"
      placeholder="Select a country"
      countries={countries}
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  );
}

describe('CountrySelect', () => {
  it('offers every country and shows our own flag of the chosen one', async () => {
    const { container } = render(<Harness />);
    const select = screen.getByLabelText('Country');
    expect(screen.getAllByRole('option')).toHaveLength(COUNTRY_OPTIONS.length + 1);
    expect(container.querySelector('img')).toBeNull();
    await userEvent.selectOptions(select, 'IN');
    // The same element, still focused: choosing a country does not rebuild the select.
    expect(screen.getByLabelText('Country')).toBe(select);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/flags/IN.png');
    // The flag sits inside the box (the select keeps the field's full width), clear of the text.
    expect(select.parentElement?.querySelector('img')).not.toBeNull();
    expect(select).toHaveClass('w-full', 'pl-11');
  });

  it('draws the United Kingdom of the sign-up list (UK) with the GB flag', () => {
    expect(flagSrc('uk')).toBe('/flags/GB.png');
    render(<Harness countries={SIGNUP_COUNTRY_OPTIONS} />);
    expect(screen.getAllByRole('option')).toHaveLength(18);
  });

  it('names the options without emoji flags, which many systems draw as empty boxes', () => {
    render(<Harness />);
    for (const option of screen.getAllByRole('option').slice(1))
      expect(option.textContent).toMatch(/^[A-Za-z .]+$/);
    expect(screen.getByRole('option', { name: 'India' })).toHaveValue('IN');
  });

  it('shows a UK buyer’s stored GB as the sign-up list’s United Kingdom, with its flag', () => {
    const { container } = render(<Harness countries={SIGNUP_COUNTRY_OPTIONS} initial="GB" />);
    const select = screen.getByLabelText('Country');
    expect(select).toHaveValue('UK');
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'United Kingdom' }).selected).toBe(true);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/flags/GB.png');
  });

  it('offers a stored country the list lacks, chosen, instead of showing none', () => {
    render(<Harness countries={SIGNUP_COUNTRY_OPTIONS} initial="IE" />);
    expect(screen.getByLabelText('Country')).toHaveValue('IE');
    expect(screen.getAllByRole('option')).toHaveLength(19);
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Ireland' }).selected).toBe(true);
  });
});
