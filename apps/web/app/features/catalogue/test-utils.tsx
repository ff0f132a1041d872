import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Product } from '@catalogue/shared/schemas/product';
import en from '@catalogue/shared/i18n/en/catalogue.json';
import hi from '@catalogue/shared/i18n/hi/catalogue.json';

/** Test-only: the catalogue texts in a real i18next instance, as the site's provider supplies them. */
export function testI18n(language: 'en' | 'hi' = 'en') {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { en: { catalogue: en }, hi: { catalogue: hi } },
    ns: ['catalogue'],
    defaultNS: 'catalogue',
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

export function renderWithProviders(
  ui: React.ReactElement,
  { path = '/', language = 'en' }: { path?: string; language?: 'en' | 'hi' } = {},
) {
  return render(
    <I18nextProvider i18n={testI18n(language)}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}

let counter = 0;

export function makeProduct(overrides: Partial<Product> = {}): Product {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return {
    _id: id,
    name: `Design ${counter}`,
    description: 'Hand-finished in Jaipur.',
    category: 'Rings',
    subcategory: 'withgemstone',
    code: `RG-${counter}`,
    price: 0,
    imageUrl: `/media/m-${counter}`,
    imageurl: `/media/m-${counter}`,
    cloudinaryId: `m-${counter}`,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
