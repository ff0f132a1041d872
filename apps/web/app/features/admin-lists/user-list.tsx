import { useMemo, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import type { UserListItem } from '@catalogue/shared/schemas/user';
import { TextField } from '~/components/ui/field';
import { AccountActions, AccountStatusCell } from './account-actions';
import { CountryCell, WebsiteLink } from '~/components/admin/cells';
import { LoadError } from '~/components/ui/notice';
import { EmptyState, LoadingState } from '~/components/admin/states';
import { BreakableText } from '~/components/ui/breakable-text';
import { useLoadedQuery, type Loaded } from '~/lib/route-data';
import { AdminTable } from '~/components/admin/admin-table';

const USER_COLUMNS = [
  'username',
  'email',
  'phone',
  'country',
  'companyName',
  'companyWebsite',
  'status',
  'actions',
] as const;

/** Users whose e-mail contains the text, ignoring case and surrounding spaces (by email). */
export function filterUsersByEmail(users: readonly UserListItem[], query: string): UserListItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter((user) => user.email.toLowerCase().includes(needle));
}

/** User list: every account (the route loader's answer, null while the page starts), searched by e-mail in the browser. */
export function UserList({ loaded }: { loaded: Loaded<UserListItem[]> | null }) {
  const { t } = useTranslation('admin-content');
  const [query, setQuery] = useState('');
  const { data, error, isLoading, reload } = useLoadedQuery(loaded);
  // After a change the router asks the loader again, so `data` is the list as the server now has it.
  const users = useMemo(() => filterUsersByEmail(data ?? [], query), [data, query]);
  const na = t('common.notAvailable');

  return (
    <div className="space-y-4">
      <TextField
        type="search"
        label={t('users.searchLabel')}
        placeholder={t('users.searchPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="max-w-md"
      />

      {error ? (
        <LoadError message={t('users.error')} onRetry={reload} retryLabel={t('common.retry')} />
      ) : null}
      {isLoading ? <LoadingState text={t('users.loading')} /> : null}
      {data && !error && !isLoading && users.length === 0 ? <EmptyState text={t('users.empty')} /> : null}

      {data && users.length > 0 ? (
        <>
          <p className="text-sm text-gray-700" aria-live="polite">
            {t('users.count', { count: users.length })}
          </p>
          <AdminTable
            caption={t('users.caption')}
            columns={USER_COLUMNS.map((column) => ({ key: column, label: t(`users.columns.${column}`) }))}
            minWidthClassName="min-w-[44rem]"
          >
            {users.map((user) => (
              <tr key={user._id}>
                <td id={`user-name-${user._id}`} className="px-3 py-2 font-medium">
                  {user.name}
                </td>
                <td className="px-3 py-2">
                  <BreakableText text={user.email} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{user.contactNumber || na}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <CountryCell code={user.country} />
                </td>
                <td className="px-3 py-2">{user.companyName || na}</td>
                <td className="px-3 py-2">
                  <WebsiteLink url={user.companyWebsite} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <AccountStatusCell user={user} />
                </td>
                <td className="px-3 py-2">
                  <AccountActions user={user} nameId={`user-name-${user._id}`} />
                </td>
              </tr>
            ))}
          </AdminTable>
        </>
      ) : null}
    </div>
  );
}
