/** The rows the quotations repository reads and writes. */

/** What a transition needs of the request, read under a row lock. */
export type LockedOrder = {
  id: string;
  orderNumber: number;
  userId: string | null;
  status: string;
  version: number;
  validUntil: Date | null;
  firstQuotedAt: Date | null;
  firstName: string;
  /** Where the buyer is mailed: the account's address, else the one on the request. */
  buyerEmail: string;
};

export type RevisionLineRow = {
  position: number;
  productId: string | null;
  sku: string;
  name: string;
  imageUrl: string | null;
  mediaId: string | null;
  quantity: number;
  unitPrice: number;
  moq: number;
  note: string;
  lineTotal: number;
};

export type RevisionRow = {
  id: string;
  revision: number;
  currency: string;
  total: number;
  leadTimeDays: number;
  validUntil: Date | null;
  noteToBuyer: string;
  internalNote: string;
  sentAt: Date | null;
  lines: RevisionLineRow[];
};

export type NewRevision = Omit<RevisionRow, 'id' | 'sentAt'> & { createdBy: string };

export type EventRow = {
  fromStatus: string | null;
  toStatus: string;
  byUserId: string | null;
  byName: string;
  byRole: string;
  note: string | null;
  /** The quote revision the step concerns (sent, accepted, declined); null for the others. */
  revision?: number | null;
  at: Date;
};

export type NewEvent = Omit<EventRow, 'at'>;

export type CommentRow = {
  id: string;
  authorName: string;
  authorRole: string;
  text: string;
  createdAt: Date;
};

export type MyOrderRow = {
  id: string;
  orderNumber: number;
  status: string;
  createdAt: Date;
  validUntil: Date | null;
  quoteTotal: number | null;
  quoteCurrency: string | null;
  lineCount: number;
};

/** The expiry as the system records it: at the instant the quote stopped being valid. */
export const expiryEvent = (validUntil: Date | null, at: Date) => ({
  fromStatus: 'quoted',
  toStatus: 'expired',
  byUserId: null,
  byName: 'System',
  byRole: 'system',
  note: null,
  at: validUntil ?? at,
});
