import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { createI18n, setDefaultI18n } from '~/lib/i18n';
import { resourcesFor } from '~/lib/i18n-resources.server';

// Components render their real English texts in tests without wrapping each one in a provider.
setDefaultI18n(createI18n('en', resourcesFor('en')));

afterEach(() => cleanup());
