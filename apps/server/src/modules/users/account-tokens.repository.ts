import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountTokens } from '../../db/schema/users.ts';

export type TokenPurpose = 'reset' | 'verify';

export type AccountTokenRow = { userId: string; email: string; expiresAt: Date };

/** Mailed tokens, found by the hash of the token: the token itself is never stored. */
export function createAccountTokensRepository() {
  return {
    /** A new token of `purpose` for the account; every earlier one of that purpose stops working. */
    async replace(
      tx: Db | Tx,
      token: { tokenHash: string; userId: string; purpose: TokenPurpose; email: string; expiresAt: Date },
    ): Promise<void> {
      await tx
        .delete(accountTokens)
        .where(and(eq(accountTokens.userId, token.userId), eq(accountTokens.purpose, token.purpose)));
      await tx.insert(accountTokens).values(token);
    },

    /**
     * Spends a token: its row is deleted and returned, expired or not (the caller refuses an
     * expired one and rolls the transaction back). Null when no such token exists.
     */
    async take(tx: Db | Tx, tokenHash: string, purpose: TokenPurpose): Promise<AccountTokenRow | null> {
      const [row] = await tx
        .delete(accountTokens)
        .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
        .returning({
          userId: accountTokens.userId,
          email: accountTokens.email,
          expiresAt: accountTokens.expiresAt,
        });
      return row ?? null;
    },

    async removeAll(tx: Db | Tx, userId: string, purpose: TokenPurpose): Promise<void> {
      await tx
        .delete(accountTokens)
        .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
    },
  };
}
