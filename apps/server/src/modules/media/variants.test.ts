import { describe, expect, it } from 'vitest';
import { AppError } from '@catalogue/shared/errors';
import { avifQuality, chooseFormat, fallbackFormat, parseVariantQuery, variantName } from './variants.ts';

describe('chooseFormat', () => {
  it('prefers AVIF, then WebP, then JPEG, counting only explicit types', () => {
    expect(chooseFormat('image/avif,image/webp,image/apng,image/*,*/*;q=0.8')).toBe('avif');
    expect(chooseFormat('image/webp,image/apng,image/*,*/*;q=0.8')).toBe('webp');
    expect(chooseFormat('image/avif;q=0,image/webp')).toBe('webp');
    expect(chooseFormat('image/avif,*/*')).toBe('avif');
    expect(chooseFormat('image/webp;q=0, image/avif')).toBe('avif');
    expect(chooseFormat('*/*')).toBe('jpeg');
    expect(chooseFormat(undefined)).toBe('jpeg');
    expect(chooseFormat('garbage;;;,')).toBe('jpeg');
  });
});

describe('avifQuality', () => {
  it("maps WebP and JPEG quality to AVIF's scale: 86 → 60", () => {
    expect(avifQuality(86)).toBe(60);
    expect(avifQuality(100)).toBe(70);
    expect(avifQuality(1)).toBe(1);
  });
});

describe('fallbackFormat', () => {
  it('gives WebP while an AVIF is made, or JPEG to a client without WebP', () => {
    expect(fallbackFormat('image/avif,image/webp,*/*')).toBe('webp');
    expect(fallbackFormat('image/avif,*/*')).toBe('jpeg');
    expect(fallbackFormat('image/avif,image/webp;q=0')).toBe('jpeg');
  });
});

describe('parseVariantQuery', () => {
  it('defaults to the whole image at quality 86 and dpr 1', () => {
    expect(parseVariantQuery({}, 'webp')).toEqual({
      width: null,
      height: null,
      fit: 'inside',
      quality: 86,
      dpr: 1,
      format: 'webp',
    });
  });

  it('keeps the preset sizes and snaps others up to a bounded set', () => {
    expect(parseVariantQuery({ w: '600', h: '600', q: '86', dpr: '2' }, 'jpeg')).toMatchObject({
      width: 600,
      height: 600,
      quality: 86,
      dpr: 2,
    });
    expect(parseVariantQuery({ w: '400', h: '400', fit: 'cover' }, 'jpeg')).toMatchObject({ fit: 'cover' });
    expect(parseVariantQuery({ w: '601' }, 'jpeg').width).toBe(800);
    expect(parseVariantQuery({ w: '1' }, 'jpeg').width).toBe(64);
    expect(parseVariantQuery({ q: '87' }, 'jpeg').quality).toBe(86);
    expect(parseVariantQuery({ q: '3' }, 'jpeg').quality).toBe(50);
    const names = new Set(
      Array.from({ length: 2400 }, (_, i) => variantName(parseVariantQuery({ w: String(i + 1) }, 'webp'))),
    );
    expect(names.size).toBeLessThanOrEqual(16);
  });

  it.each([
    [{ w: 'abc' }, 'w must be a whole number from 1 to 2400'],
    [{ w: '0' }, 'w must be a whole number from 1 to 2400'],
    [{ h: '99999' }, 'h must be a whole number from 1 to 2400'],
    [{ q: '101' }, 'q must be a whole number from 1 to 100'],
    [{ fit: 'fill' }, 'fit must be inside or cover'],
    [{ dpr: '3' }, 'dpr must be 1 or 2'],
  ])('refuses %o', (query, message) => {
    expect(() => parseVariantQuery(query, 'webp')).toThrow(new AppError('BAD_REQUEST', message));
  });
});
