import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';

/** The locale and language each country is sent to. */
const SPEC_MAPPING = [
  ['IN', 'IN', 'en-in', 'en'],
  ['GB', 'GB', 'en-uk', 'en'],
  ['UK', 'GB', 'en-uk', 'en'],
  ['US', 'US', 'en-us', 'en'],
  ['FR', 'FR', 'fr-fr', 'fr'],
  ['CA', 'CA', 'en-ca', 'en'],
  ['AE', 'AE', 'en-ae', 'en'],
  ['DE', 'DE', 'en-us', 'en'],
  ['JP', 'JP', 'en-us', 'en'],
] as const;

describe('GET /api/geo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const geo = async (headers: Record<string, string> = {}, remoteAddress?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/geo',
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it.each(SPEC_MAPPING)(
    'maps a CDN country %s to %s / %s / %s',
    async (header, country, locale, language) => {
      const res = await geo({ 'cf-ipcountry': header });
      expect(res.json()).toEqual({ country, locale, language });
    },
  );

  it('reads the country header case-insensitively and ignores "unknown" codes', async () => {
    expect((await geo({ 'cf-ipcountry': 'in' })).json()).toEqual({
      country: 'IN',
      locale: 'en-in',
      language: 'en',
    });
    expect((await geo({ 'cf-ipcountry': 'XX', 'accept-language': 'en-CA' })).json()).toMatchObject({
      country: 'CA',
    });
  });

  it('falls back to the offline IP table for a public address', async () => {
    expect((await geo({}, '193.252.0.1')).json()).toEqual({ country: 'FR', locale: 'fr-fr', language: 'fr' });
    expect((await geo({}, '14.139.0.1')).json()).toEqual({ country: 'IN', locale: 'en-in', language: 'en' });
    expect((await geo({}, '::ffff:94.200.0.1')).json()).toEqual({
      country: 'AE',
      locale: 'en-ae',
      language: 'en',
    });
  });

  it('lets the CDN header win over the IP table', async () => {
    expect((await geo({ 'cf-ipcountry': 'GB' }, '193.252.0.1')).json()).toMatchObject({ country: 'GB' });
  });

  it('uses the browser language region for private addresses, else the United States', async () => {
    expect((await geo({ 'accept-language': 'fr-FR,fr;q=0.9' })).json()).toEqual({
      country: 'FR',
      locale: 'fr-fr',
      language: 'fr',
    });
    expect((await geo({ 'accept-language': 'en-GB,en;q=0.9' }, '10.0.0.8')).json()).toMatchObject({
      locale: 'en-uk',
    });
    expect((await geo({ 'accept-language': 'en' })).json()).toEqual({
      country: 'US',
      locale: 'en-us',
      language: 'en',
    });
    expect((await geo()).json()).toEqual({ country: 'US', locale: 'en-us', language: 'en' });
  });

  it('is never stored by a shared cache', async () => {
    const res = await geo({ 'cf-ipcountry': 'IN' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cf-ipcountry/);
  });
});

describe('GET /api/geo behind a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true', GEO_COUNTRY_HEADER: 'X-Country' });
  });
  afterAll(() => t.close());

  it('reads the configured header and the forwarded client address', async () => {
    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/api/geo',
      headers: { 'x-country': 'AE', 'cf-ipcountry': 'IN' },
    });
    expect(byHeader.json()).toMatchObject({ country: 'AE', locale: 'en-ae' });
    const byForwardedIp = await t.app.inject({
      method: 'GET',
      url: '/api/geo',
      headers: { 'x-forwarded-for': '193.252.0.1', 'cf-ipcountry': 'IN' },
    });
    expect(byForwardedIp.json()).toMatchObject({ country: 'FR', language: 'fr' });
  });
});
