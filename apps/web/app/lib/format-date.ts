/**
 * Dates written out by hand in the site's two languages, as ICU writes them for en-GB, en-IN, en-US
 * and hi-IN, instead of with `toLocaleString` or `Intl.DateTimeFormat`: those load ICU's date data
 * (the first call ~6 MB of the server's resident memory, the pages of Node's built-in ICU data it
 * touches; docs/performance.md), and Node's ICU and the browser's are different versions whose
 * words may differ between the server render and hydration. Latin digits in both languages.
 */

const MONTHS = {
  en: {
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
    long: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
  },
  hi: {
    short: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
    long: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
  },
} as const;

/** The month's name (0 is January), short ("Sept", "सित॰") or long, in the page's language. */
export function monthName(month: number, language: string, form: 'short' | 'long'): string {
  return MONTHS[language === 'hi' ? 'hi' : 'en'][form][month] ?? '';
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The hour in the 12-hour clock (12 for noon and midnight) and its am or pm. */
const twelveHour = (hours: number) => ({ hour: hours % 12 || 12, half: hours < 12 ? 'am' : 'pm' });

/** The parts of a date in UTC, or null when `iso` is not a date. */
function utcParts(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    hours: date.getUTCHours(),
    minutes: date.getUTCMinutes(),
    seconds: date.getUTCSeconds(),
  };
}

type DateParts = NonNullable<ReturnType<typeof utcParts>>;

/** "05 Sept 2026", "05 सित॰ 2026". */
const dayMonthYear = (p: DateParts, language: string) =>
  `${twoDigits(p.day)} ${monthName(p.month, language, 'short')} ${p.year}`;

/** A time of day: 24-hour in English (16:07), 12-hour in Hindi (04:07 pm), hours in two digits. */
function clock(language: string, hours: number, rest: number[]): string {
  const tail = rest.map((n) => `:${twoDigits(n)}`).join('');
  if (language !== 'hi') return `${twoDigits(hours)}${tail}`;
  const { hour, half } = twelveHour(hours);
  return `${twoDigits(hour)}${tail} ${half}`;
}

/**
 * Dates on the admin and buyer screens, fixed to UTC so the server render and the browser agree (no
 * hydration mismatch) whatever the admin's time zone; month names in the screen's language:
 * "05 Sept 2026, 16:07 UTC", "05 सित॰ 2026, 04:07 pm UTC".
 */
export function formatDateTime(iso: string, language: string): string {
  const p = utcParts(iso);
  if (!p) return '';
  return `${dayMonthYear(p, language)}, ${clock(language, p.hours, [p.minutes])} UTC`;
}

/** "05 Sept 2026", "05 सित॰ 2026" (UTC). */
export function formatDate(iso: string, language: string): string {
  const p = utcParts(iso);
  if (!p) return '';
  return dayMonthYear(p, language);
}

/** The time of day with seconds, in UTC like the dates above (e.g. when figures were computed). */
export function formatTimeOfDay(iso: string, language: string): string {
  const p = utcParts(iso);
  if (!p) return '';
  return `${clock(language, p.hours, [p.minutes, p.seconds])} UTC`;
}

/**
 * A day in the admin screens, in UTC so weeks line up with the API: "5 Sept", "5 सित॰ 2026". A date
 * alone ("2026-09-05") is read as that day in UTC, as `Date` reads such dates.
 */
export function formatDayOfMonth(iso: string, language: string, withYear = false): string | null {
  const p = utcParts(iso);
  if (!p) return null;
  return `${p.day} ${monthName(p.month, language, 'short')}${withYear ? ` ${p.year}` : ''}`;
}

/** A date and time in the runtime's own time zone: "5 Sept 2026, 4:07 pm", "5 सित॰ 2026, 4:07 pm". */
export function formatLocalDateTime(iso: string, language: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const { hour, half } = twelveHour(date.getHours());
  const day = `${date.getDate()} ${monthName(date.getMonth(), language, 'short')} ${date.getFullYear()}`;
  return `${day}, ${hour}:${twoDigits(date.getMinutes())} ${half}`;
}

/**
 * A date written out in the page's language, the same on the server and in the browser (UTC):
 * English in the long US form (November 20, 2024), Hindi in Hindi (20 नवंबर 2024).
 */
export function formatLongDate(iso: string, language: string = 'en'): string {
  const p = utcParts(iso);
  if (!p) return '';
  const month = monthName(p.month, language, 'long');
  return language === 'hi' ? `${p.day} ${month} ${p.year}` : `${month} ${p.day}, ${p.year}`;
}

/**
 * When a quotation expires, as the buyer's list says it: its day seen from `now` (today, tomorrow
 * or another, by the UTC calendar like every date here), the date ("05 Sept 2026") and the time of
 * day ("18:00 UTC", "06:00 pm UTC"). Null when `iso` is not a date.
 */
export function expiryOf(
  iso: string,
  now: Date,
  language: string,
): { day: 'today' | 'tomorrow' | 'other'; date: string; time: string } | null {
  const p = utcParts(iso);
  if (!p) return null;
  const dayNumber = (year: number, month: number, day: number) => Date.UTC(year, month, day) / 86_400_000;
  const ahead =
    dayNumber(p.year, p.month, p.day) - dayNumber(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    day: ahead === 0 ? 'today' : ahead === 1 ? 'tomorrow' : 'other',
    date: dayMonthYear(p, language),
    time: `${clock(language, p.hours, [p.minutes])} UTC`,
  };
}
