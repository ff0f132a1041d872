import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { preparedOnce } from '../db/prepared.ts';
import { sessions, users } from '../db/schema/users.ts';

/** A live session with the user it belongs to. */
export type SessionViewerRow = {
  id: string;
  name: string;
  email: string;
  role: string;
  emailVerified: boolean;
  status: string;
  expiresAt: Date;
};

/**
 * Every signed-in request looks its session up, so that statement is prepared once per database:
 * drizzle builds its SQL once, and PostgreSQL parses and plans it once per connection. It is read
 * from the database every time (never kept in memory), so a session ended or an account disabled
 * on any server process stops working on all of them at once.
 */
const findViewerStatement = preparedOnce('session_viewer', (db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      emailVerified: users.emailVerified,
      status: users.status,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        // The server's clock, as when the session's expiry was written (users.service): the database's
        // own clock may differ from it (another machine, or a test's clock).
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        ne(users.status, 'disabled'),
      ),
    )
    .limit(1),
);

/** Sessions are found and revoked by the hash of their token: the token itself is never stored. */
export function createSessionsRepository(db: Db) {
  return {
    async create(session: { tokenHash: string; userId: string; expiresAt: Date }) {
      await db.insert(sessions).values(session);
    },

    /** The session's user while the session has not expired and the account is not disabled; null otherwise. */
    async findViewer(tokenHash: string): Promise<SessionViewerRow | null> {
      const [row] = await findViewerStatement(db).execute({ tokenHash, now: new Date().toISOString() });
      return row ?? null;
    },

    async extend(tokenHash: string, expiresAt: Date) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
    },

    /** Housekeeping at login: a user's expired sessions are dead weight. */
    async removeExpired(userId: string) {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
    },

    async remove(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /** Ends every session of the account but the one of `keepTokenHash`, when given. */
    async removeAllOf(tx: Db | Tx, userId: string, keepTokenHash?: string) {
      await tx
        .delete(sessions)
        .where(
          keepTokenHash
            ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
            : eq(sessions.userId, userId),
        );
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
