import { describe, expect, it } from 'vitest';
import {
  alternatePaths,
  hreflangOf,
  languageForCountry,
  localeForCountry,
  splitPathPrefix,
} from './locales.ts';

describe('geolocation mapping', () => {
  it.each([
    ['IN', 'en-in', 'en'],
    ['GB', 'en-uk', 'en'],
    ['UK', 'en-uk', 'en'],
    ['US', 'en-us', 'en'],
    ['FR', 'fr-fr', 'fr'],
    ['CA', 'en-ca', 'en'],
    ['AE', 'en-ae', 'en'],
    ['DE', 'en-us', 'en'],
    ['', 'en-us', 'en'],
  ])('%s → %s, %s', (country, locale, language) => {
    expect(localeForCountry(country)).toBe(locale);
    expect(languageForCountry(country)).toBe(language);
  });

  it('publishes en-uk as en-gb', () => {
    expect(hreflangOf('en-uk')).toBe('en-gb');
    expect(hreflangOf('en-in')).toBe('en-in');
  });
});

describe('path prefixes', () => {
  it('splits a locale prefix', () => {
    expect(splitPathPrefix('/en-in/shopall')).toEqual({ prefix: 'en-in', language: 'en', rest: '/shopall' });
  });
  it('renders Hindi only under /hi', () => {
    expect(splitPathPrefix('/hi/category/Rings')).toEqual({
      prefix: 'hi',
      language: 'hi',
      rest: '/category/Rings',
    });
    expect(splitPathPrefix('/fr/faq').language).toBe('en');
  });
  it('leaves unprefixed paths alone', () => {
    expect(splitPathPrefix('/shopall')).toEqual({ prefix: null, language: 'en', rest: '/shopall' });
    expect(splitPathPrefix('/en-in')).toEqual({ prefix: 'en-in', language: 'en', rest: '/' });
  });
});

describe('alternatePaths', () => {
  it('lists one path per hreflang (en-uk folded into en-gb), Hindi, and the bare page as x-default', () => {
    expect(alternatePaths('/shopall/')).toEqual([
      { hreflang: 'en-in', path: '/en-in/shopall' },
      { hreflang: 'en-gb', path: '/en-gb/shopall' },
      { hreflang: 'en-us', path: '/en-us/shopall' },
      { hreflang: 'fr-fr', path: '/fr-fr/shopall' },
      { hreflang: 'en-ca', path: '/en-ca/shopall' },
      { hreflang: 'en-ae', path: '/en-ae/shopall' },
      { hreflang: 'hi', path: '/hi/shopall' },
      { hreflang: 'x-default', path: '/shopall' },
    ]);
  });

  it('puts the home page at the bare prefix', () => {
    expect(alternatePaths('/').map((a) => a.path)).toContain('/en-in');
    expect(alternatePaths('/').at(-1)).toEqual({ hreflang: 'x-default', path: '/' });
  });
});
