import { describe, expect, it } from 'vitest';
import {
  COUNTRY_OPTIONS,
  countryFromCodeOrName,
  countryOptionOf,
  normaliseCountry,
  SIGNUP_COUNTRY_OPTIONS,
} from './countries.ts';

describe('country options', () => {
  it('offers 35 countries on contact and price request, from US to MC', () => {
    expect(COUNTRY_OPTIONS).toHaveLength(35);
    expect(COUNTRY_OPTIONS[0]?.value).toBe('US');
    expect(COUNTRY_OPTIONS.at(-1)?.value).toBe('MC');
    expect(new Set(COUNTRY_OPTIONS.map((c) => c.value)).size).toBe(35);
  });

  it('offers 17 on sign-up, from US to SG, with UK for the United Kingdom', () => {
    expect(SIGNUP_COUNTRY_OPTIONS).toHaveLength(17);
    expect(SIGNUP_COUNTRY_OPTIONS[0]?.value).toBe('US');
    expect(SIGNUP_COUNTRY_OPTIONS.at(-1)?.value).toBe('SG');
    expect(SIGNUP_COUNTRY_OPTIONS.some((c) => c.value === 'UK')).toBe(true);
  });

  it('stores ISO alpha-2 with UK → GB', () => {
    expect(normaliseCountry('uk')).toBe('GB');
    expect(normaliseCountry(' in ')).toBe('IN');
    expect(normaliseCountry('XX')).toBeNull();
    expect(normaliseCountry(undefined)).toBeNull();
  });

  it('reads a code or a name from the offered list, case-insensitive, as the code', () => {
    expect(countryFromCodeOrName('India')).toBe('IN');
    expect(countryFromCodeOrName('united kingdom')).toBe('GB');
    expect(countryFromCodeOrName('  United   Arab Emirates ')).toBe('AE');
    expect(countryFromCodeOrName('MONACO')).toBe('MC');
    expect(countryFromCodeOrName('de')).toBe('DE');
    expect(countryFromCodeOrName('UK')).toBe('GB');
    expect(countryFromCodeOrName('Atlantis')).toBeNull();
    expect(countryFromCodeOrName('Ind')).toBeNull();
    expect(countryFromCodeOrName('')).toBeNull();
    expect(countryFromCodeOrName(null)).toBeNull();
  });

  it('names every option without an emoji flag (drawn as empty boxes on many systems)', () => {
    for (const c of [...COUNTRY_OPTIONS, ...SIGNUP_COUNTRY_OPTIONS]) {
      expect(c.label).toMatch(/^[A-Za-z .]+$/);
      expect(Object.keys(c)).toEqual(['value', 'label']);
    }
  });

  it('finds the option that stands for a stored country, by its code or its ISO code', () => {
    expect(countryOptionOf(SIGNUP_COUNTRY_OPTIONS, 'GB')).toEqual({ value: 'UK', label: 'United Kingdom' });
    expect(countryOptionOf(SIGNUP_COUNTRY_OPTIONS, 'UK')?.value).toBe('UK');
    expect(countryOptionOf(COUNTRY_OPTIONS, 'UK')?.value).toBe('GB');
    expect(countryOptionOf(SIGNUP_COUNTRY_OPTIONS, 'IN')?.value).toBe('IN');
    expect(countryOptionOf(SIGNUP_COUNTRY_OPTIONS, 'IE')).toBeNull();
    expect(countryOptionOf(SIGNUP_COUNTRY_OPTIONS, '')).toBeNull();
  });
});
