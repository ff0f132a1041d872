import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDownloadLinks, parseQuotationFileName, quotationFileName } from './download-links.ts';

const SECRET = 'a-signing-secret-of-at-least-32-characters';
const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
const NOW_SECONDS = NOW / 1000;

/** The signature a correct implementation gives, computed here from the rule itself. */
const hmac = (secret: string, orderNumber: number, exp: number) =>
  crypto.createHmac('sha256', secret).update(`quotation:${orderNumber}:${exp}`).digest('base64url');

const parts = (signed: string) => {
  const match = /^Quotation_(\d+)\.xlsx\?sig=([\w-]+)&exp=(\d+)$/.exec(signed);
  if (!match) throw new Error(`not a signed file: ${signed}`);
  return { orderNumber: Number(match[1]), sig: match[2]!, exp: match[3]! };
};

describe('quotation file names', () => {
  it('names the file of order 12 Quotation_12.xlsx and reads only such names back', () => {
    expect(quotationFileName(12)).toBe('Quotation_12.xlsx');
    expect(parseQuotationFileName('Quotation_12.xlsx')).toBe(12);
    expect(parseQuotationFileName('Quotation_999999999.xlsx')).toBe(999_999_999);
    for (const name of [
      'Quotation_0.xlsx',
      'Quotation_012.xlsx',
      'Quotation_1234567890.xlsx',
      'Quotation_12.xlsx.exe',
      'x/Quotation_12.xlsx',
      'Quotation_12.xls',
      'quotation_12.xlsx',
      'Quotation_.xlsx',
    ]) {
      expect(parseQuotationFileName(name), name).toBeNull();
    }
  });
});

describe('signed download links', () => {
  const links = createDownloadLinks(() => Promise.resolve(SECRET));

  it('signs order, expiry one hour ahead, with HMAC-SHA256 of the secret', async () => {
    const signed = await links.signedFile(7, NOW);
    expect(signed).toBe(
      `Quotation_7.xlsx?sig=${hmac(SECRET, 7, NOW_SECONDS + 3600)}&exp=${NOW_SECONDS + 3600}`,
    );
  });

  it('signs a whole list with one read of the secret: the same links', async () => {
    const sign = await links.signer();
    expect(sign(7, NOW)).toBe(
      `Quotation_7.xlsx?sig=${hmac(SECRET, 7, NOW_SECONDS + 3600)}&exp=${NOW_SECONDS + 3600}`,
    );
    expect(sign(12, NOW + 1500)).toBe(await links.signedFile(12, NOW + 1500));
  });

  it('accepts its own link until the expiry second, and not after', async () => {
    const { sig, exp } = parts(await links.signedFile(7, NOW));
    expect(await links.isValid(7, sig, exp, NOW)).toBe(true);
    expect(await links.isValid(7, sig, exp, NOW + 3600 * 1000)).toBe(true);
    expect(await links.isValid(7, sig, exp, NOW + 3600 * 1000 + 1)).toBe(false);
  });

  it('refuses the signature of another order, another expiry, another secret, or a changed one', async () => {
    const { sig, exp } = parts(await links.signedFile(7, NOW));
    expect(await links.isValid(8, sig, exp, NOW)).toBe(false);
    expect(await links.isValid(7, sig, String(Number(exp) + 1), NOW)).toBe(false);
    const other = hmac('another-secret-of-at-least-32-characters!', 7, Number(exp));
    expect(await links.isValid(7, other, exp, NOW)).toBe(false);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(await links.isValid(7, flipped, exp, NOW)).toBe(false);
    expect(await links.isValid(7, sig.slice(0, -1), exp, NOW)).toBe(false);
    expect(await links.isValid(7, `${sig}A`, exp, NOW)).toBe(false);
  });

  it('refuses a link without a signature or expiry, or with an expiry that is not a number', async () => {
    const { sig, exp } = parts(await links.signedFile(7, NOW));
    expect(await links.isValid(7, undefined, exp, NOW)).toBe(false);
    expect(await links.isValid(7, '', exp, NOW)).toBe(false);
    expect(await links.isValid(7, sig, undefined, NOW)).toBe(false);
    expect(await links.isValid(7, sig, '', NOW)).toBe(false);
    expect(await links.isValid(7, sig, `${exp}x`, NOW)).toBe(false);
    expect(await links.isValid(7, sig, `x${exp}`, NOW)).toBe(false);
    expect(await links.isValid(7, sig, '1'.repeat(13), NOW)).toBe(false);
    // Number() would read these as the signed expiry; only digits are an expiry.
    expect(await links.isValid(7, sig, ` ${exp}`, NOW)).toBe(false);
    expect(await links.isValid(7, sig, `${exp} `, NOW)).toBe(false);
    expect(await links.isValid(7, sig, `${exp}\n`, NOW)).toBe(false);
  });

  it('accepts an expiry of up to 12 digits', async () => {
    const exp = '9'.repeat(12);
    expect(await links.isValid(7, hmac(SECRET, 7, Number(exp)), exp, NOW)).toBe(true);
  });

  it('reads the secret once, and again after a failed read', async () => {
    let reads = 0;
    const flaky = createDownloadLinks(() => {
      reads += 1;
      return reads === 1 ? Promise.reject(new Error('database away')) : Promise.resolve(SECRET);
    });
    await expect(flaky.signedFile(1, NOW)).rejects.toThrow('database away');
    expect(parts(await flaky.signedFile(1, NOW)).sig).toBe(hmac(SECRET, 1, NOW_SECONDS + 3600));
    await flaky.signedFile(2, NOW);
    expect(reads).toBe(2);
  });
});
