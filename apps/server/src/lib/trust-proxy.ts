import proxyAddr from '@fastify/proxy-addr';

/**
 * Which proxies in front of the server are believed about the client (`X-Forwarded-For`) and the
 * request's protocol and host (`X-Forwarded-Proto`, `X-Forwarded-Host`): none (`false`), the
 * nearest `hops` of them, or those whose address is in `addresses` (addresses, CIDR ranges, or
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). Never every hop: a client would then
 * choose its own address, and every per-address limit (login, sign-up, contact) would be void.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** Hops beyond this are no deployment anyone runs: a typo, refused at start. */
export const MAX_TRUSTED_HOPS = 10;

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY` as written: `false`/`0`/empty (no proxy), a number of hops, `true` (read as one
 * hop: the one reverse proxy the setting used to stand for), or a comma-separated list of proxy
 * addresses and ranges. Throws an Error naming what it cannot read.
 */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === 'no' || value === '0') return false;
  if (value === 'true' || value === 'yes') return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_TRUSTED_HOPS)
      throw new Error(`at most ${MAX_TRUSTED_HOPS} hops can be trusted, not ${hops}`);
    return { hops };
  }
  const addresses = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const address of addresses) {
    if (NAMES.has(address)) continue;
    try {
      proxyAddr.compile(address);
    } catch {
      throw new Error(
        `"${address}" is neither a number of hops nor an IP address or CIDR range (e.g. 10.0.0.0/8, loopback)`,
      );
    }
  }
  return { addresses };
}

/**
 * The test Fastify's `trustProxy` takes, as a function of the address of a hop and its distance
 * from the server (0 = the socket's peer), or false. A hop count is given as a function, not a
 * number: Fastify 5 reads a number as trusting no peer for `X-Forwarded-Proto`/`-Host`.
 */
export function trustFunction(trust: TrustProxy): ((address: string, hop: number) => boolean) | false {
  if (!trust) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile(trust.addresses);
}
