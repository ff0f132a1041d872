const localeOf = (language: string) => (language === 'hi' ? 'hi-IN' : 'en-GB');

/**
 * Dates on the admin and buyer screens, fixed to UTC so the server render and the browser agree (no hydration
 * mismatch) whatever the admin's time zone; month names in the screen's language.
 */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.toLocaleString(localeOf(language), {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  })} UTC`;
}

export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(localeOf(language), {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    timeZone: 'UTC',
  });
}

/** The time of day with seconds, in UTC like the dates above (e.g. when figures were computed). */
export function formatTimeOfDay(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.toLocaleTimeString(localeOf(language), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'UTC',
  })} UTC`;
}
