import net from 'node:net';
import { languageForCountry, localeForCountry, type Locale } from '@catalogue/shared/domain/locales';

export type Geo = { country: string; locale: Locale; language: 'en' | 'fr' };

/** When nothing says where the visitor is (anything unknown goes to en-us). */
export const DEFAULT_COUNTRY = 'US';

/** Codes a CDN uses for "not a country": unknown, Tor, anonymous proxy, satellite, regions. */
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'A1', 'A2', 'O1', 'EU', 'AP', 'ZZ']);

/** An ISO 3166 alpha-2 code as stored (`UK` is written `GB`), or null for anything else. */
export function normaliseCountryCode(value: string | null | undefined): string | null {
  const code = (value ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || NOT_A_COUNTRY.has(code)) return null;
  return code === 'UK' ? 'GB' : code;
}

/** IN → en-in, GB/UK → en-uk, US → en-us, FR → fr-fr, CA → en-ca, AE → en-ae, else en-us. */
export function geoOf(country: string): Geo {
  return { country, locale: localeForCountry(country), language: languageForCountry(country) };
}

/**
 * The region of the visitor's most preferred language that names one (`fr-FR,fr;q=0.9` → FR,
 * `zh-Hant-TW` → TW); null when none does.
 */
export function regionFromAcceptLanguage(header: string | null | undefined): string | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .slice(0, 20)
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((r) => r.tag && r.tag !== '*' && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranges) {
    const region = tag
      .split('-')
      .slice(1)
      .find((sub) => /^[A-Za-z]{2}$/.test(sub));
    const country = normaliseCountryCode(region);
    if (country) return country;
  }
  return null;
}

const nonPublic = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  nonPublic.addSubnet(address, prefix, 'ipv6');
}

/** `::ffff:203.0.113.9` is an IPv4 address in IPv6 clothing. */
export function plainIp(ip: string | null | undefined): string | null {
  const trimmed = (ip ?? '').trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  const address = mapped ? mapped[1]! : trimmed;
  return net.isIP(address) ? address : null;
}

/** Private, loopback, link-local, documentation and multicast addresses have no country. */
export function isPublicIp(ip: string): boolean {
  const version = net.isIP(ip);
  if (!version) return false;
  return !nonPublic.check(ip, version === 4 ? 'ipv4' : 'ipv6');
}
