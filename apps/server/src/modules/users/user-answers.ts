import type { PublicUser, UserListItem } from '@catalogue/shared/schemas/user';
import type { UserRow } from './users.repository.ts';

/** An account as the API answers it (never its password hash). */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    contactNumber: row.contactNumber,
    country: row.country,
    companyName: row.companyName,
    companyWebsite: row.companyWebsite,
    emailVerified: row.emailVerified,
    status: row.status,
  };
}

/** An account as the admin list shows it. */
export function toListItem(row: UserRow): UserListItem {
  return { ...toPublicUser(row), createdAt: row.createdAt.toISOString() };
}
