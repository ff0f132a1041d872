import { AppError } from '@catalogue/shared/errors';
import type { OrderComment } from '@catalogue/shared/schemas/quotation';
import type { Env } from '../../env.ts';
import { toCommentJson } from './quotation-answers.ts';
import { commentMail, QUOTE_MAIL } from './quotations.mail.ts';
import type { QuotationsRepository } from './quotations.repository.ts';
import { ORDER_NOT_FOUND, type Actor } from './quotation-parties.ts';

/** A request's comments: read by both sides, each new one mailed to the other side. */
export function createQuotationComments(deps: {
  repo: QuotationsRepository;
  env: Pick<Env, 'BUSINESS_EMAIL'>;
  onMailQueued: () => void;
  buyerLink: (id: string) => string;
  adminLink: (id: string) => string;
}) {
  const { repo, env, onMailQueued, buyerLink, adminLink } = deps;
  return {
    async listComments(id: string): Promise<OrderComment[]> {
      return (await repo.listComments(id)).map(toCommentJson);
    },

    /** A comment in any state; the other side is mailed (the business, or the buyer). */
    async addComment(id: string, actor: Actor, text: string): Promise<OrderComment> {
      const isAdmin = actor.role === 'admin';
      const row = await repo.transaction(async (store) => {
        const order = await store.lockOrder(id);
        if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
        const comment = await store.addComment(id, {
          authorId: actor.id,
          authorName: actor.name,
          authorRole: isAdmin ? 'admin' : 'user',
          text,
        });
        const mail = isAdmin
          ? commentMail(order, comment, order.buyerEmail, buyerLink(id))
          : commentMail(order, comment, env.BUSINESS_EMAIL, adminLink(id));
        await store.enqueue([{ kind: QUOTE_MAIL.comment, mail }]);
        return comment;
      });
      onMailQueued();
      return toCommentJson(row);
    },
  };
}
