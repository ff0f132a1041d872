import { synonymListSchema } from '@catalogue/shared/schemas/search';
import type { Route } from './+types/search-synonyms';
import { adminMeta } from '~/features/seo/admin-meta';
import { sendSynonymWrite, SynonymAdmin, type SynonymWrite } from '~/features/search/synonym-admin';
import { getJson } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { performWrite, revalidateAfterWrites } from '~/lib/route-action';
import { settle } from '~/lib/route-data';

/** Every synonym. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return settle(getJson('/search/synonyms', synonymListSchema, { signal: request.signal }));
}

/** Adds, changes or removes a synonym (the screen's fetchers send the write). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return performWrite<SynonymWrite>(request, sendSynonymWrite);
}

export const shouldRevalidate = revalidateAfterWrites;

function Screen({ loaded }: { loaded: Route.ComponentProps['loaderData'] | null }) {
  const { t } = useTranslation('search');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('admin.title')}</h1>
      <SynonymAdmin loaded={loaded} />
    </section>
  );
}

export function HydrateFallback() {
  return <Screen loaded={null} />;
}

export default function SearchSynonymsPage({ loaderData }: Route.ComponentProps) {
  return <Screen loaded={loaderData} />;
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'nav.searchSynonyms');
}
