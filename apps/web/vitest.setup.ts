import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { createI18n, setDefaultI18n } from '~/lib/i18n';
import { resourcesFor } from '~/lib/i18n-resources.server';

// Components render their real English texts in tests without wrapping each one in a provider.
setDefaultI18n(createI18n('en', resourcesFor('en')));

// `findBy…` and `waitFor` wait up to 5 s instead of 1 s: on two cores shared with a build or the
// browser tests, a component's first render and its mocked answer can take longer than a second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
