import type { Db, Tx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/content.ts';

export type NewContactMessage = {
  name: string;
  email: string;
  contactNumber: string;
  country: string;
  message: string;
  companyName: string;
  companyWebsite: string;
};

export type ContactMessageRow = NewContactMessage & { id: string; createdAt: Date };

export function createContactRepository() {
  return {
    async create(tx: Db | Tx, message: NewContactMessage): Promise<ContactMessageRow> {
      const [row] = await tx.insert(contactMessages).values(message).returning();
      return row!;
    },
  };
}
