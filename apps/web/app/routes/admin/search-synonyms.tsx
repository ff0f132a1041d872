import type { Route } from './+types/search-synonyms';
import { adminMeta } from '~/features/seo/admin-meta';
import { SynonymAdmin } from '~/features/search/synonym-admin';
import { useTranslation } from '~/lib/i18n';

export default function SearchSynonymsPage() {
  const { t } = useTranslation('search');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('admin.title')}</h1>
      <SynonymAdmin />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'nav.searchSynonyms');
}
