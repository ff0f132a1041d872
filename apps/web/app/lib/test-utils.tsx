import { render } from '@testing-library/react';
import { I18nProvider } from '~/lib/i18n';
import { MemoryRouter, createRoutesStub } from 'react-router';
import type { Product } from '@catalogue/shared/schemas/product';
import { createI18n } from '~/lib/i18n';
import { resourcesFor } from '~/lib/i18n-resources.server';

/** Test-only: every site text of one language in a real translator, as the site's provider has it. */
export function testI18n(language: 'en' | 'hi' = 'en') {
  return createI18n(language, resourcesFor(language));
}

export function renderWithProviders(
  ui: React.ReactElement,
  { path = '/', language = 'en' }: { path?: string; language?: 'en' | 'hi' } = {},
) {
  return render(
    <I18nProvider i18n={testI18n(language)}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </I18nProvider>,
  );
}

type StubRoutes = Parameters<typeof createRoutesStub>[0];

/** Renders routes in a data router (loaders, navigation state), as the app runs them. */
export function renderRoutes(
  routes: StubRoutes,
  { path = '/', language = 'en' }: { path?: string; language?: 'en' | 'hi' } = {},
) {
  const Stub = createRoutesStub(routes);
  return render(
    <I18nProvider i18n={testI18n(language)}>
      <Stub initialEntries={[path]} />
    </I18nProvider>,
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
