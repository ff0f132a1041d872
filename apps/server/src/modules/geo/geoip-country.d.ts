// geoip-country (CommonJS) ships no types; this is the one call the geo module makes.
declare module 'geoip-country' {
  const geoip: { lookup(ip: string): { country?: string } | null };
  export default geoip;
}
