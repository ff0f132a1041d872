/**
 * A country a form offers: the code it sends and its name. No emoji flag: many systems draw those
 * as two letters or empty boxes; the web app shows its own flag picture of the chosen country.
 */
export type CountryOption = { value: string; label: string };

const option = (value: string, label: string): CountryOption => ({ value, label });

/** The 35 countries of the contact and price request forms. */
export const COUNTRY_OPTIONS: readonly CountryOption[] = [
  option('US', 'United States'),
  option('IN', 'India'),
  option('GB', 'United Kingdom'),
  option('CA', 'Canada'),
  option('AU', 'Australia'),
  option('DE', 'Germany'),
  option('FR', 'France'),
  option('IT', 'Italy'),
  option('ES', 'Spain'),
  option('NL', 'Netherlands'),
  option('BE', 'Belgium'),
  option('CH', 'Switzerland'),
  option('AT', 'Austria'),
  option('SE', 'Sweden'),
  option('NO', 'Norway'),
  option('DK', 'Denmark'),
  option('FI', 'Finland'),
  option('IE', 'Ireland'),
  option('PT', 'Portugal'),
  option('GR', 'Greece'),
  option('PL', 'Poland'),
  option('AE', 'United Arab Emirates'),
  option('SA', 'Saudi Arabia'),
  option('QA', 'Qatar'),
  option('KW', 'Kuwait'),
  option('SG', 'Singapore'),
  option('MY', 'Malaysia'),
  option('JP', 'Japan'),
  option('KR', 'South Korea'),
  option('CN', 'China'),
  option('HK', 'Hong Kong'),
  option('NZ', 'New Zealand'),
  option('ZA', 'South Africa'),
  option('BR', 'Brazil'),
  option('MC', 'Monaco'),
];

/** The 17 countries of the sign-up form, from US to SG; the United Kingdom is `UK` here. */
export const SIGNUP_COUNTRY_OPTIONS: readonly CountryOption[] = [
  option('US', 'United States'),
  option('IN', 'India'),
  option('UK', 'United Kingdom'),
  option('CA', 'Canada'),
  option('AU', 'Australia'),
  option('DE', 'Germany'),
  option('FR', 'France'),
  option('IT', 'Italy'),
  option('ES', 'Spain'),
  option('NL', 'Netherlands'),
  option('AE', 'United Arab Emirates'),
  option('SA', 'Saudi Arabia'),
  option('JP', 'Japan'),
  option('CN', 'China'),
  option('BR', 'Brazil'),
  option('ZA', 'South Africa'),
  option('SG', 'Singapore'),
];

const KNOWN = new Set(COUNTRY_OPTIONS.map((c) => c.value));

/** ISO 3166 alpha-2 as stored: upper-cased, `UK` → `GB`. Null when not one the site offers. */
export function normaliseCountry(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const code = input.trim().toUpperCase();
  const iso = code === 'UK' ? 'GB' : code;
  return KNOWN.has(iso) ? iso : null;
}

/**
 * The option of `countries` that stands for a stored country: its own, or the one with the same
 * ISO code (the sign-up list's `UK` for a stored `GB`); null when the list has none.
 */
export function countryOptionOf(
  countries: readonly CountryOption[],
  code: string | null | undefined,
): CountryOption | null {
  if (typeof code !== 'string' || !code) return null;
  const own = countries.find((c) => c.value === code);
  if (own) return own;
  const iso = normaliseCountry(code);
  return iso ? (countries.find((c) => normaliseCountry(c.value) === iso) ?? null) : null;
}

export function countryLabel(code: string | null | undefined): string | null {
  const iso = normaliseCountry(code);
  return COUNTRY_OPTIONS.find((c) => c.value === iso)?.label ?? null;
}

const BY_NAME = new Map(COUNTRY_OPTIONS.map((c) => [c.label.toLowerCase(), c.value]));

/**
 * A country given as its code or as its name in the offered list (`"India"`, `"united kingdom"`:
 * the previous contact page sent the name), case-insensitive, as the stored code; else null.
 */
export function countryFromCodeOrName(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  return normaliseCountry(input) ?? BY_NAME.get(input.trim().replace(/\s+/g, ' ').toLowerCase()) ?? null;
}
