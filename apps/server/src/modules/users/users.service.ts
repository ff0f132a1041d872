import crypto from 'node:crypto';
import { AppError } from '@catalogue/shared/errors';
import { normaliseCountry } from '@catalogue/shared/domain/countries';
import { findSignupError } from '@catalogue/shared/domain/signup';
import type { PublicUser, RegisterBody, UserListItem } from '@catalogue/shared/schemas/user';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { newBuyerNoticeMail, welcomeMail } from './users.mail.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { createUsersRepository, type UserRow } from './users.repository.ts';

export const INVALID_LOGIN = 'Invalid email or password';

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
  };
}

function toListItem(row: UserRow): UserListItem {
  return { ...toPublicUser(row), createdAt: row.createdAt.toISOString() };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export type UsersServiceDeps = {
  env: Pick<Env, 'SESSION_TTL_DAYS' | 'SITE_URL' | 'BUSINESS_EMAIL'>;
  database: Database;
  /** Called after a commit that queued mail, so the dispatcher sends it soon. */
  onMailQueued: () => void;
};

export function createUsersService({ env, database, onMailQueued }: UsersServiceDeps) {
  const repo = createUsersRepository(database.db);
  const sessions = createSessionsRepository(database.db);
  // Unknown e-mails are checked against this, so a login takes as long whether or not the account exists.
  let dummyHash: Promise<string> | null = null;

  return {
    /** The public user object, as `/api/users/me` answers it; null when there is no such user. */
    async getProfile(userId: string): Promise<PublicUser | null> {
      const row = await repo.findById(userId);
      return row ? toPublicUser(row) : null;
    },

    async listUsers(): Promise<UserListItem[]> {
      return (await repo.list()).map(toListItem);
    },

    /**
     * Spec §5 sign-up rules (first failure only, with its message key), then the account and
     * its two e-mails in one transaction: there is never an account without its welcome.
     */
    async register(input: RegisterBody): Promise<PublicUser> {
      const problem = findSignupError(input, { checkConfirmation: false });
      if (problem) {
        throw new AppError('BAD_REQUEST', problem.message, [{ path: problem.field, message: problem.key }]);
      }
      const passwordHash = await hashPassword(input.password!);
      const user = await database.db.transaction(async (tx) => {
        const created = await repo.create(tx, {
          name: input.name!.trim(),
          email: normaliseEmail(input.email!),
          passwordHash,
          contactNumber: input.contactNumber!.trim(),
          country: normaliseCountry(input.country)!,
          companyName: input.companyName?.trim() ?? '',
          companyWebsite: input.companyWebsite?.trim() ?? '',
        });
        if (!created) throw new AppError('CONFLICT', 'User already exists');
        await enqueueMail(tx, [
          { kind: 'user.welcome', payload: { mail: welcomeMail(created, env.SITE_URL) } },
          { kind: 'user.registered', payload: { mail: newBuyerNoticeMail(created, env.BUSINESS_EMAIL) } },
        ]);
        return created;
      });
      onMailQueued();
      return toPublicUser(user);
    },

    /** A new session for the right password; the same error for a wrong e-mail or password. */
    async login(
      email: string,
      password: string,
    ): Promise<{ token: string; user: PublicUser; maxAgeSeconds: number }> {
      const row = await repo.findCredentialsByEmail(normaliseEmail(email));
      if (!row) {
        dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
        await verifyPassword(await dummyHash, password);
        throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
      }
      if (!(await verifyPassword(row.passwordHash, password)))
        throw new AppError('UNAUTHORIZED', INVALID_LOGIN);

      const token = newToken();
      const maxAgeSeconds = env.SESSION_TTL_DAYS * 86_400;
      await sessions.create({
        tokenHash: hashToken(token),
        userId: row.id,
        expiresAt: new Date(Date.now() + maxAgeSeconds * 1000),
      });
      await sessions.removeExpired(row.id);
      const { passwordHash: _secret, ...user } = row;
      return { token, user: toPublicUser(user), maxAgeSeconds };
    },

    /** The token stops working at once: its session row is gone. */
    async logout(token: string): Promise<void> {
      await sessions.remove(hashToken(token));
    },

    /** `npm run admin -- create`: creates the administrator or promotes the account and resets its password. */
    async createOrPromoteAdmin(input: { email: string; password: string; name: string }) {
      return repo.upsertAdmin({
        name: input.name,
        email: normaliseEmail(input.email),
        passwordHash: await hashPassword(input.password),
        contactNumber: '',
        country: 'IN',
        companyName: '',
        companyWebsite: '',
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
