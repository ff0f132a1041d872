import { AppError } from '@catalogue/shared/errors';
import { countryLabel } from '@catalogue/shared/domain/countries';
import { GST_JEWELLERY_PCT } from '@catalogue/shared/domain/pricing';
import { effectiveStatus } from '@catalogue/shared/domain/quotation';
import { isId } from '@catalogue/shared/schemas/common';
import type { BusinessSettings } from '@catalogue/shared/schemas/business-settings';
import type { Database, Db, Tx } from '../../db/client.ts';
import { ORDER_NOT_FOUND } from './quotation-parties.ts';
import { createProformaRepository, type ProformaRow } from './proforma.repository.ts';
import { makeProformaPdf } from './proforma-pdf.ts';
import { createQuotationsRepository } from './quotations.repository.ts';
import type { QuotationsService } from './quotations.service.ts';

/** A proforma asked for before the request's quote was accepted. */
export const proformaNotYet = (status: string) =>
  `This request is ${status}; its proforma invoice can be downloaded once its quote is accepted`;

/** A proforma asked for before an administrator saved the business's GSTIN, IEC and bank details. */
export const PROFORMA_NO_SETTINGS =
  "The business's GSTIN, IEC and bank details are not set yet, so no proforma invoice can be made; an administrator saves them under Business settings";

export type ProformaServiceDeps = {
  database: Database;
  quotations: Pick<QuotationsService, 'getDetail'>;
  /** The business's settings as read in the given transaction, or null before they are saved. */
  sellerOf: (handle: Db | Tx) => Promise<BusinessSettings | null>;
};

/**
 * Proforma invoices of accepted quotes. The first request for one (by its buyer or an admin)
 * issues it: the next number of its own gap-free series, the accepted revision and the business's
 * details as they are then, written in one transaction under the request's row lock, so two first
 * requests at once get one number. Every later request makes the same document again.
 */
export function createProformaService({ database, quotations, sellerOf }: ProformaServiceDeps) {
  const repo = createProformaRepository(database.db);
  const quotes = createQuotationsRepository(database.db);

  /** The request's invoice, issued now if it has none; 404 unknown, 409 not accepted or no settings. */
  async function issue(id: string): Promise<ProformaRow> {
    if (!isId(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    return repo.transaction(async (store, tx) => {
      const order = await store.lockOrder(id);
      if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      if (order.status !== 'accepted')
        throw new AppError(
          'CONFLICT',
          proformaNotYet(effectiveStatus(order.status, order.validUntil, new Date())),
        );
      const existing = await store.findByOrder(id);
      if (existing) return existing;
      const seller = await sellerOf(tx);
      if (!seller) throw new AppError('CONFLICT', PROFORMA_NO_SETTINGS);
      const revision = await store.latestSentRevision(id);
      if (revision === null) throw new AppError('CONFLICT', proformaNotYet(order.status));
      return store.insert({ orderId: id, orderNumber: order.orderNumber, revision, seller });
    });
  }

  return {
    issue,

    /** The invoice as a PDF (issued on the first request), in English or Hindi. */
    async proformaPdf(id: string, language: 'en' | 'hi'): Promise<{ file: Buffer; number: number }> {
      const invoice = await issue(id);
      const detail = await quotations.getDetail(id, false, invoice.revision);
      const sent = (await quotes.findSentQuotes([id])).get(id);
      if (!detail?.quote || !sent) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      const pricing = (await quotes.readPricing([sent.id])).get(sent.id);
      const byPosition = new Map(pricing?.lines.map((l) => [l.position, l]) ?? []);
      const linePricing = sent.lines.map((l) => byPosition.get(l.position));
      const file = await makeProformaPdf({
        language,
        number: invoice.number,
        issuedAt: invoice.issuedAt,
        seller: invoice.seller,
        orderId: detail.orderId,
        poNumber: detail.fulfilment?.poNumber ?? null,
        buyer: {
          name: detail.firstName,
          company: detail.companyName,
          email: detail.email,
          phone: detail.contactNumber,
          country: countryLabel(detail.country) ?? detail.country,
        },
        quote: detail.quote,
        netWeightsMg: linePricing.map((p) =>
          p?.costing?.pricingMode === 'metal_linked' ? (p.costing.netWeightMg ?? null) : null,
        ),
        gstPcts: linePricing.map((p) => p?.gstPct ?? GST_JEWELLERY_PCT),
      });
      return { file, number: invoice.number };
    },
  };
}

export type ProformaService = ReturnType<typeof createProformaService>;
