import type { Route } from './+types/user-view';
import { adminMeta } from '~/features/seo/admin-meta';
import { useTranslation } from '~/lib/i18n';
import { UserList } from '~/features/admin-lists/user-list';

export default function UserViewPage() {
  const { t } = useTranslation('admin-content');
  return (
    <section className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">{t('users.heading')}</h1>
      <UserList />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return adminMeta(args, 'users.heading', 'admin-content');
}
