import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { ADMIN_PAGES, PAGES } from './lib/page-table';

/**
 * Every page of `lib/page-table.ts` is mounted twice: bare (`/shopall`) and under a locale or
 * language prefix (`/en-in/shopall`, `/hi/shopall`); `routes/prefix.tsx` validates the prefix.
 * Route ids carry the mount so one module can serve both.
 */
const mount = (idPrefix: string) => [
  ...PAGES.map(({ path, file }) =>
    path === '' ? index(file, { id: `${idPrefix}home` }) : route(path, file, { id: `${idPrefix}${path}` }),
  ),
  layout(
    'routes/admin/layout.tsx',
    { id: `${idPrefix}admin` },
    ADMIN_PAGES.map(({ path, file }) => route(path, file, { id: `${idPrefix}${path}` })),
  ),
];

export default [
  ...mount(''),
  route(':prefix', 'routes/prefix.tsx', { id: 'prefix' }, mount('prefixed:')),
] satisfies RouteConfig;
