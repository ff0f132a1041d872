import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { users } from '../../db/schema/index.ts';

/** The columns any answer about a user may carry: everything except the password hash. */
const publicColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  contactNumber: users.contactNumber,
  country: users.country,
  companyName: users.companyName,
  companyWebsite: users.companyWebsite,
  createdAt: users.createdAt,
};

export type UserRow = {
  id: string;
  name: string;
  email: string;
  role: string;
  contactNumber: string;
  country: string;
  companyName: string;
  companyWebsite: string;
  createdAt: Date;
};

export type NewUser = {
  name: string;
  email: string;
  passwordHash: string;
  contactNumber: string;
  country: string;
  companyName: string;
  companyWebsite: string;
  role?: 'user' | 'admin';
};

export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    /** The one query that reads a password hash: only login needs it. */
    async findCredentialsByEmail(email: string): Promise<(UserRow & { passwordHash: string }) | null> {
      const [row] = await db
        .select({ ...publicColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return row ?? null;
    },

    /** null when the e-mail is taken. */
    async create(tx: Db | Tx, user: NewUser): Promise<UserRow | null> {
      const [row] = await tx
        .insert(users)
        .values(user)
        .onConflictDoNothing({ target: users.email })
        .returning(publicColumns);
      return row ?? null;
    },

    /** Newest first. */
    async list(): Promise<UserRow[]> {
      return db
        .select(publicColumns)
        .from(users)
        .orderBy(...newestFirst(users.createdAt, users.id));
    },

    /** Creates the account as an administrator, or promotes the existing one and sets its password. */
    async upsertAdmin(user: NewUser): Promise<{ created: boolean }> {
      const [row] = await db
        .insert(users)
        .values({ ...user, role: 'admin' })
        .onConflictDoUpdate({
          target: users.email,
          set: { role: 'admin', passwordHash: user.passwordHash, updatedAt: new Date() },
        })
        // xmax is 0 on a freshly inserted row version and set on one that an update replaced.
        .returning({ isInserted: sql<boolean>`(xmax = 0)` });
      return { created: row?.isInserted === true };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
