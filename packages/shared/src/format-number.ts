/**
 * Numbers written out by hand instead of with `Intl.NumberFormat` or `toLocaleString`. The first of
 * those a process or a page calls loads ICU's number data: about 10 ms of main-thread time on a
 * desktop and 40-55 ms on a mid-range phone, inside the product page's hydration (its
 * specification shows the weight) where it was the largest single task; and ~6 MB of the server's
 * resident memory, the pages of Node's built-in ICU data it touches (docs/performance.md).
 */

/** `whole` (digits only) grouped in threes: 1,234,567. */
const inThrees = (whole: string) => whole.replace(/\B(?=(\d{3})+$)/g, ',');

/** `whole` (digits only) grouped the Indian way: the last three, then pairs: 12,34,567. */
const indianWay = (whole: string) => {
  const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return head ? `${head},${whole.slice(-3)}` : whole;
};

function format(value: number, maxFractionDigits: number, group: (whole: string) => string): string {
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(maxFractionDigits).split('.');
  const decimals = fraction.replace(/0+$/, '');
  const sign = value < 0 && (/[1-9]/.test(whole) || decimals) ? '-' : '';
  return `${sign}${group(whole)}${decimals ? `.${decimals}` : ''}`;
}

/**
 * A number as the site writes it in both languages: Indian digit grouping (12,34,567), Latin
 * digits, at most `maxFractionDigits` decimals with trailing zeros dropped, which is what
 * `Intl.NumberFormat('en-IN' | 'hi-IN')` gives.
 */
export function formatNumber(value: number, maxFractionDigits = 0): string {
  return format(value, maxFractionDigits, indianWay);
}

/**
 * A whole number in the API's English messages, grouped in threes as `n.toLocaleString('en')`
 * writes it: "at most 100,000 characters". Rounded to a whole number.
 */
export function formatCount(value: number): string {
  return format(value, 0, inThrees);
}
