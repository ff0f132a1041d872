import { describe, expect, it } from 'vitest';
import {
  COUNTRY_OPTIONS,
  countryFromCodeOrName,
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

  it('gives every option a flag emoji made of two regional indicators', () => {
    for (const c of [...COUNTRY_OPTIONS, ...SIGNUP_COUNTRY_OPTIONS]) expect([...c.flag]).toHaveLength(2);
  });
});
