import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { accountChanges, users } from '../../db/schema/users.ts';

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
  emailVerified: users.emailVerified,
  status: users.status,
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
  emailVerified: boolean;
  status: string;
  createdAt: Date;
};

/** The details a buyer edits on the profile page. */
export type ProfileFields = {
  name: string;
  email: string;
  contactNumber: string;
  country: string;
  companyName: string;
  companyWebsite: string;
};

/** One administrator's change to an account, for the audit. */
export type AccountChange = {
  userId: string;
  actorId: string;
  field: 'status' | 'role';
  fromValue: string;
  toValue: string;
  reason: string;
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
  emailVerified?: boolean;
  status?: string;
};

export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    /** The queries that read a password hash: only login and a password change need it. */
    async findCredentialsByEmail(email: string): Promise<(UserRow & { passwordHash: string }) | null> {
      const [row] = await db
        .select({ ...publicColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return row ?? null;
    },

    async findCredentialsById(id: string): Promise<(UserRow & { passwordHash: string }) | null> {
      const [row] = await db
        .select({ ...publicColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },

    /** The account of an address, for mailing it a link; null when there is none. */
    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select(publicColumns).from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },

    /**
     * New details; a changed address is unverified until its link is used. Null when the account
     * is gone; 'taken' when another account has the address.
     */
    async updateProfile(tx: Db | Tx, id: string, fields: ProfileFields): Promise<UserRow | 'taken' | null> {
      try {
        const [row] = await tx
          .update(users)
          .set({
            ...fields,
            emailVerified: sql`CASE WHEN ${users.email} = ${fields.email} THEN ${users.emailVerified} ELSE false END`,
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning(publicColumns);
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async setPasswordHash(tx: Db | Tx, id: string, passwordHash: string): Promise<void> {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    },

    /** Marks the address verified, only while it is still the account's address. */
    async markVerified(tx: Db | Tx, id: string, email: string): Promise<UserRow | null> {
      const [row] = await tx
        .update(users)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(and(eq(users.id, id), eq(users.email, email)))
        .returning(publicColumns);
      return row ?? null;
    },

    /** The account, locked until the transaction ends, so two changes to it never interleave. */
    async lockById(tx: Tx, id: string): Promise<UserRow | null> {
      const [row] = await tx.select(publicColumns).from(users).where(eq(users.id, id)).for('update').limit(1);
      return row ?? null;
    },

    /**
     * Administrators other than `exceptId` that can still sign in, locked until the transaction
     * ends: two demotions at once cannot both see the other as the remaining administrator.
     */
    async lockOtherActiveAdmins(tx: Tx, exceptId: string): Promise<number> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), ne(users.status, 'disabled'), ne(users.id, exceptId)))
        .for('update');
      return rows.length;
    },

    async setStatus(tx: Db | Tx, id: string, status: string): Promise<UserRow | null> {
      const [row] = await tx
        .update(users)
        .set({ status, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning(publicColumns);
      return row ?? null;
    },

    async setRole(tx: Db | Tx, id: string, role: string): Promise<UserRow | null> {
      const [row] = await tx
        .update(users)
        .set({ role, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning(publicColumns);
      return row ?? null;
    },

    async recordChange(tx: Db | Tx, change: AccountChange): Promise<void> {
      await tx.insert(accountChanges).values(change);
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
          set: {
            role: 'admin',
            status: 'active',
            passwordHash: user.passwordHash,
            updatedAt: new Date(),
          },
        })
        // xmax is 0 on a freshly inserted row version and set on one that an update replaced.
        .returning({ isInserted: sql<boolean>`(xmax = 0)` });
      return { created: row?.isInserted === true };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
