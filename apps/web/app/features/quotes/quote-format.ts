import { minorToMajor } from '@catalogue/shared/domain/quotation';

/**
 * An amount in minor units as `INR 1,23,456.50` / `USD 123,456.50` (the shared rule: rupees grouped
 * the Indian way, other currencies by thousands, from the exact digits).
 */
export { formatMoney } from '@catalogue/shared/domain/quotation';

/** What a person typed in a price box, as minor units; null when it is not an amount. */
export { majorToMinor as parsePrice } from '@catalogue/shared/domain/quotation';

/** Minor units as the text a price box starts with (`125050` → `1250.50`). */
export const priceText = (minor: number) => minorToMajor(minor);
