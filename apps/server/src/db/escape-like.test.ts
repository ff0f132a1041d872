import { describe, expect, it } from 'vitest';
import { escapeLike } from './escape-like.ts';

describe('escapeLike: search text is matched literally', () => {
  it('escapes the LIKE wildcards and the escape character itself with a backslash', () => {
    expect(escapeLike('%')).toBe('\\%');
    expect(escapeLike('_')).toBe('\\_');
    expect(escapeLike('\\')).toBe('\\\\');
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike('%%__')).toBe('\\%\\%\\_\\_');
  });

  it('leaves every other character as it is', () => {
    expect(escapeLike('Kundan ring [925] *.? ^$ (x|y) \'"')).toBe('Kundan ring [925] *.? ^$ (x|y) \'"');
    expect(escapeLike('')).toBe('');
    expect(escapeLike('कुंदन')).toBe('कुंदन');
  });
});
