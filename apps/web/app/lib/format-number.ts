/**
 * A number as the site writes it in both languages: Indian digit grouping (12,34,567), Latin
 * digits, at most `maxFractionDigits` decimals with trailing zeros dropped, which is what
 * `Intl.NumberFormat('en-IN' | 'hi-IN')` gives. Written out because the first
 * `Intl.NumberFormat` a page constructs loads the number data: about 10 ms of main-thread time
 * on a desktop and 40-55 ms on a mid-range phone, inside the product page's hydration (its
 * specification shows the weight) where it was the largest single task.
 */
export function formatNumber(value: number, maxFractionDigits = 0): string {
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(maxFractionDigits).split('.');
  const decimals = fraction.replace(/0+$/, '');
  const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const grouped = head ? `${head},${whole.slice(-3)}` : whole;
  const sign = value < 0 && (/[1-9]/.test(whole) || decimals) ? '-' : '';
  return `${sign}${grouped}${decimals ? `.${decimals}` : ''}`;
}
