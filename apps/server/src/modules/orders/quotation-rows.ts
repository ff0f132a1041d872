import type {
  Breakdown,
  Charge,
  CostingValue,
  PriceBreak,
  RateUsed,
  Tax,
  TaxRegime,
} from '@catalogue/shared/schemas/pricing';
import type { PaymentTerms, QuoteRevision } from '@catalogue/shared/schemas/quotation';

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

/** How one line of a revision was priced (kept by position in `quote_revision_pricing.lines`). */
export type LinePricing = {
  position: number;
  /** In the quote's currency; null without costing (or without a rate for its metal). */
  suggestedUnitPrice: number | null;
  /** INR paise per piece. */
  breakdown: Breakdown | null;
  overrideReason: string;
  hsn: string | null;
  gstPct: number;
  priceBreaks: PriceBreak[];
  charges: Charge[];
  chargeableWeightMg: number | null;
  /** The costing the suggestion was computed from: a re-quote re-prices its metal with it. */
  costing: CostingValue | null;
  previousUnitPrice: number | null;
};

export type FxSnapshot = NonNullable<QuoteRevision['fx']>;

export type RevisionPricingRow = {
  rateSnapshots: RateUsed[];
  fx: FxSnapshot | null;
  rateValidUntil: Date | null;
  showBreakdown: boolean;
  taxRegime: TaxRegime;
  tax: Tax;
  grandTotal: number;
  incoterm: QuoteRevision['incoterm'];
  namedPlace: string;
  paymentTerms: PaymentTerms | null;
  sampleTerms: string;
  lines: LinePricing[];
};
