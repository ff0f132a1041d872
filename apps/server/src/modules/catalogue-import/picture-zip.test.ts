import { describe, expect, it } from 'vitest';
import { matchPictureName, unsafeEntryName } from './picture-zip.ts';

const rows = new Map([
  ['rg-1001', 2],
  ['rg-1001-2', 3],
  ['er-7', 4],
]);
const rowOf = (code: string) => rows.get(code);

describe('matchPictureName', () => {
  it('reads CODE as the first picture and CODE-N as picture N, codes compared without case', () => {
    expect(matchPictureName('RG-1001', rowOf)).toEqual({ code: 'RG-1001', row: 2, position: 1 });
    expect(matchPictureName('er-7-12', rowOf)).toEqual({ code: 'er-7', row: 4, position: 12 });
    expect(matchPictureName('ER-7-3', rowOf)).toEqual({ code: 'ER-7', row: 4, position: 3 });
  });

  it('prefers a whole code that ends in -N over a numbered picture of a shorter code', () => {
    expect(matchPictureName('RG-1001-2', rowOf)).toEqual({ code: 'RG-1001-2', row: 3, position: 1 });
  });

  it('matches nothing past 12 pictures, at 0, or for a code no row has', () => {
    expect(matchPictureName('ER-7-13', rowOf)).toBeNull();
    expect(matchPictureName('ER-7-0', rowOf)).toBeNull();
    expect(matchPictureName('NE-1', rowOf)).toBeNull();
  });
});

describe('unsafeEntryName', () => {
  it('refuses names that climb out, are absolute, use backslashes or control characters', () => {
    expect(unsafeEntryName('../RG-1001.jpg')).toBe('the name climbs out of its folder (..)');
    expect(unsafeEntryName('photos/../../RG-1001.jpg')).toBe('the name climbs out of its folder (..)');
    expect(unsafeEntryName('/tmp/RG-1001.jpg')).toBe('the name is an absolute path');
    expect(unsafeEntryName('C:/RG-1001.jpg')).toBe('the name is an absolute path');
    expect(unsafeEntryName('photos\\RG-1001.jpg')).toBe('the name contains a backslash');
    expect(unsafeEntryName('RG\u0000-1001.jpg')).toBe('the name contains control characters');
  });

  it('accepts plain names and folders', () => {
    expect(unsafeEntryName('RG-1001.jpg')).toBeNull();
    expect(unsafeEntryName('photos/rings/RG-1001..jpg')).toBeNull();
  });
});
