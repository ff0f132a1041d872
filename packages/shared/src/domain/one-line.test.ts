import { describe, expect, it } from 'vitest';
import { isOneLine } from './one-line.ts';

describe('the one-line rule', () => {
  it.each([
    ['a line feed', 'a\nb'],
    ['a carriage return', 'a\rb'],
    ['a tab', 'a\tb'],
    ['NUL', 'a\u0000b'],
    ['escape', 'a\u001bb'],
    ['delete', 'a\u007fb'],
    ['a C1 control (next line)', 'a\u0085b'],
    ['the line separator', 'a\u2028b'],
    ['the paragraph separator', 'a\u2029b'],
    ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'].map(
      (c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, `invoice${c}gpj.exe`] as [string, string],
    ),
  ])('refuses %s', (_name, value) => expect(isOneLine(value)).toBe(false));

  it.each([
    'Asha Verma',
    'आशा वर्मा',
    "O'Brien & Sons — Jaipur",
    'محمد علي',
    '+91 (98765) 43210',
    'https://www.example.com/a?b=c#d',
    // The left-to-right and right-to-left marks only hint a direction; they override nothing.
    'Asha\u200eVerma',
    '',
  ])('keeps %j', (value) => expect(isOneLine(value)).toBe(true));
});
