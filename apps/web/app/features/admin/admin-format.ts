import { formatDayOfMonth, formatLocalDateTime } from '~/lib/format-date';

/** Dates in the admin screens: the language's own month names, always in UTC so weeks line up with the API. */
export function formatDay(iso: string, language: string, withYear = false): string {
  return formatDayOfMonth(iso, language, withYear) ?? iso;
}

/** A date and time for lists of requests, in the browser's own time zone. */
export function formatDateTime(iso: string, language: string): string {
  return formatLocalDateTime(iso, language) ?? iso;
}
