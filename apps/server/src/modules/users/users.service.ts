import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@catalogue/shared/errors';
import { RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '@catalogue/shared/domain/accounts';
import { normaliseCountry } from '@catalogue/shared/domain/countries';
import { findSignupError, type SignupInput } from '@catalogue/shared/domain/signup';
import { isId } from '@catalogue/shared/schemas/common';
import type {
  ChangePasswordBody,
  PublicUser,
  RegisterBody,
  SetStatusBody,
  UpdateProfileBody,
  UserListItem,
} from '@catalogue/shared/schemas/user';
import type { Database, Db, Tx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../mail/index.ts';
import { createAccountTokensRepository, type TokenPurpose } from './account-tokens.repository.ts';
import {
  accountDecisionMail,
  newBuyerNoticeMail,
  resetPasswordMail,
  verifyEmailMail,
  welcomeMail,
} from './users.mail.ts';
import { createSessionsRepository } from '../../plugins/sessions.repository.ts';
import { createUsersRepository, type UserRow } from './users.repository.ts';
import { toListItem, toPublicUser } from './user-answers.ts';

export const INVALID_LOGIN = 'Invalid email or password';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The one answer to a reset request, whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses this e-mail address, we have sent it a link to choose a new password.';
export const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new one.';

/**
 * A reset request takes at least this long, whether or not the address has an account: the
 * token and mail written for a known one hide inside it, so the answer's timing says nothing.
 */
const FORGOT_PASSWORD_FLOOR_MS = 400;

/** The sign-up's rules as a 400 naming the first broken one. */
function assertSignupRules(input: SignupInput, options: { checkPassword: boolean }) {
  const problem = findSignupError(input, { checkConfirmation: false, ...options });
  if (problem) {
    throw new AppError('BAD_REQUEST', problem.message, [{ path: problem.field, message: problem.key }]);
  }
}

export type UsersServiceDeps = {
  env: Pick<
    Env,
    'SESSION_TTL_DAYS' | 'SITE_URL' | 'BUSINESS_EMAIL' | 'EMAIL_VERIFICATION' | 'TRADE_APPROVAL'
  >;
  database: Database;
  /** Called after a commit that queued mail, so the dispatcher sends it soon. */
  onMailQueued: () => void;
};

export function createUsersService({ env, database, onMailQueued }: UsersServiceDeps) {
  const repo = createUsersRepository(database.db);
  const sessions = createSessionsRepository(database.db);
  const tokens = createAccountTokensRepository();
  // Unknown e-mails are checked against this, so a login takes as long whether or not the account exists.
  let dummyHash: Promise<string> | null = null;

  /** A new mailed token for the account (earlier ones of the purpose stop working) and its link. */
  async function issueLink(
    tx: Db | Tx,
    user: { id: string; email: string },
    purpose: TokenPurpose,
  ): Promise<string> {
    const token = newToken();
    const ttl = purpose === 'reset' ? RESET_TOKEN_TTL_MS : VERIFY_TOKEN_TTL_MS;
    await tokens.replace(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      purpose,
      email: user.email,
      expiresAt: new Date(Date.now() + ttl),
    });
    const page = purpose === 'reset' ? 'reset-password' : 'verify-email';
    return `${env.SITE_URL}/${page}?token=${token}`;
  }

  /**
   * Spends a mailed token inside `tx`. A used, unknown, tampered or expired one throws 400, which
   * rolls the transaction back: nothing changes.
   */
  async function spendToken(tx: Tx, token: string, purpose: TokenPurpose) {
    const row = await tokens.take(tx, hashToken(token), purpose);
    if (!row || row.expiresAt.getTime() <= Date.now()) throw new AppError('BAD_REQUEST', INVALID_LINK);
    return row;
  }

  /** The target of an administrator's change, locked; 404 for a malformed or unknown id. */
  async function lockTarget(tx: Tx, id: string): Promise<UserRow> {
    const row = isId(id) ? await repo.lockById(tx, id) : null;
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return row;
  }

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
     * Sign-up rules (first failure only, with its message key), then the account and
     * its two e-mails in one transaction: there is never an account without its welcome.
     */
    async register(input: RegisterBody): Promise<PublicUser> {
      assertSignupRules(input, { checkPassword: true });
      const passwordHash = await hashPassword(input.password!);
      const isPendingApproval = env.TRADE_APPROVAL;
      const user = await database.db.transaction(async (tx) => {
        const created = await repo.create(tx, {
          name: input.name!.trim(),
          email: normaliseEmail(input.email!),
          passwordHash,
          contactNumber: input.contactNumber!.trim(),
          country: normaliseCountry(input.country)!,
          companyName: input.companyName?.trim() ?? '',
          companyWebsite: input.companyWebsite?.trim() ?? '',
          // Nobody has proved this address yet; whether that blocks a price request is EMAIL_VERIFICATION's say.
          emailVerified: false,
          status: isPendingApproval ? 'pending' : 'active',
        });
        if (!created) throw new AppError('CONFLICT', 'User already exists');
        const verifyLink = await issueLink(tx, created, 'verify');
        await enqueueMail(tx, [
          {
            kind: 'user.welcome',
            payload: { mail: welcomeMail(created, env.SITE_URL, { verifyLink, isPendingApproval }) },
          },
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
      // A disabled account reads as a wrong password: no hint that the account exists.
      if (row.status === 'disabled') throw new AppError('UNAUTHORIZED', INVALID_LOGIN);

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

    /** Every session of the account ends, this one included. */
    async logoutEverywhere(userId: string): Promise<void> {
      await sessions.removeAllOf(database.db, userId);
    },

    /**
     * Mails a reset link when the address has an account; the caller answers the same either
     * way, and this takes the same time either way (FORGOT_PASSWORD_FLOOR_MS).
     */
    async requestPasswordReset(email: string): Promise<void> {
      const floor = sleep(FORGOT_PASSWORD_FLOOR_MS);
      const work = async () => {
        const user = await repo.findByEmail(normaliseEmail(email));
        // A disabled account gets no link: a reset must not bring it back.
        if (!user || user.status === 'disabled') return;
        await database.db.transaction(async (tx) => {
          const link = await issueLink(tx, user, 'reset');
          await enqueueMail(tx, [
            { kind: 'user.reset-password', payload: { mail: resetPasswordMail(user, link) } },
          ]);
        });
        onMailQueued();
      };
      await Promise.all([work(), floor]);
    },

    /**
     * A new password from a reset link: the token is spent, every session of the account ends,
     * and the address counts as verified (the link reached it).
     */
    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await database.db.transaction(async (tx) => {
        const spent = await spendToken(tx, token, 'reset');
        const user = await repo.lockById(tx, spent.userId);
        // A link sent to an earlier address, or to an account disabled since, is no longer good.
        if (!user || user.email !== spent.email || user.status === 'disabled')
          throw new AppError('BAD_REQUEST', INVALID_LINK);
        await repo.setPasswordHash(tx, user.id, passwordHash);
        await repo.markVerified(tx, user.id, user.email);
        await sessions.removeAllOf(tx, user.id);
      });
    },

    /** Marks the address of a verification link verified; the token is spent. */
    async verifyEmail(token: string): Promise<void> {
      await database.db.transaction(async (tx) => {
        const spent = await spendToken(tx, token, 'verify');
        // Null when the account's address changed since the link was sent.
        if (!(await repo.markVerified(tx, spent.userId, spent.email)))
          throw new AppError('BAD_REQUEST', INVALID_LINK);
      });
    },

    /** A new verification link for the account's address; false when it is verified already. */
    async resendVerification(userId: string): Promise<boolean> {
      const user = await repo.findById(userId);
      if (!user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      if (user.emailVerified) return false;
      await database.db.transaction(async (tx) => {
        const link = await issueLink(tx, user, 'verify');
        await enqueueMail(tx, [
          { kind: 'user.verify-email', payload: { mail: verifyEmailMail(user, link) } },
        ]);
      });
      onMailQueued();
      return true;
    },

    /**
     * The profile's details, with the sign-up's rules. A new address is unverified and is sent
     * its own verification link; a taken one is 409.
     */
    async updateProfile(userId: string, input: UpdateProfileBody): Promise<PublicUser> {
      const current = await repo.findById(userId);
      if (!current) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      const email = input.email === undefined ? current.email : input.email;
      assertSignupRules({ ...input, email }, { checkPassword: false });
      const fields = {
        name: input.name!.trim(),
        email: normaliseEmail(email),
        contactNumber: input.contactNumber!.trim(),
        country: normaliseCountry(input.country)!,
        companyName: input.companyName?.trim() ?? '',
        companyWebsite: input.companyWebsite?.trim() ?? '',
      };
      const updated = await database.db.transaction(async (tx) => {
        const row = await repo.updateProfile(tx, userId, fields);
        if (row === 'taken') throw new AppError('CONFLICT', 'User already exists');
        if (!row) throw new AppError('UNAUTHORIZED', 'Unauthorized');
        if (row.email !== current.email) {
          const link = await issueLink(tx, row, 'verify');
          await tokens.removeAll(tx, row.id, 'reset');
          await enqueueMail(tx, [
            { kind: 'user.verify-email', payload: { mail: verifyEmailMail(row, link) } },
          ]);
        }
        return row;
      });
      if (updated.email !== current.email) onMailQueued();
      return toPublicUser(updated);
    },

    /** A new password given the current one; every other session of the account ends. */
    async changePassword(userId: string, currentToken: string, input: ChangePasswordBody): Promise<void> {
      const row = await repo.findCredentialsById(userId);
      if (!row) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      if (!(await verifyPassword(row.passwordHash, input.currentPassword)))
        throw new AppError('BAD_REQUEST', 'Current password is incorrect', [
          { path: 'currentPassword', message: 'current_password_incorrect' },
        ]);
      const passwordHash = await hashPassword(input.newPassword);
      await database.db.transaction(async (tx) => {
        await repo.setPasswordHash(tx, userId, passwordHash);
        await sessions.removeAllOf(tx, userId, hashToken(currentToken));
        await tokens.removeAll(tx, userId, 'reset');
      });
    },

    /**
     * An administrator sets an account's status. `disabled` ends its sessions at once; approving
     * a pending account and rejecting one mail the buyer (a rejection with its reason). Every
     * change is recorded with who made it. The last administrator who can sign in cannot be
     * disabled (409).
     */
    async setStatus(actorId: string, id: string, input: SetStatusBody): Promise<UserListItem> {
      const reason = input.reason?.trim() ?? '';
      const { row, mail } = await database.db.transaction(async (tx) => {
        const target = await lockTarget(tx, id);
        if (target.status === input.status) return { row: target, mail: false };
        if (input.status === 'disabled' && target.role === 'admin') {
          if (target.id === actorId) throw new AppError('CONFLICT', 'You cannot disable your own account');
          if ((await repo.lockOtherActiveAdmins(tx, target.id)) === 0)
            throw new AppError('CONFLICT', 'The last administrator cannot be disabled');
        }
        const updated = (await repo.setStatus(tx, target.id, input.status))!;
        await repo.recordChange(tx, {
          userId: target.id,
          actorId,
          field: 'status',
          fromValue: target.status,
          toValue: input.status,
          reason,
        });
        if (input.status === 'disabled') {
          await sessions.removeAllOf(tx, target.id);
          await tokens.removeAll(tx, target.id, 'reset');
        }
        const decision =
          input.status === 'rejected'
            ? 'rejected'
            : input.status === 'active' && target.status === 'pending'
              ? 'approved'
              : null;
        if (decision) {
          await enqueueMail(tx, [
            {
              kind: `user.${decision}`,
              payload: { mail: accountDecisionMail(updated, decision, reason, env.SITE_URL) },
            },
          ]);
        }
        return { row: updated, mail: decision !== null };
      });
      if (mail) onMailQueued();
      return toListItem(row);
    },

    /** Promotes or demotes; the last administrator cannot be demoted (409). Recorded with who made it. */
    async setRole(actorId: string, id: string, role: 'user' | 'admin'): Promise<UserListItem> {
      const row = await database.db.transaction(async (tx) => {
        const target = await lockTarget(tx, id);
        if (target.role === role) return target;
        if (target.role === 'admin' && (await repo.lockOtherActiveAdmins(tx, target.id)) === 0)
          throw new AppError('CONFLICT', 'The last administrator cannot be demoted');
        const updated = (await repo.setRole(tx, target.id, role))!;
        await repo.recordChange(tx, {
          userId: target.id,
          actorId,
          field: 'role',
          fromValue: target.role,
          toValue: role,
          reason: '',
        });
        return updated;
      });
      return toListItem(row);
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
