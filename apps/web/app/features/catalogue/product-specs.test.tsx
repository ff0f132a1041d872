import { screen } from '@testing-library/react';
import { PAGE_FIELDS } from '@catalogue/shared/schemas/product-fields';
import { describe, expect, it } from 'vitest';
import { makeProduct, renderWithProviders } from '~/lib/test-utils';
import { ProductSpecs } from './product-specs';

const specs = () =>
  [...document.querySelectorAll('[data-spec]')].map((row) => [
    row.getAttribute('data-spec'),
    row.querySelector('dt')!.textContent,
    row.querySelector('dd')!.textContent,
  ]);

describe('ProductSpecs', () => {
  const product = makeProduct({
    attributes: {
      metal: [{ slug: 'brass', label: 'Brass', labelHi: 'पीतल' }],
      finish: [],
      stone: [],
      colour: [],
    },
    weightGrams: 18.5,
    minOrderQuantity: 24,
    tags: ['bridal', 'temple'],
    collection: 'Rajwada',
  });

  it('lists the attribute values, then the fields the page shows, each in its words', () => {
    renderWithProviders(<ProductSpecs fields={PAGE_FIELDS} product={product} />);
    expect(screen.getByRole('heading', { name: 'Specifications' })).toBeInTheDocument();
    expect(specs()).toEqual([
      ['metal', 'Metal', 'Brass'],
      ['weight', 'Approx. weight', '18.5 g'],
      ['moq', 'Minimum order', '24 pieces'],
      ['tags', 'Tags', 'bridal, temple'],
      ['collection', 'Collection', 'Rajwada'],
    ]);
  });

  it('speaks Hindi on a Hindi page', () => {
    renderWithProviders(<ProductSpecs fields={PAGE_FIELDS} product={product} />, { language: 'hi' });
    expect(specs().map(([key, term]) => [key, term])).toContainEqual(['collection', 'कलेक्शन']);
    expect(specs()[0]).toEqual(['metal', expect.any(String), 'पीतल']);
  });

  it('leaves out what the product does not have, and is nothing without any', () => {
    renderWithProviders(
      <ProductSpecs
        fields={PAGE_FIELDS}
        product={makeProduct({ weightGrams: 2, collection: '', tags: [] })}
      />,
    );
    expect(specs().map(([key]) => key)).toEqual(['weight']);
  });

  it('draws nothing for a product without details', () => {
    const { container } = renderWithProviders(
      <ProductSpecs fields={PAGE_FIELDS} product={makeProduct({ collection: '' })} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
