import { useTranslation } from 'react-i18next';
import { UserList } from '~/features/admin-content/user-list';

export default function UserViewPage() {
  const { t } = useTranslation('admin-content');
  return (
    <section className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <h1 className="font-serif text-3xl text-brand-900">{t('users.heading')}</h1>
      <UserList />
    </section>
  );
}

export function meta() {
  return [{ title: 'User List' }, { name: 'robots', content: 'noindex' }];
}
