import { describe, expect, it } from 'vitest';
import {
  adjustForSale,
  codeKeyOf,
  readOrderRows,
  readOrderText,
  splitLines,
  toLatinDigits,
} from './quick-order.ts';

describe('codeKeyOf', () => {
  it('ignores case, spaces, dashes and other joiners', () => {
    for (const code of ['RG-1002', 'rg1002', 'RG 1002', 'Rg – 1002', 'RG_1002', 'RG.1002', ' rg-10 02 '])
      expect(codeKeyOf(code)).toBe('rg1002');
  });
  it('reads Devanagari digits as Latin ones', () => {
    expect(codeKeyOf('RG-१००२')).toBe('rg1002');
    expect(toLatinDigits('०१२३४५६७८९')).toBe('0123456789');
  });
});

describe('adjustForSale', () => {
  it('raises a quantity below the minimum order to it', () => {
    expect(adjustForSale(10, { minOrderQuantity: 12 })).toEqual({ adjustedTo: 12, reason: 'minimum' });
  });
  it('leaves a quantity at or above the minimum alone', () => {
    expect(adjustForSale(12, { minOrderQuantity: 12 })).toBeNull();
    expect(adjustForSale(13, { minOrderQuantity: 12 })).toBeNull();
    expect(adjustForSale(1, { minOrderQuantity: null })).toBeNull();
    expect(adjustForSale(5, {})).toBeNull();
  });
  it('rounds up to whole packs, after the minimum', () => {
    expect(adjustForSale(10, { packSize: 12 })).toEqual({ adjustedTo: 12, reason: 'pack' });
    expect(adjustForSale(13, { packSize: 12 })).toEqual({ adjustedTo: 24, reason: 'pack' });
    expect(adjustForSale(24, { packSize: 12 })).toBeNull();
    expect(adjustForSale(5, { minOrderQuantity: 18, packSize: 12 })).toEqual({
      adjustedTo: 24,
      reason: 'minimum',
    });
  });
  it('never goes past the most a line may hold', () => {
    expect(adjustForSale(9999, { packSize: 12 })).toEqual({ adjustedTo: 9996, reason: 'pack' });
    expect(adjustForSale(10, { minOrderQuantity: 20000 })).toEqual({ adjustedTo: 10000, reason: 'minimum' });
  });
});

describe('reading text and rows', () => {
  it('splits on every kind of line end and drops only a final empty line', () => {
    expect(splitLines('a\r\nb\nc\rd\n')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
  });
  it('reads spreadsheet rows as their cells joined, rows counted from 1', () => {
    const lines = readOrderRows([['Code', 'Qty'], ['RG-1001', '24'], [], ['JH-33', '2', 'dozen']]);
    expect(lines.map((l) => (l.kind === 'item' ? [l.row, l.codeKey, l.pieces] : [l.row, l.kind]))).toEqual([
      [2, 'rg1001', 24],
      [4, 'jh33', 24],
    ]);
  });
  it('keeps the line as written (trimmed) in input and says when no quantity was given', () => {
    const [line] = readOrderText('  RG-1001 rose  ');
    expect(line).toMatchObject({ input: 'RG-1001 rose', kind: 'item', quantityGiven: false, pieces: 1 });
  });
});
