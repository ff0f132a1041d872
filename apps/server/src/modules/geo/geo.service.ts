// The ambient type of geoip-country must travel with this file into every program that reads it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./geoip-country.d.ts" />
import type GeoipCountry from 'geoip-country';
import {
  DEFAULT_COUNTRY,
  geoOf,
  isPublicIp,
  normaliseCountryCode,
  plainIp,
  regionFromAcceptLanguage,
  type Geo,
} from './geo.ts';

/** IP → ISO country; null when the address is not in the database. */
export type IpCountryLookup = (ip: string) => Promise<string | null>;

/**
 * The offline GeoLite2 country table from npm (`geoip-country`, no network at run time). It is
 * loaded on the first public address it is asked about: ~8 MB of memory and ~50 ms once, paid
 * only by deployments that get visitors without a CDN country header.
 */
export function createOfflineIpLookup(): IpCountryLookup {
  let loaded: Promise<typeof GeoipCountry> | null = null;
  return async (ip) => {
    loaded ??= import('geoip-country').then((m) => m.default);
    return (await loaded).lookup(ip)?.country ?? null;
  };
}

export type GeoRequest = {
  /** Reads a request header (lower-case name); undefined or null when absent. */
  header(name: string): string | string[] | null | undefined;
  ip: string | null | undefined;
};

const first = (value: string | string[] | null | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * Where a visitor is, decided on the server with no request leaving the machine: the CDN's
 * country header when configured and present, else the offline IP table, else the region of
 * the browser's language, else the United States.
 */
export function createGeoService(options: { countryHeader: string; lookupIp?: IpCountryLookup }) {
  const lookupIp = options.lookupIp ?? createOfflineIpLookup();
  return {
    async locate(request: GeoRequest): Promise<Geo> {
      const fromHeader = options.countryHeader
        ? normaliseCountryCode(first(request.header(options.countryHeader)))
        : null;
      if (fromHeader) return geoOf(fromHeader);

      const ip = plainIp(request.ip);
      if (ip && isPublicIp(ip)) {
        // A table that cannot load leaves the remaining signals to decide.
        const fromIp = normaliseCountryCode(await lookupIp(ip).catch(() => null));
        if (fromIp) return geoOf(fromIp);
      }

      const fromLanguage = regionFromAcceptLanguage(first(request.header('accept-language')));
      return geoOf(fromLanguage ?? DEFAULT_COUNTRY);
    },
  };
}

export type GeoService = ReturnType<typeof createGeoService>;
