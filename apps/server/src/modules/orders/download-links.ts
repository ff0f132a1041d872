import crypto from 'node:crypto';

/** How long a quotation link works: long enough to click, short enough that a leaked link dies. */
export const DOWNLOAD_LINK_TTL_SECONDS = 3600;

/** `Quotation_12.xlsx`: the only file names the download route understands. */
export const quotationFileName = (orderNumber: number) => `Quotation_${orderNumber}.xlsx`;

/** The order number of a download file name, or null: the name never becomes a path. */
export function parseQuotationFileName(file: string): number | null {
  const match = /^Quotation_([1-9]\d{0,8})\.xlsx$/.exec(file);
  return match ? Number(match[1]) : null;
}

/**
 * Signs quotation links with `loadSecret()`'s value: the configured secret, or one every
 * instance reads from the database, so a link made by one instance works on all of them.
 */
export function createDownloadLinks(loadSecret: () => Promise<string>) {
  let secret: Promise<Buffer> | null = null;
  const secretOf = () => {
    // A failed load (database away) is not remembered: the next link tries again.
    secret ??= loadSecret().then(
      (value) => Buffer.from(value, 'utf8'),
      (error: unknown) => {
        secret = null;
        throw error;
      },
    );
    return secret;
  };
  const macWith = (key: Buffer, orderNumber: number, exp: number) =>
    crypto.createHmac('sha256', key).update(`quotation:${orderNumber}:${exp}`).digest('base64url');
  const mac = async (orderNumber: number, exp: number) => macWith(await secretOf(), orderNumber, exp);
  const signedFileWith = (key: Buffer, orderNumber: number, now: number) => {
    const exp = Math.floor(now / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
    return `${quotationFileName(orderNumber)}?sig=${macWith(key, orderNumber, exp)}&exp=${exp}`;
  };

  return {
    /** `Quotation_{n}.xlsx?sig=...&exp=...` (the caller puts its path in front). */
    async signedFile(orderNumber: number, now = Date.now()): Promise<string> {
      return signedFileWith(await secretOf(), orderNumber, now);
    },

    /** `signedFile` without waiting for each link: the secret is read once, for a whole list. */
    async signer(): Promise<(orderNumber: number, now?: number) => string> {
      const key = await secretOf();
      return (orderNumber, now = Date.now()) => signedFileWith(key, orderNumber, now);
    },

    async isValid(orderNumber: number, sig: string | undefined, exp: string | undefined, now = Date.now()) {
      if (!sig || !exp || !/^\d{1,12}$/.test(exp)) return false;
      const expires = Number(exp);
      if (expires * 1000 < now) return false;
      const expected = Buffer.from(await mac(orderNumber, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
