import type { FastifyRequest } from 'fastify';

/**
 * Pages that are the same for every anonymous visitor while one piece of data stays the same, yet
 * are no page for everyone: no shared cache may keep them and each answer must be counted (a
 * selection's link page: revocable at any moment, each open recorded). `holderOf` finds, without
 * counting anything, the data the page of `request` is rendered from (null: not such a page, or
 * none now); a page rendered for a holder is answered again while `holderOf` returns that same
 * object, and `answered` then does what its render would have done besides rendering.
 */
export type HeldPages = {
  holderOf(request: FastifyRequest): Promise<object | null>;
  answered(request: FastifyRequest): Promise<void>;
};
