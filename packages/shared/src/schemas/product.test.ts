import { describe, expect, it } from 'vitest';
import { checkProductFields } from './product.ts';

const VALID = {
  name: ' Kundan Ring ',
  description: 'Line one\nLine two',
  category: 'ring',
  subcategory: 'WITHGEMSTONE',
  code: 'RG-1',
};

describe('checkProductFields', () => {
  it('trims, normalises category and subcategory, and keeps line breaks in descriptions', () => {
    expect(checkProductFields(VALID)).toEqual({
      ok: true,
      value: {
        name: 'Kundan Ring',
        description: 'Line one\nLine two',
        category: 'Rings',
        subcategory: 'withgemstone',
        code: 'RG-1',
      },
    });
    expect(checkProductFields({ ...VALID, price: '12.345' })).toMatchObject({
      ok: true,
      value: { price: 12.35 },
    });
    expect(checkProductFields({ ...VALID, price: '' })).toMatchObject({
      ok: true,
      value: { price: undefined },
    });
  });

  it('reports every missing field under the one spec message', () => {
    expect(checkProductFields({ name: 'x', code: '  ' })).toEqual({
      ok: false,
      message: 'All fields are required',
      issues: [
        { path: 'description', message: 'description is required' },
        { path: 'category', message: 'category is required' },
        { path: 'subcategory', message: 'subcategory is required' },
        { path: 'code', message: 'code is required' },
      ],
    });
  });

  it('names the first problem of a present field', () => {
    expect(checkProductFields({ ...VALID, category: 'Watches' })).toMatchObject({
      ok: false,
      message: 'category must be one of Rings, Bracelets, Earrings, Necklaces, Pendants',
    });
    expect(checkProductFields({ ...VALID, name: 'a\tb' })).toMatchObject({
      message: 'name must not contain control characters',
    });
    expect(checkProductFields({ ...VALID, name: 'अ'.repeat(200) })).toMatchObject({ ok: true });
    expect(checkProductFields({ ...VALID, name: 'अ'.repeat(201) })).toMatchObject({
      message: 'name must be at most 200 characters',
    });
    expect(checkProductFields({ ...VALID, name: 42 })).toMatchObject({ message: 'name must be text' });
    expect(checkProductFields({ ...VALID, price: 'NaN' })).toMatchObject({ ok: false });
  });

  it('checks the listed fields given, a blank one clearing it, and leaves out those not given', () => {
    expect(
      checkProductFields({
        ...VALID,
        weightGrams: '',
        minOrderQuantity: '12',
        tags: 'Bridal, bridal',
        collection: ' Rajwada ',
      }),
    ).toMatchObject({
      ok: true,
      value: { weightGrams: null, minOrderQuantity: 12, tags: ['bridal'], collection: 'Rajwada' },
    });
    const absent = checkProductFields(VALID);
    expect(absent.ok && Object.keys(absent.value)).not.toContain('collection');
    expect(checkProductFields({ ...VALID, minOrderQuantity: '0', collection: 'x'.repeat(81) })).toEqual({
      ok: false,
      message: 'minOrderQuantity must be a whole number from 1 to 10,000',
      issues: [
        { path: 'minOrderQuantity', message: 'minOrderQuantity must be a whole number from 1 to 10,000' },
        { path: 'collection', message: 'collection must be at most 80 characters' },
      ],
    });
  });
});
