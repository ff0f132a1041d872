import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n, I18nProvider, i18nFor, pluralCategory, useTranslation, withReceivedTexts } from './i18n';
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
      <I18nProvider i18n={i18nFor('hi', resourcesFor('hi'))}>
        <HomeLink />
      </I18nProvider>,
    );
    expect(screen.getByRole('link')).toHaveTextContent('होम');
    unmount();
    render(
      <I18nProvider i18n={i18nFor('en', resourcesFor('en'))}>
        <HomeLink />
      </I18nProvider>,
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
    expect(i18nFor('en', second).getFixedT('en')('catalogue:detail.home')).toBe('Home');
  });
});

describe('translator', () => {
  const i18n = createI18n('hi', {
    common: {
      greeting: 'नमस्ते {{name}}',
      nested: { deep: 'गहरा {{who.first}}' },
      items_one: '{{count}} वस्तु',
      items_other: '{{count}} वस्तुएँ',
      lines_zero: 'कोई पंक्ति नहीं',
      lines_one: 'एक पंक्ति',
      lines_other: '{{count}} पंक्तियाँ',
      list: ['एक {{n}}', 'दो'],
      slides: [{ title: 'पहला {{n}}' }],
    },
    blog: { title: 'ब्लॉग' },
  });
  const t = i18n.getFixedT('hi', 'common');

  it('fills placeholders as i18next did: a missing value keeps it, an empty one empties it', () => {
    expect(t('greeting', { name: 'राम' })).toBe('नमस्ते राम');
    expect(t('greeting')).toBe('नमस्ते {{name}}');
    expect(t('greeting', { name: undefined })).toBe('नमस्ते ');
    expect(t('greeting', { name: null })).toBe('नमस्ते ');
    expect(t('nested.deep', { who: { first: 'सीता' } })).toBe('गहरा सीता');
  });

  it("chooses plural forms by the language's rules, the zero form first for 0", () => {
    expect(t('items', { count: 1 })).toBe('1 वस्तु');
    // Hindi counts 0 as "one"; 5 is "other".
    expect(t('items', { count: 0 })).toBe('0 वस्तु');
    expect(t('items', { count: 5 })).toBe('5 वस्तुएँ');
    expect(t('lines', { count: 0 })).toBe('कोई पंक्ति नहीं');
    expect(t('lines', { count: 7 })).toBe('7 पंक्तियाँ');
    expect(
      createI18n('en', { common: { a_one: 'one', a_other: 'many' } }).getFixedT('en')('a', { count: 0 }),
    ).toBe('many');
  });

  it('knows the plural categories of English and Hindi as CLDR writes them', () => {
    expect([1, -1, 0, 2, 1.5, 0.5, 21].map((n) => pluralCategory('en', n))).toEqual([
      'one',
      'one',
      'other',
      'other',
      'other',
      'other',
      'other',
    ]);
    expect([1, -1, 0, 0.5, 1.5, 2, 21].map((n) => pluralCategory('hi', n))).toEqual([
      'one',
      'one',
      'one',
      'one',
      'other',
      'other',
      'other',
    ]);
  });

  it('returns lists and objects filled in, other namespaces by prefix, and a missing key as itself', () => {
    expect(t('list', { returnObjects: true, n: 1 })).toEqual(['एक 1', 'दो']);
    expect(t('slides', { returnObjects: true, n: 2 })).toEqual([{ title: 'पहला 2' }]);
    expect(t('blog:title')).toBe('ब्लॉग');
    expect(t('nested')).toBe('nested');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('no.such.key', { defaultValue: 'Rings' })).toBe('Rings');
    expect(i18n.getFixedT('hi', 'common')).toBe(t);
  });

  it('reads a text asked for without options once, and fills one asked for with options afresh', () => {
    let reads = 0;
    const common = {
      get greeting() {
        reads += 1;
        return 'नमस्ते {{name}}';
      },
    };
    const own = createI18n('hi', { common, blog: { title: 'ब्लॉग' } });
    const tt = own.getFixedT('hi', 'common');
    expect([tt('greeting'), tt('greeting'), tt('greeting')]).toEqual(Array(3).fill('नमस्ते {{name}}'));
    expect(reads).toBe(1);
    expect(tt('greeting', { name: 'राम' })).toBe('नमस्ते राम');
    expect(tt('greeting')).toBe('नमस्ते {{name}}');
    expect(reads).toBe(2);
    // Each namespace keeps its own texts.
    expect(tt('title')).toBe('title');
    expect(own.getFixedT('hi', 'blog')('title')).toBe('ब्लॉग');
    expect(own.getFixedT('hi', 'blog')('greeting')).toBe('greeting');
  });
});
