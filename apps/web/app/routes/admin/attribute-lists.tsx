import { attributeListsSchema } from '@catalogue/shared/schemas/attributes';
import type { Route } from './+types/attribute-lists';
import { adminMeta } from '~/features/seo/admin-meta';
import {
  AttributeListsEditor,
  sendAttributeWrite,
  type AttributeWrite,
} from '~/features/admin/attribute-lists';
import { getJson } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { performWrite, revalidateAfterWrites } from '~/lib/route-action';
import { settle } from '~/lib/route-data';

/** The four lists with every value, hidden ones too. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return settle(getJson('/attributes/admin', attributeListsSchema, { signal: request.signal }));
}

/** Adds, renames, reorders or removes a value of one list (each list's fetcher sends it). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return performWrite<AttributeWrite>(request, sendAttributeWrite);
}

export const shouldRevalidate = revalidateAfterWrites;

function Screen({ loaded }: { loaded: Route.ComponentProps['loaderData'] | null }) {
  const { t } = useTranslation('filters-admin');
  return (
    <section className="space-y-4">
      <h1 className="font-serif text-3xl text-brand-900">{t('admin.title')}</h1>
      <p className="max-w-3xl text-gray-700">{t('admin.intro')}</p>
      <AttributeListsEditor loaded={loaded} />
    </section>
  );
}

export function HydrateFallback() {
  return <Screen loaded={null} />;
}

export default function AttributeListsPage({ loaderData }: Route.ComponentProps) {
  return <Screen loaded={loaderData} />;
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'admin.title', 'filters');
}
