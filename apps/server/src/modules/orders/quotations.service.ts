import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import {
  adminRequestPath,
  buyerRequestPath,
  decideTransition,
  defaultValidUntil,
  effectiveStatus,
  minorToMajor,
  type OrderAction,
  type OrderStatus,
} from '@catalogue/shared/domain/quotation';
import type { Order } from '@catalogue/shared/schemas/order';
import type {
  OrderDetail,
  OrderEvent,
  QuoteRevision,
  SaveQuoteBody,
} from '@catalogue/shared/schemas/quotation';
import type { Fulfilment } from '@catalogue/shared/schemas/fulfilment';
import type { Database, Db, Tx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { OutboxMail } from '../mail/index.ts';
import { decisionMail, QUOTE_MAIL, quoteExpiredMail, quoteSentMail } from './quotations.mail.ts';
import { createQuotationsRepository, type QuotationsStore } from './quotations.repository.ts';
import { expiryEvent, type LockedOrder } from './quotation-rows.ts';
import { ORDER_NOT_FOUND, type Access, type Actor } from './quotation-parties.ts';
import { defaultRateValidUntil } from '@catalogue/shared/domain/pricing';
import type { CostingValue } from '@catalogue/shared/schemas/pricing';
import type { RateBook } from '../pricing/index.ts';
import { handPricing, priceDraft, requoteDraft, type PricedDraft } from './priced-quote.ts';
import { toEventJson, toRevisionJson } from './quotation-answers.ts';
import type { TermsPricing } from './quote-terms.ts';
import { createQuotationComments } from './quotation-comments.service.ts';
import { emptyAttributes } from '@catalogue/shared/schemas/attributes';
import { type MediaService, thumbnailOf } from '../media/index.ts';
import { toProduct } from '../products/index.ts';
import { makeLineSheetWorkbook } from '../selections/index.ts';
import { makeQuotePdf } from './quote-pdf.ts';

export type QuotationsServiceDeps = {
  env: Pick<Env, 'BUSINESS_EMAIL' | 'SITE_URL'>;
  database: Database;
  onMailQueued: () => void;
  /** Told after a request's state or quote changed (caches of lists and figures go stale). */
  onOrdersChanged?: () => void;
  /** The request as the admin list shows it (status as read now), or null. */
  describeOrder: (id: string) => Promise<{
    order: Order;
    version: number;
    enteredBy: { _id: string | null; name: string } | null;
  } | null>;
  /** Today's rates and the designs' costings, for suggested prices (none: no line has one). */
  pricing?: {
    rateBook(): Promise<RateBook>;
    costingsOf(productIds: readonly string[]): Promise<Map<string, CostingValue>>;
  };
  /** After acceptance: the order in production (modules/fulfilment), started in the accept's transaction. */
  /** Our pictures, for the thumbnails of a quote's files (none: the files have no pictures). */
  media?: Pick<MediaService, 'getVariant'>;
  fulfilment?: {
    start: (
      tx: Db | Tx,
      input: { orderId: string; poNumber: string | null; actor: Actor; at: Date },
    ) => Promise<void>;
    describe: (
      id: string,
      acceptance: { at: string; by: { _id: string | null; name: string } },
    ) => Promise<Fulfilment>;
  };
};

const EXPIRY_BATCH = 100;

const conflict = (message: string) => new AppError('CONFLICT', message);

/** A quote's files asked for before any quote was sent. */
export const QUOTE_FILE_NOT_YET =
  'This request has not been sent a quote yet; its quote can be downloaded once it is';

export function createQuotationsService({
  env,
  database,
  onMailQueued,
  onOrdersChanged = () => {},
  describeOrder,
  pricing = {
    rateBook: async () => ({ rates: new Map(), fx: new Map() }),
    costingsOf: async () => new Map(),
  },
  fulfilment,
  media,
}: QuotationsServiceDeps) {
  const repo = createQuotationsRepository(database.db);
  const buyerLink = (id: string) => env.SITE_URL.replace(/\/$/, '') + buyerRequestPath(id);
  const adminLink = (id: string) => env.SITE_URL.replace(/\/$/, '') + adminRequestPath(id);

  /**
   * One change to a request, in one transaction: the request is locked, its state as read now
   * decides whether `action` may happen (409 naming the state), then the version the caller read
   * must be current (409, nothing written). `work` writes and returns the mails to queue with it.
   */
  async function transition(
    id: string,
    action: OrderAction,
    version: number,
    work: (
      store: QuotationsStore,
      order: LockedOrder,
      from: OrderStatus,
      now: Date,
    ) => Promise<{ kind: string; mail: OutboxMail }[]>,
  ): Promise<void> {
    if (!isId(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    const queued = await repo.transaction(async (store) => {
      const order = await store.lockOrder(id);
      if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      const now = new Date();
      const from = effectiveStatus(order.status, order.validUntil, now);
      const decision = decideTransition(from, action);
      if (!decision.ok) throw conflict(decision.message);
      if (order.version !== version)
        throw conflict(
          `This request was changed by someone else (version ${order.version}, not ${version}); reload it and try again`,
        );
      const mails = await work(store, order, from, now);
      await store.enqueue(mails);
      return mails.length;
    });
    onOrdersChanged();
    if (queued) onMailQueued();
  }

  /** The request's latest sent quote, which a buyer's decision must name. */
  async function latestSent(store: QuotationsStore, order: LockedOrder, revision: number) {
    const quote = (await store.findSentQuotes([order.id])).get(order.id);
    if (!quote) throw conflict('This request has no quote to decide on');
    if (quote.revision !== revision)
      throw conflict(
        `Revision ${revision} is not the current quote; revision ${quote.revision} is. Reload the request`,
      );
    return quote;
  }

  async function decide(
    id: string,
    actor: Actor,
    body: { version: number; revision: number; reason?: string; poNumber?: string | null },
    action: 'accept' | 'decline',
  ) {
    await transition(id, action, body.version, async (store, order, from, now) => {
      const quote = await latestSent(store, order, body.revision);
      if (action === 'accept') {
        const rateValidUntil = (await store.readPricing([quote.id])).get(quote.id)?.rateValidUntil;
        if (rateValidUntil && new Date(rateValidUntil).getTime() <= now.getTime())
          throw new AppError(
            'RATE_EXPIRED',
            `The metal rates of this quote held until ${new Date(rateValidUntil).toISOString()}; ask for a re-quote at today's rate`,
          );
      }
      const to = action === 'accept' ? 'accepted' : 'declined';
      await store.updateOrder(id, { status: to, decidedAt: now });
      await store.addEvent(
        id,
        {
          fromStatus: from,
          toStatus: to,
          byUserId: actor.id,
          byName: actor.name,
          byRole: 'user',
          note: body.reason || null,
          revision: quote.revision,
        },
        now,
      );
      if (to === 'accepted')
        await fulfilment?.start(store.handle, {
          orderId: id,
          poNumber: body.poNumber ?? null,
          actor,
          at: now,
        });
      const mail = decisionMail(order, to, quote, body.reason ?? '', env.BUSINESS_EMAIL, adminLink(id));
      return [{ kind: action === 'accept' ? QUOTE_MAIL.accepted : QUOTE_MAIL.declined, mail }];
    });
  }

  async function recordExpiry(id: string, now: Date): Promise<boolean> {
    return repo.transaction(async (store) => {
      const order = await store.lockOrder(id);
      if (
        !order ||
        order.status !== 'quoted' ||
        effectiveStatus(order.status, order.validUntil, now) !== 'expired'
      )
        return false;
      // The state every reader saw already: recording it changes no version.
      await store.updateOrder(id, { status: 'expired' }, false);
      const { at, ...event } = expiryEvent(order.validUntil, now);
      await store.addEvent(id, event, at);
      await store.enqueue([
        {
          kind: QUOTE_MAIL.expired,
          mail: quoteExpiredMail(order, order.validUntil, order.buyerEmail, buyerLink(id)),
        },
      ]);
      return true;
    });
  }

  /**
   * Records the expiry of every quote whose validity has passed (readers see it expired already)
   * and mails each buyer once: the locked re-check makes a second sweep a no-op.
   */
  async function expireLapsedQuotes(now = new Date()): Promise<number> {
    let recorded = 0;
    for (;;) {
      const ids = await repo.listLapsed(now, EXPIRY_BATCH);
      for (const id of ids) if (await recordExpiry(id, now)) recorded++;
      if (ids.length < EXPIRY_BATCH) break;
    }
    if (recorded) {
      onOrdersChanged();
      onMailQueued();
    }
    return recorded;
  }

  /** Writes a priced draft (replacing the draft there is, keeping its number) and its pricing. */
  async function writeDraft(
    store: QuotationsStore,
    id: string,
    actor: Actor,
    priced: PricedDraft,
    head: {
      currency: string;
      leadTimeDays: number;
      validUntil: Date | null;
      noteToBuyer: string;
      internalNote: string;
    },
  ) {
    const draft = await store.findDraft(id);
    const revisionId = await store.saveDraft(id, {
      revision: draft?.revision ?? (await store.latestRevisionNumber(id)) + 1,
      ...head,
      total: priced.total,
      createdBy: actor.id,
      lines: priced.lines,
    });
    await store.writePricing(revisionId, priced.pricing);
    await store.updateOrder(id, {});
  }

  return {
    /** Whether `viewer` may read request `id`: its buyer, an admin, or nobody (also for unknown ids). */
    async accessOf(id: string, viewer: { id: string; role: string } | null): Promise<Access> {
      if (!viewer || !isId(id)) return null;
      const owner = await repo.findOwner(id);
      if (!owner) return null;
      if (viewer.role === 'admin') return 'admin';
      return owner.userId === viewer.id ? 'owner' : null;
    },

    /**
     * The request's latest sent quote as a file for its reader (who may read the request is the
     * route's check): `pdf`, the quote with letterhead, thumbnails, prices, totals and terms; or
     * `xlsx`, its designs as a line sheet workbook at the quoted unit prices (major units, the
     * currency in the title). Only a sent revision is ever in it, as the buyer reads it (no
     * internal note, no draft); before any quote was sent, 409.
     */
    async quoteFile(
      id: string,
      format: 'pdf' | 'xlsx',
      language: 'en' | 'hi',
    ): Promise<{ file: Buffer; orderId: number }> {
      const base = isId(id) ? await describeOrder(id) : null;
      if (!base) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      const sent = (await repo.findSentQuotes([id])).get(id);
      if (!sent) throw conflict(QUOTE_FILE_NOT_YET);
      const quote = toRevisionJson(sent, false, (await repo.readPricing([sent.id])).get(sent.id));
      const pictureOf = async (index: number) =>
        media ? thumbnailOf(media, sent.lines[index]?.mediaId ?? null, 200, 200) : null;
      const { order } = base;
      const { orderId } = order;
      if (format === 'pdf') {
        const file = await makeQuotePdf({
          language,
          orderId,
          buyer: [order.firstName, order.companyName].filter(Boolean).join(', '),
          quote,
          pictureOf,
        });
        return { file, orderId };
      }
      const productIds = sent.lines.flatMap((l) => (l.productId ? [l.productId] : []));
      const designs = new Map(
        (await repo.listProductRows(productIds)).map((row) => [
          row.id,
          toProduct(row, { showPrice: false, imageUrl: () => null }),
        ]),
      );
      const words =
        language === 'hi'
          ? { quote: 'कोटेशन', revision: 'संशोधन' }
          : { quote: 'Quotation', revision: 'revision' };
      const file = await makeLineSheetWorkbook(
        {
          title: `${words.quote} ${orderId} · ${words.revision} ${sent.revision} · ${quote.currency}`,
          language,
          designs: sent.lines.map((line) => {
            const design = line.productId ? designs.get(line.productId) : undefined;
            return {
              code: line.sku,
              name: line.name,
              attributes: design?.attributes ?? emptyAttributes(),
              weightGrams: design?.weightGrams ?? null,
              minOrderQuantity: line.moq,
              price: Number(minorToMajor(line.unitPrice)),
            };
          }),
          pictureOf,
        },
        sent.sentAt ?? new Date(),
      );
      return { file, orderId };
    },

    /**
     * The request with its quote (the latest, or `revision`), revisions and history. A buyer sees
     * sent revisions only and never an internal note.
     */
    async getDetail(id: string, isAdmin: boolean, revision?: number): Promise<OrderDetail | null> {
      const base = isId(id) ? await describeOrder(id) : null;
      if (!base) return null;
      const [revisions, events] = await Promise.all([repo.listRevisions(id, !isAdmin), repo.listEvents(id)]);
      const priced = await repo.readPricing(revisions.map((r) => r.id));
      const chosen =
        revision === undefined ? revisions.at(-1) : revisions.find((r) => r.revision === revision);
      if (revision !== undefined && !chosen) return null;
      const { order, enteredBy } = base;
      const status = order.status as OrderStatus;
      const history: OrderEvent[] = [
        // A request an administrator entered for its buyer says who did, with the note they gave.
        enteredBy
          ? {
              from: null,
              to: 'new',
              by: { _id: enteredBy._id, name: enteredBy.name, role: 'admin' },
              note: `Entered for ${order.firstName}${order.message ? `: ${order.message}` : ''}`,
              at: order.createdAt,
            }
          : {
              from: null,
              to: 'new',
              by: { _id: order.userId, name: order.firstName, role: 'user' },
              note: null,
              at: order.createdAt,
            },
        ...events.map(toEventJson),
      ];
      // Lapsed but not recorded yet: the history says so already, as the recording will.
      if (status === 'expired' && events.at(-1)?.toStatus !== 'expired') {
        const sent = revisions.filter((r) => r.sentAt).at(-1);
        history.push(toEventJson(expiryEvent(sent?.validUntil ?? null, new Date())));
      }
      return {
        ...order,
        status,
        version: base.version,
        quote: chosen ? toRevisionJson(chosen, isAdmin, priced.get(chosen.id)) : null,
        revisions: revisions.map((r) => ({
          revision: r.revision,
          sentAt: r.sentAt?.toISOString() ?? null,
          total: r.total,
          currency: r.currency as QuoteRevision['currency'],
        })),
        history,
        fulfilment:
          status === 'accepted' && fulfilment
            ? await fulfilment.describe(id, acceptanceOf(history, order))
            : null,
        enteredBy,
      };
    },

    /**
     * Saves the draft of the next revision (a draft saved before keeps its number): each line at
     * its given price or, without one, at the suggested price of its design's costing.
     */
    async saveQuote(id: string, actor: Actor, body: SaveQuoteBody): Promise<void> {
      // Read before the transaction (which holds the only connection on PGlite): a request's
      // products never change, and rates or costings set meanwhile would not be seen either way.
      const book = await pricing.rateBook();
      const asked = isId(id) ? await repo.listRequestLines(id) : [];
      const costings = await pricing.costingsOf(asked.flatMap((l) => (l.productId ? [l.productId] : [])));
      await transition(id, 'saveQuote', body.version, async (store) => {
        const requested = await store.listRequestLines(id);
        const priced = priceDraft(requested, body, {
          book,
          costings,
          buyerCountry: await store.buyerCountry(id),
        });
        await writeDraft(store, id, actor, priced, {
          currency: body.currency,
          leadTimeDays: body.leadTimeDays,
          validUntil: body.validUntil ? new Date(body.validUntil) : null,
          noteToBuyer: body.noteToBuyer,
          internalNote: body.internalNote,
        });
        return [];
      });
    },

    /**
     * Drafts the next revision from the latest sent one at today's metal rates, changing only the
     * metal parts (see `requoteDraft`); its valid-until and rate validity take their defaults when sent.
     */
    async requote(id: string, actor: Actor, version: number): Promise<void> {
      const book = await pricing.rateBook();
      await transition(id, 'saveQuote', version, async (store, order) => {
        const sent = (await store.findSentQuotes([order.id])).get(order.id);
        if (!sent) throw conflict('This request has no sent quote to re-price');
        const was = (await store.readPricing([sent.id])).get(sent.id) ?? handPricing(sent, 'export_lut');
        const priced = requoteDraft(sent, was, book);
        await writeDraft(store, id, actor, priced, {
          currency: sent.currency,
          leadTimeDays: sent.leadTimeDays,
          validUntil: null,
          noteToBuyer: sent.noteToBuyer,
          internalNote: sent.internalNote,
        });
        return [];
      });
    },

    /** The draft becomes the sent revision; the request is `quoted` and its buyer is mailed. */
    async sendQuote(id: string, actor: Actor, version: number): Promise<void> {
      await transition(id, 'sendQuote', version, async (store, order, from, now) => {
        const draft = await store.findDraft(id);
        if (!draft) throw conflict('There is no draft quote to send; save one first');
        const validUntil = draft.validUntil ?? defaultValidUntil(now);
        if (validUntil.getTime() <= now.getTime())
          throw conflict("The draft's valid-until date has passed; save it with a later date first");
        await store.markSent(draft.id, now, validUntil);
        const draftPricing = (await store.readPricing([draft.id])).get(draft.id);
        let sentPricing: TermsPricing | null = null;
        if (draftPricing) {
          // Rates hold only where a line was priced from a metal rate.
          let rateValidUntil: Date | null = null;
          if (draftPricing.rateSnapshots.length) {
            rateValidUntil = draftPricing.rateValidUntil
              ? new Date(draftPricing.rateValidUntil)
              : defaultRateValidUntil(now, validUntil);
            if (rateValidUntil > validUntil) rateValidUntil = validUntil;
            if (rateValidUntil.getTime() <= now.getTime())
              throw conflict("The draft's rate validity has passed; save it with a later one first");
          }
          await store.setRateValidUntil(draft.id, rateValidUntil);
          sentPricing = { ...draftPricing, rateValidUntil };
        }
        await store.updateOrder(id, {
          status: 'quoted',
          validUntil,
          quoteTotal: draft.total,
          quoteCurrency: draft.currency,
          quotedAt: now,
          ...(order.firstQuotedAt ? {} : { firstQuotedAt: now }),
        });
        await store.addEvent(
          id,
          {
            fromStatus: from,
            toStatus: 'quoted',
            byUserId: actor.id,
            byName: actor.name,
            byRole: 'admin',
            note: `Revision ${draft.revision}`,
            revision: draft.revision,
          },
          now,
        );
        const sent = { ...draft, validUntil };
        return [
          {
            kind: QUOTE_MAIL.sent,
            mail: quoteSentMail(order, sent, order.buyerEmail, buyerLink(id), sentPricing),
          },
        ];
      });
    },

    accept: (
      id: string,
      actor: Actor,
      body: { version: number; revision: number; poNumber?: string | null },
    ) => decide(id, actor, body, 'accept'),

    decline: (id: string, actor: Actor, body: { version: number; revision: number; reason: string }) =>
      decide(id, actor, body, 'decline'),

    async cancel(id: string, actor: Actor, version: number): Promise<void> {
      await transition(id, 'cancel', version, async (store, _order, from, now) => {
        await store.updateOrder(id, { status: 'cancelled' });
        await store.addEvent(
          id,
          {
            fromStatus: from,
            toStatus: 'cancelled',
            byUserId: actor.id,
            byName: actor.name,
            byRole: 'user',
            note: null,
          },
          now,
        );
        return [];
      });
    },

    async withdraw(id: string, actor: Actor, body: { version: number; note: string }): Promise<void> {
      await transition(id, 'withdraw', body.version, async (store, _order, from, now) => {
        await store.updateOrder(id, { status: 'withdrawn' });
        await store.addEvent(
          id,
          {
            fromStatus: from,
            toStatus: 'withdrawn',
            byUserId: actor.id,
            byName: actor.name,
            byRole: 'admin',
            note: body.note || null,
          },
          now,
        );
        return [];
      });
    },

    /** A buyer's requests, newest first; the total once quoted. */
    ...createQuotationComments({ repo, env, onMailQueued, buyerLink, adminLink }),

    /** Records the quotes past their validity; run every minute as a job (`services.ts`). */
    expireLapsedQuotes,
  };
}

/** Who accepted the quote and when (the order's first stage), from its history. */
function acceptanceOf(history: OrderEvent[], order: Order) {
  const event = history.findLast((e) => e.to === 'accepted');
  return {
    at: event?.at ?? order.createdAt,
    by: { _id: event?.by._id ?? order.userId, name: event?.by.name ?? order.firstName },
  };
}

export type QuotationsService = ReturnType<typeof createQuotationsService>;
