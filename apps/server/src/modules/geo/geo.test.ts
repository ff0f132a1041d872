import { describe, expect, it, vi } from 'vitest';
import { isPublicIp, normaliseCountryCode, plainIp, regionFromAcceptLanguage } from './geo.ts';
import { createGeoService, createOfflineIpLookup } from './geo.service.ts';

describe('regionFromAcceptLanguage', () => {
  it.each([
    ['fr-FR,fr;q=0.9,en;q=0.8', 'FR'],
    ['en-GB', 'GB'],
    ['en-gb', 'GB'],
    ['hi-IN,hi;q=0.9', 'IN'],
    ['en,en-US;q=0.5', 'US'],
    ['de;q=0.9,en-CA;q=0.2,fr-FR;q=0.8', 'FR'],
    ['zh-Hant-TW', 'TW'],
    ['en-UK', 'GB'],
    ['ar-AE', 'AE'],
    ['es-419', null],
    ['en', null],
    ['*', null],
    ['fr-FR;q=0', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, region) => {
    expect(regionFromAcceptLanguage(header)).toBe(region);
  });
});

describe('addresses and codes', () => {
  it('knows which addresses have no country', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.0.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '0.0.0.0',
    ]) {
      expect(isPublicIp(ip), ip).toBe(false);
    }
    for (const ip of ['8.8.8.8', '193.252.0.1', '2001:4860:4860::8888'])
      expect(isPublicIp(ip), ip).toBe(true);
    expect(isPublicIp('not an ip')).toBe(false);
  });

  it('unwraps IPv4-mapped IPv6 addresses and refuses garbage', () => {
    expect(plainIp('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(plainIp(' 8.8.4.4 ')).toBe('8.8.4.4');
    expect(plainIp('8.8.8.8, 1.1.1.1')).toBeNull();
    expect(plainIp(undefined)).toBeNull();
  });

  it('accepts two-letter countries only, UK written GB', () => {
    expect(normaliseCountryCode('in')).toBe('IN');
    expect(normaliseCountryCode('UK')).toBe('GB');
    expect(normaliseCountryCode('XX')).toBeNull();
    expect(normaliseCountryCode('T1')).toBeNull();
    expect(normaliseCountryCode('IND')).toBeNull();
    expect(normaliseCountryCode('')).toBeNull();
  });
});

describe('createGeoService', () => {
  const request = (headers: Record<string, string>, ip = '127.0.0.1') => ({
    header: (name: string) => headers[name],
    ip,
  });

  it('prefers the CDN header, then the IP table, then the language region, then US', async () => {
    const lookupIp = vi.fn(async (ip: string) => (ip === '203.0.114.1' ? 'CA' : null));
    const geo = createGeoService({ countryHeader: 'cf-ipcountry', lookupIp });
    const all = { 'cf-ipcountry': 'FR', 'accept-language': 'en-IN' };
    expect(await geo.locate(request(all, '203.0.114.1'))).toEqual({
      country: 'FR',
      locale: 'fr-fr',
      language: 'fr',
    });
    expect(await geo.locate(request({ 'accept-language': 'en-IN' }, '203.0.114.1'))).toMatchObject({
      country: 'CA',
    });
    expect(await geo.locate(request({ 'accept-language': 'en-IN' }, '203.0.114.2'))).toMatchObject({
      country: 'IN',
    });
    expect(await geo.locate(request({}, '203.0.114.2'))).toEqual({
      country: 'US',
      locale: 'en-us',
      language: 'en',
    });
  });

  it('never consults the IP table for private addresses, and survives a table that fails', async () => {
    const lookupIp = vi.fn(async () => 'DE');
    const geo = createGeoService({ countryHeader: 'cf-ipcountry', lookupIp });
    await geo.locate(request({}, '192.168.0.10'));
    await geo.locate(request({}, '::1'));
    expect(lookupIp).not.toHaveBeenCalled();

    const broken = createGeoService({
      countryHeader: 'cf-ipcountry',
      lookupIp: async () => {
        throw new Error('cannot read table');
      },
    });
    expect(await broken.locate(request({ 'accept-language': 'fr-FR' }, '8.8.8.8'))).toMatchObject({
      country: 'FR',
    });
  });

  it('ignores the header when none is configured, and "unknown" header values', async () => {
    const lookupIp = vi.fn(async () => null);
    const noHeader = createGeoService({ countryHeader: '', lookupIp });
    expect(await noHeader.locate(request({ 'cf-ipcountry': 'IN' }))).toMatchObject({ country: 'US' });
    const geo = createGeoService({ countryHeader: 'cf-ipcountry', lookupIp });
    expect(await geo.locate(request({ 'cf-ipcountry': 'XX', 'accept-language': 'en-AE' }))).toMatchObject({
      country: 'AE',
    });
  });

  it('reads the offline GeoLite2 table from npm', async () => {
    const lookup = createOfflineIpLookup();
    expect(await lookup('8.8.8.8')).toBe('US');
    expect(await lookup('193.252.0.1')).toBe('FR');
    expect(await lookup('14.139.0.1')).toBe('IN');
  });
});
