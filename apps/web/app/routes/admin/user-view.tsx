import type { Route } from './+types/user-view';
import { adminMeta } from '~/features/seo/admin-meta';
import { useTranslation } from '~/lib/i18n';
import { userListSchema } from '@catalogue/shared/schemas/user';
import { getJson } from '~/lib/api-client';
import { settle } from '~/lib/route-data';
import { UserList } from '~/features/admin-lists/user-list';

/** Every account. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return settle(getJson('/users/all', userListSchema, { signal: request.signal }));
}

function Screen({ loaded }: { loaded: Route.ComponentProps['loaderData'] | null }) {
  const { t } = useTranslation('admin-content');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('users.heading')}</h1>
      <UserList loaded={loaded} />
    </section>
  );
}

export function HydrateFallback() {
  return <Screen loaded={null} />;
}

export default function UserViewPage({ loaderData }: Route.ComponentProps) {
  return <Screen loaded={loaderData} />;
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'users.heading', 'admin-content');
}
