import { minorToMajor } from '@catalogue/shared/domain/quotation';

/**
 * An amount in minor units as `INR 1,23,456.50` / `USD 123,456.50`: built from the exact decimal
 * digits (never a float), the same on the server render and in every browser. Rupees are grouped
 * the Indian way (lakh, crore), other currencies by thousands.
 */
export function formatMoney(minor: number, currency: string): string {
  const [whole = '0', cents = '00'] = minorToMajor(Math.abs(minor)).split('.');
  const grouped =
    currency === 'INR' && whole.length > 3
      ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}`
      : whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${minor < 0 ? '-' : ''}${grouped}.${cents}`;
}

/** What a person typed in a price box, as minor units; null when it is not an amount. */
export { majorToMinor as parsePrice } from '@catalogue/shared/domain/quotation';

/** Minor units as the text a price box starts with (`125050` → `1250.50`). */
export const priceText = (minor: number) => minorToMajor(minor);
