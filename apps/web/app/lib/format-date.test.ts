import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayOfMonth,
  formatLocalDateTime,
  formatLongDate,
  formatTimeOfDay,
  monthName,
} from './format-date';

// The expected texts are what ICU 78 (Node 20) writes for en-GB, en-IN, en-US and hi-IN.
describe('dates written out by hand', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('names every month, short and long, in both languages', () => {
    const months = Array.from({ length: 12 }, (_, m) => m);
    expect(months.map((m) => monthName(m, 'en', 'short')).join(' ')).toBe(
      'Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec',
    );
    expect(months.map((m) => monthName(m, 'hi', 'short')).join(' ')).toBe(
      'जन॰ फ़र॰ मार्च अप्रैल मई जून जुल॰ अग॰ सित॰ अक्टू॰ नव॰ दिस॰',
    );
    expect(months.map((m) => monthName(m, 'en', 'long')).join(' ')).toBe(
      'January February March April May June July August September October November December',
    );
    expect(months.map((m) => monthName(m, 'hi', 'long')).join(' ')).toBe(
      'जनवरी फ़रवरी मार्च अप्रैल मई जून जुलाई अगस्त सितंबर अक्टूबर नवंबर दिसंबर',
    );
    // A language without texts reads English.
    expect(monthName(8, 'fr', 'short')).toBe('Sept');
  });

  it('writes a date and time in UTC: 24-hour in English, 12-hour with am/pm in Hindi', () => {
    expect(formatDateTime('2026-01-05T00:07:09Z', 'en')).toBe('05 Jan 2026, 00:07 UTC');
    expect(formatDateTime('2026-01-05T00:07:09Z', 'hi')).toBe('05 जन॰ 2026, 12:07 am UTC');
    expect(formatDateTime('2026-07-05T12:07:09Z', 'hi')).toBe('05 जुल॰ 2026, 12:07 pm UTC');
    expect(formatDateTime('2026-09-25T16:40:00+05:30', 'en')).toBe('25 Sept 2026, 11:10 UTC');
    expect(formatDateTime('2026-12-31T22:59:00Z', 'hi')).toBe('31 दिस॰ 2026, 10:59 pm UTC');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });

  it('writes a day, and a time of day with seconds, in UTC', () => {
    expect(formatDate('2026-02-05T23:59:59Z', 'en')).toBe('05 Feb 2026');
    expect(formatDate('2026-02-05T23:59:59Z', 'hi')).toBe('05 फ़र॰ 2026');
    expect(formatDate('', 'en')).toBe('');
    expect(formatTimeOfDay('2026-08-05T14:07:09Z', 'en')).toBe('14:07:09 UTC');
    expect(formatTimeOfDay('2026-08-05T14:07:09Z', 'hi')).toBe('02:07:09 pm UTC');
    expect(formatTimeOfDay('2026-08-05T00:00:01Z', 'hi')).toBe('12:00:01 am UTC');
  });

  it('writes a day of the month without a leading zero, with the year when asked', () => {
    expect(formatDayOfMonth('2026-09-05T00:00:00Z', 'en')).toBe('5 Sept');
    expect(formatDayOfMonth('2026-10-15T00:00:00Z', 'hi', true)).toBe('15 अक्टू॰ 2026');
    expect(formatDayOfMonth('nonsense', 'en')).toBeNull();
  });

  it("reads a date alone (the dashboard's weeks) as that day in UTC, west of Greenwich too", () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(formatDayOfMonth('2026-09-05', 'en', true)).toBe('5 Sept 2026');
    expect(formatDayOfMonth('2026-01-01', 'hi')).toBe('1 जन॰');
  });

  it("writes a date and time in the runtime's own time zone", () => {
    vi.stubEnv('TZ', 'Asia/Kolkata');
    expect(formatLocalDateTime('2026-11-05T10:37:00Z', 'en')).toBe('5 Nov 2026, 4:07 pm');
    expect(formatLocalDateTime('2026-11-05T18:30:00Z', 'hi')).toBe('6 नव॰ 2026, 12:00 am');
    expect(formatLocalDateTime('2026-03-01T06:45:00Z', 'en')).toBe('1 Mar 2026, 12:15 pm');
    expect(formatLocalDateTime('soon', 'en')).toBeNull();
  });

  it('writes a long date: the US form in English, day month year in Hindi', () => {
    expect(formatLongDate('2024-11-20T23:30:00.000Z')).toBe('November 20, 2024');
    expect(formatLongDate('2024-11-20T23:30:00.000Z', 'hi')).toBe('20 नवंबर 2024');
    expect(formatLongDate('2024-03-05T00:00:00.000Z', 'hi')).toBe('5 मार्च 2024');
    expect(formatLongDate('not a date')).toBe('');
  });
});
