import { importHistorySchema } from '@catalogue/shared/schemas/catalogue-import';
import { adminMeta } from '~/features/seo/admin-meta';
import { ExportPanel } from '~/features/catalogue-import/export-panel';
import { ImportHistory } from '~/features/catalogue-import/import-history';
import { ImportPanel } from '~/features/catalogue-import/import-panel';
import { getJson } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { settle, useLoadedQuery } from '~/lib/route-data';
import type { Route } from './+types/catalogue-import';

/** The applied imports, newest first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return settle(getJson('/admin/catalogue/imports', importHistorySchema, { signal: request.signal }));
}

/** Catalogue export, import with pictures (checked first, then applied), history and undo. */
function Screen({ loaded }: { loaded: Route.ComponentProps['loaderData'] | null }) {
  const { t } = useTranslation('catalogue-import');
  const history = useLoadedQuery(loaded);
  return (
    <section className="max-w-5xl space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('title')}</h1>
      <p className="text-gray-700">{t('intro')}</p>
      <ExportPanel />
      <ImportPanel onApplied={history.reload} />
      <ImportHistory history={history} />
    </section>
  );
}

export function HydrateFallback() {
  return <Screen loaded={null} />;
}

export default function CatalogueImportPage({ loaderData }: Route.ComponentProps) {
  return <Screen loaded={loaderData} />;
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'title', 'catalogue-import');
}
