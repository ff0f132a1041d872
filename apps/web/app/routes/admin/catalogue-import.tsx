import type { ImportHistoryEntry } from '@catalogue/shared/schemas/catalogue-import';
import { adminMeta } from '~/features/seo/admin-meta';
import { ExportPanel } from '~/features/catalogue-import/export-panel';
import { ImportHistory } from '~/features/catalogue-import/import-history';
import { ImportPanel } from '~/features/catalogue-import/import-panel';
import { useTranslation } from '~/lib/i18n';
import { useApiQuery } from '~/lib/use-api-query';
import type { Route } from './+types/catalogue-import';

/** Catalogue export, import with pictures (checked first, then applied), history and undo. */
export default function CatalogueImportPage() {
  const { t } = useTranslation('catalogue-import');
  const history = useApiQuery<{ imports: ImportHistoryEntry[] }>('/admin/catalogue/imports');
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

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'title', 'catalogue-import');
}
