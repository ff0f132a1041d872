import type { ContactBody } from '@catalogue/shared/schemas/contact';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { enqueueMail } from '../mail/index.ts';
import { contactAcknowledgementMail, contactNotificationMail } from './contact.mail.ts';
import { createContactRepository } from './contact.repository.ts';

export type ContactServiceDeps = {
  env: Pick<Env, 'BUSINESS_EMAIL'>;
  database: Database;
  onMailQueued: () => void;
};

export function createContactService({ env, database, onMailQueued }: ContactServiceDeps) {
  const repo = createContactRepository();
  return {
    /** Stores the message and queues both e-mails in one transaction: none is lost, none is sent twice. */
    async sendMessage(input: ContactBody): Promise<{ id: string }> {
      const row = await database.db.transaction(async (tx) => {
        const message = await repo.create(tx, input);
        await enqueueMail(tx, [
          {
            kind: 'contact.notification',
            payload: { mail: contactNotificationMail(message, env.BUSINESS_EMAIL) },
          },
          { kind: 'contact.acknowledgement', payload: { mail: contactAcknowledgementMail(message) } },
        ]);
        return message;
      });
      onMailQueued();
      return { id: row.id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
