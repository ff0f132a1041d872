import { describe, expect, it } from 'vitest';
import { categoryPath, loginPath, productPath, quotationHref } from '~/lib/paths';

describe('the app paths', () => {
  it('sends to the login page under the same prefix with where to come back to', () => {
    expect(loginPath('/shopall', '/shopall?page=2')).toBe('/login?from=%2Fshopall%3Fpage%3D2');
    expect(loginPath('/en-gb/category/Rings', '/en-gb/category/Rings?page=2')).toBe(
      '/en-gb/login?from=%2Fen-gb%2Fcategory%2FRings%3Fpage%3D2',
    );
  });

  it('spells a category and a subcategory the way the site links to them', () => {
    expect(categoryPath('Rings')).toBe('/category/Rings');
    expect(categoryPath('Rings', 'withgemstone')).toBe('/category/Rings/withgemstone');
  });

  it('encodes a product id into its page address', () => {
    expect(productPath('a b/c')).toBe('/singleproduct/a%20b%2Fc');
  });

  it('turns the signed upload path into the download route, or nothing', () => {
    expect(quotationHref('/uploads/Quotation_7.xlsx?sig=a&exp=1')).toBe(
      '/api/orders/download/Quotation_7.xlsx?sig=a&exp=1',
    );
    expect(quotationHref('')).toBeNull();
  });
});
