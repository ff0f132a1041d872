import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { setI18n } from 'react-i18next';
import { afterEach } from 'vitest';
import { createI18n } from '~/lib/i18n';
import { resourcesFor } from '~/lib/i18n-resources.server';

// Components render their real English texts in tests without wrapping each one in a provider.
setI18n(createI18n('en', resourcesFor('en')));

afterEach(() => cleanup());
