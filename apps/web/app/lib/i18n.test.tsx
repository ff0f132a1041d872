import { render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18nFor, withReceivedTexts } from './i18n';
import { resourcesFor } from './i18n-resources.server';

function HomeLink() {
  const { t } = useTranslation('common');
  return <a href="/">{t('nav.home')}</a>;
}

describe('i18n', () => {
  it('loads every namespace file of a language', () => {
    expect(Object.keys(resourcesFor('en'))).toContain('common');
    expect(Object.keys(resourcesFor('hi')).sort()).toEqual(Object.keys(resourcesFor('en')).sort());
  });

  it('renders Hindi texts with the Hindi resources and English with the English ones', () => {
    const { unmount } = render(
      <I18nextProvider i18n={i18nFor('hi', resourcesFor('hi'))}>
        <HomeLink />
      </I18nextProvider>,
    );
    expect(screen.getByRole('link')).toHaveTextContent('होम');
    unmount();
    render(
      <I18nextProvider i18n={i18nFor('en', resourcesFor('en'))}>
        <HomeLink />
      </I18nextProvider>,
    );
    expect(screen.getByRole('link')).toHaveTextContent('Home');
  });

  it('reuses one instance per language while the texts are the same', () => {
    const texts = resourcesFor('hi');
    expect(i18nFor('hi', texts)).toBe(i18nFor('hi', { ...texts }));
    expect(i18nFor('hi', texts).language).toBe('hi');
  });

  it('gives components English texts in tests without a provider', () => {
    render(<HomeLink />);
    expect(screen.getByRole('link')).toHaveTextContent('Home');
  });
});

describe('texts received in the browser', () => {
  it('keeps the namespaces earlier pages brought, per language', () => {
    const en = resourcesFor('en');
    const hi = resourcesFor('hi');
    const first = withReceivedTexts('en', { common: en.common!, catalogue: en.catalogue! });
    expect(Object.keys(first).sort()).toEqual(['catalogue', 'common']);
    const second = withReceivedTexts('en', { common: en.common!, blog: en.blog! });
    expect(Object.keys(second).sort()).toEqual(['blog', 'catalogue', 'common']);
    // Nothing new: the same object, so the i18n instance and its key stay the same.
    expect(withReceivedTexts('en', { catalogue: en.catalogue! })).toBe(second);
    expect(Object.keys(withReceivedTexts('hi', { common: hi.common! }))).toEqual(['common']);
    expect(i18nFor('en', second).t('catalogue:detail.home')).toBe('Home');
  });
});
