import type { Route } from './+types/user-view';
import { adminMeta } from '~/features/seo/admin-meta';
import { useTranslation } from '~/lib/i18n';
import { userListSchema } from '@catalogue/shared/schemas/user';
import { getJson } from '~/lib/api-client';
import { performWrite, revalidateAfterWrites } from '~/lib/route-action';
import { settle } from '~/lib/route-data';
import { UserList } from '~/features/admin-lists/user-list';
import { sendAccountWrite, type AccountWrite } from '~/features/admin-lists/account-actions';

/** Every account. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return settle(getJson('/users/all', userListSchema, { signal: request.signal }));
}

/** Approves, rejects, disables, enables, promotes or demotes an account (a row's dialog sends it). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return performWrite<AccountWrite>(request, sendAccountWrite);
}

export const shouldRevalidate = revalidateAfterWrites;

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
