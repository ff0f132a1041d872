/** See mailbox.mjs. */
export type Mailbox = {
  link(
    to: string,
    page: 'verify-email' | 'reset-password',
    options?: { timeoutMs?: number; after?: string | null },
  ): Promise<string>;
};
export function createMailbox(mailDir: string): Mailbox;
export function tokenOf(link: string): string | null;
