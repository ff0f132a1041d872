import { PRICE_CURRENCY } from '@catalogue/shared/domain/limits';
import { SITE } from '@catalogue/shared/domain/site';
import crypto from 'node:crypto';
import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import {
  orderListSchema,
  orderSchema,
  type Order,
  type OrderList,
  type SubmitOrderBody,
} from '@catalogue/shared/schemas/order';
import { myOrdersSchema, type MyOrders } from '@catalogue/shared/schemas/quotation';
import { totalPagesOf } from '@catalogue/shared/schemas/pagination';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { DeferredMail, DeferredMailRenderer, RenderedMail } from '../mail/index.ts';
import type { MediaStore, PublicImageUrl } from '../media/index.ts';
import { createDownloadLinks, quotationFileName } from './download-links.ts';
import { ORDER_MAIL, priceRequestBusinessMail, priceRequestBuyerMail } from './orders.mail.ts';
import { createOrdersRepository } from './orders.repository.ts';
import type {
  BelowMinimumLine,
  RequestedLine,
  OrderLineRow,
  OrderListFilter,
  OrderListRow,
  OrderRow,
} from './order-rows.ts';
import {
  effectiveStatus,
  isOverdue,
  QUOTE_LIMITS,
  type OrderStatus,
} from '@catalogue/shared/domain/quotation';
import { createQuotationsRepository } from './quotations.repository.ts';
import type { RevisionRow } from './quotation-rows.ts';
import { pictureForWorkbook } from './quotation-pictures.ts';
import { buildQuotationWorkbook, type Letterhead, type WorkbookReader } from './quotation-workbook.ts';
import { XLSX_TYPE } from '../../lib/xlsx.ts';
import { mapWithLimit } from '../../lib/concurrency.ts';
import { createListTotals } from './list-totals.ts';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, sqlStateOf } from '../../db/pg-errors.ts';
import { toMyOrderJson } from './quotation-answers.ts';
import { JsonAnswer } from '../../lib/http-cache.ts';
import { createListAnswers, NEVER } from './list-answers.ts';

export const ORDER_RECEIVED = 'Quotation request received successfully';
const DOWNLOAD_PATH = '/api/orders/download/';
const LEGACY_PATH = '/uploads/';
const SECRET_SETTING = 'quotation_link_secret';
/** Prices in the catalogue carry no currency of their own; quotations state this one. */
export const QUOTATION_CURRENCY = PRICE_CURRENCY;
/** Pictures decoded at once while a workbook is built: bounded, so a 500-line request cannot hog memory. */
const PICTURE_CONCURRENCY = 4;
/** Orders read and written at a time by the whole admin list. */
const WHOLE_LIST_BATCH = 500;
/**
 * Workbook pictures kept in memory, by media id. An original never changes under its id, and the
 * same few designs are asked for again and again, so most workbooks need no image decoding.
 */
const PICTURE_CACHE_SIZE = 256;
const OVERDUE_MS = QUOTE_LIMITS.overdueHours * 3_600_000;

/** What the admin list is filtered and ordered by, as the route reads it. */
export type OrderListFilterQuery = {
  search?: string;
  statuses?: readonly OrderStatus[];
  sort?: 'newest' | 'oldest';
};

/** A page of the admin list, as the route reads it. */
export type OrderListQuery = OrderListFilterQuery & { page: number; limit: number };

/**
 * The first instant at which an answer of the admin list stops being true by itself: a `new`
 * request in it turning overdue (48 hours after it was made); `lapse` is the first quote lapsing
 * anywhere, which can change any state filter's rows and total.
 */
function adminAnswerUntil(list: OrderList, lapse: number): number {
  let until = lapse;
  for (const order of list.orders) {
    if (order.status === 'new' && !order.overdue)
      until = Math.min(until, Date.parse(order.createdAt) + OVERDUE_MS);
  }
  return until;
}

/** The first instant a quote on a "My requests" page lapses (its rows' order does not depend on state). */
function myAnswerUntil(mine: MyOrders, now: number): number {
  let until = NEVER;
  for (const order of mine.orders) {
    const validUntil = order.validUntil === null ? NEVER : Date.parse(order.validUntil);
    if (order.status === 'quoted' && validUntil > now) until = Math.min(until, validUntil);
  }
  return until;
}

export type OrdersServiceDeps = {
  env: Pick<Env, 'SIGNING_SECRET' | 'BUSINESS_EMAIL' | 'SITE_URL'>;
  database: Database;
  mediaStore: MediaStore;
  onMailQueued: () => void;
  /** Told after a request was stored or deleted (caches of lists and figures go stale). */
  onOrdersChanged?: () => void;
  /** Absolute addresses of the lines' pictures, for clients on another origin. */
  imageUrl: PublicImageUrl;
};

export type Buyer = { id: string; email: string };

export type SubmittedOrder = { orderId: number; downloadLink: string };

/**
 * The business's one name (`SITE.name`, as the site and every mail write it) and its office address
 * head the quotation; the contact line is the configured business mailbox and site.
 */
function letterheadOf(env: OrdersServiceDeps['env']): Letterhead {
  return {
    name: SITE.name,
    addressLines: [SITE.addresses.office.lines.join(', ')],
    contactLines: [`Email: ${env.BUSINESS_EMAIL}    Web: ${env.SITE_URL}`],
    currency: QUOTATION_CURRENCY,
  };
}

export function createOrdersService({
  env,
  database,
  mediaStore,
  onMailQueued,
  onOrdersChanged = () => {},
  imageUrl,
}: OrdersServiceDeps) {
  const repo = createOrdersRepository(database.db);
  const listTotals = createListTotals();
  const listAnswers = createListAnswers();
  /** The first instant a sent quote lapses, read once after each write (NEVER when none waits). */
  let lapse: { at: Promise<number> } | null = null;
  const quotes = createQuotationsRepository(database.db);
  const pictureCache = new Map<string, Buffer>();
  const links = createDownloadLinks(async () =>
    env.SIGNING_SECRET
      ? env.SIGNING_SECRET
      : repo.findOrCreateSetting(SECRET_SETTING, crypto.randomBytes(32).toString('base64url')),
  );
  const letterhead = letterheadOf(env);

  async function answerFor(orderNumber: number): Promise<SubmittedOrder> {
    return { orderId: orderNumber, downloadLink: DOWNLOAD_PATH + (await links.signedFile(orderNumber)) };
  }

  /** `signedFile`: the request's workbook link, signed (see download-links.ts). */
  function toOrderJson(row: OrderListRow, now: Date, signedFile: (orderNumber: number) => string): Order {
    const status = effectiveStatus(row.status, row.validUntil, now);
    return {
      _id: row.id,
      orderId: row.orderNumber,
      userId: row.userId,
      firstName: row.firstName,
      email: row.email,
      contactNumber: row.contactNumber,
      companyName: row.companyName,
      companyWebsite: row.companyWebsite,
      country: row.country,
      message: row.message,
      status,
      overdue: isOverdue(status, row.createdAt, now),
      orderDetails: row.lines.map((l) => ({
        productId: l.productId,
        name: l.name,
        sku: l.sku,
        quantity: l.quantity,
        imageUrl: imageUrl(l),
      })),
      excelFilePath: LEGACY_PATH + signedFile(row.orderNumber),
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The request's lines with canonical ids; a product id that cannot exist is a 400 at once. */
  function requestedLines(details: SubmitOrderBody['orderDetails']): RequestedLine[] {
    const lines = details.map((d) => ({ productId: d.productId.toLowerCase(), quantity: d.quantity }));
    const malformed = lines.filter((l) => !isId(l.productId)).map((l) => l.productId);
    if (malformed.length) throw productsGone(lines, malformed);
    return lines;
  }

  /** A product that is gone is a 400 naming every line that asks for it. */
  function productsGone(lines: readonly RequestedLine[], gone: readonly string[]): AppError {
    const missing = lines.flatMap((l, i) => (gone.includes(l.productId) ? [i] : []));
    return new AppError(
      'BAD_REQUEST',
      missing.length === 1
        ? 'A product in the list is no longer available; please remove it and try again'
        : `${missing.length} products in the list are no longer available; please remove them and try again`,
      missing.map((i) => ({ path: `orderDetails.${i}.productId`, message: 'Product not found' })),
    );
  }

  /**
   * Lines asking for fewer pieces than their design's minimum order are a 400 naming each design
   * and its minimum (the enquiry list flags them the same way before sending).
   */
  function belowMinimum(lines: readonly BelowMinimumLine[]): AppError {
    const named = lines.map(
      (l) => `${l.name}${l.code ? ` (${l.code})` : ''}: the minimum order is ${l.minimum}`,
    );
    return new AppError(
      'BAD_REQUEST',
      lines.length === 1
        ? `${named[0]}; please raise its quantity and try again`
        : `${lines.length} lines are below their minimum order (${named.join('; ')}); please raise their quantities and try again`,
      lines.map((l) => ({
        path: `orderDetails.${l.index}.quantity`,
        message: `Minimum order is ${l.minimum}`,
      })),
    );
  }

  async function loadPictures(lines: readonly OrderLineRow[]): Promise<Map<string, Buffer>> {
    const pictures = new Map<string, Buffer>();
    const missing: string[] = [];
    for (const mediaId of new Set(lines.flatMap((l) => (l.mediaId ? [l.mediaId] : [])))) {
      const cached = pictureCache.get(mediaId);
      if (cached) pictures.set(mediaId, cached);
      else missing.push(mediaId);
    }
    const keys = await repo.findMediaKeys(missing);
    await mapWithLimit([...keys], PICTURE_CONCURRENCY, async ([mediaId, key]) => {
      const original = await mediaStore.get(key).catch(() => null);
      const picture = original ? await pictureForWorkbook(original) : null;
      if (!picture) return;
      pictures.set(mediaId, picture);
      if (pictureCache.size >= PICTURE_CACHE_SIZE) pictureCache.delete(pictureCache.keys().next().value!);
      pictureCache.set(mediaId, picture);
    });
    return pictures;
  }

  /**
   * `loaded`: pictures read for a whole batch of orders, of which only this order's are used.
   * `reader`: the business's copy shows catalogue prices before a quote; a buyer's never does.
   */
  async function buildQuotation(
    order: OrderRow,
    reader: WorkbookReader,
    loaded?: ReadonlyMap<string, Buffer>,
  ) {
    const pictures = loaded
      ? new Map(
          order.lines.flatMap((l) =>
            l.mediaId && loaded.has(l.mediaId) ? [[l.mediaId, loaded.get(l.mediaId)!]] : [],
          ),
        )
      : await loadPictures(order.lines);
    // A request that was ever sent a quote has a validity; its workbook carries the latest prices.
    const quote: RevisionRow | null = order.validUntil
      ? ((await quotes.findSentQuotes([order.id])).get(order.id) ?? null)
      : null;
    const metals = await repo.findMetalsAndFinishes(order.lines.map((l) => l.productId));
    const pricing = quote ? ((await quotes.readPricing([quote.id])).get(quote.id) ?? null) : null;
    const content = buildQuotationWorkbook(order, pictures, letterhead, quote, reader, metals, pricing);
    return { filename: quotationFileName(order.orderNumber), content, contentType: XLSX_TYPE };
  }

  /** A price request's e-mail from its stored order; null when the order or the template is gone. */
  async function renderOrderMail(
    order: OrderRow | null,
    mail: DeferredMail,
    pictures?: ReadonlyMap<string, Buffer>,
  ): Promise<RenderedMail | null> {
    if (!order) return null;
    if (mail.template === ORDER_MAIL.business) {
      return {
        ...priceRequestBusinessMail(order, mail.to),
        attachments: [await buildQuotation(order, 'business', pictures)],
      };
    }
    if (mail.template === ORDER_MAIL.buyer) return priceRequestBuyerMail(order, mail.to);
    return null;
  }

  /** A request was written (or a quote lapsed): the totals, the kept answers and the next lapse are stale. */
  function forgetLists(): void {
    listTotals.clear();
    listAnswers.clear();
    lapse = null;
  }

  function nextLapse(): Promise<number> {
    if (!lapse) {
      const held = { at: repo.nextLapse(new Date()).then((at) => (at ? at.getTime() : NEVER)) };
      lapse = held;
      // A failed read is not kept: the next list asks again.
      held.at.catch(() => {
        if (lapse === held) lapse = null;
      });
    }
    return lapse.at;
  }

  /**
   * A quote lapsing changes the rows and the totals of the state filters for every reader at that
   * instant, without a write: once past it, everything a write would drop is dropped. Returns the
   * next lapse still ahead.
   */
  async function passLapses(): Promise<number> {
    const at = await nextLapse();
    if (Date.now() < at) return at;
    forgetLists();
    return nextLapse();
  }

  /** What every read of the admin list shares: its filter at this instant, and an order's JSON. */
  async function listContext(query: OrderListFilterQuery) {
    await passLapses();
    const now = new Date();
    const search = query.search?.trim() || undefined;
    const filter: OrderListFilter = {
      ...(search ? { search } : {}),
      ...(query.statuses?.length ? { statuses: query.statuses } : {}),
      ...(query.sort ? { sort: query.sort } : {}),
      now,
    };
    const sign = await links.signer();
    const toJson = (row: OrderListRow) => toOrderJson(row, now, (n) => sign(n, now.getTime()));
    return { filter, toJson };
  }

  /** A page of the admin list (`page`, `limit` or `search` asked for). */
  async function listOrders(query: OrderListQuery): Promise<OrderList> {
    const { filter, toJson } = await listContext(query);
    const totalKey = JSON.stringify([filter.statuses ?? [], filter.search ?? '']);
    const [totalItems, rows] = await Promise.all([
      listTotals.of(totalKey, () => repo.count(filter)),
      repo.list({ ...filter, limit: query.limit, offset: (query.page - 1) * query.limit }),
    ]);
    return {
      success: true,
      orders: rows.map(toJson),
      currentPage: query.page,
      totalPages: totalPagesOf(totalItems, query.limit),
      totalItems,
    };
  }

  /**
   * The whole admin list (no page asked for), as the JSON text `orderListSchema` gives it, read and
   * written `batch` orders at a time: at 100,000 requests, holding the list, its rows and its text
   * at once took ~300 MB more of the server's memory for the length of one answer. Each order is
   * checked against the schema and written as the route's serializer writes it. The first batch is
   * read before this answers, so a failure there is still a whole error answer.
   */
  async function wholeList(
    query: OrderListFilterQuery,
    batch = WHOLE_LIST_BATCH,
  ): Promise<AsyncIterable<string>> {
    const { filter, toJson } = await listContext(query);
    const read = (after: number | null) => repo.listAfter(filter, after, batch);
    let rows = await read(null);
    return (async function* () {
      yield '{"success":true,"orders":[';
      for (let first = true; ; first = false) {
        const text = rows.map((row) => JSON.stringify(orderSchema.parse(toJson(row)))).join(',');
        if (rows.length) yield first ? text : `,${text}`;
        if (rows.length < batch) break;
        rows = await read(rows[rows.length - 1]!.orderNumber);
      }
      yield ']}';
    })();
  }

  async function listMine(userId: string, page: number, limit: number): Promise<MyOrders> {
    const now = new Date();
    const { total: totalItems, rows } = await repo.listMine(userId, limit, (page - 1) * limit);
    return {
      orders: rows.map((r) => toMyOrderJson(r, now)),
      currentPage: page,
      totalPages: totalPagesOf(totalItems, limit),
      totalItems,
    };
  }

  return {
    /** The first answer to this idempotency key of this buyer, or null when it is new. */
    async findSubmitted(buyer: Buyer, idempotencyKey: string | null): Promise<SubmittedOrder | null> {
      if (!idempotencyKey) return null;
      const orderNumber = await repo.findNumberByIdempotencyKey(buyer.id, idempotencyKey);
      return orderNumber === null ? null : answerFor(orderNumber);
    },

    /**
     * Stores the request with the next order number and queues its two e-mails, all in one
     * transaction; the workbook is built later, from the stored order, when it is needed.
     */
    async submitOrder(
      buyer: Buyer,
      body: SubmitOrderBody,
      idempotencyKey: string | null,
      /** An administrator entering the request for the buyer (it is mailed to the buyer all the same). */
      enteredBy: { id: string; name: string } | null = null,
    ): Promise<SubmittedOrder> {
      const lines = requestedLines(body.orderDetails);
      const id = crypto.randomUUID();
      let stored: Awaited<ReturnType<typeof repo.insertOrder>>;
      try {
        stored = await repo.insertOrder(
          {
            id,
            userId: buyer.id,
            firstName: body.firstName,
            email: body.email,
            contactNumber: body.contactNumber,
            companyName: body.companyName,
            companyWebsite: body.companyWebsite,
            country: body.country,
            message: body.message,
            idempotencyKey,
            enteredBy,
          },
          lines,
          [
            {
              kind: ORDER_MAIL.business,
              payload: { deferred: { template: ORDER_MAIL.business, id, to: env.BUSINESS_EMAIL } },
            },
            {
              kind: ORDER_MAIL.buyer,
              payload: { deferred: { template: ORDER_MAIL.buyer, id, to: buyer.email } },
            },
          ],
          // The business entering a request for its buyer may agree to fewer pieces; a buyer may not.
          enteredBy === null,
        );
      } catch (error) {
        const state = sqlStateOf(error);
        if (state === PG_UNIQUE_VIOLATION && idempotencyKey) {
          // The same key won a race a moment ago: answer what that request answered.
          const first = await repo.findNumberByIdempotencyKey(buyer.id, idempotencyKey);
          if (first !== null) return answerFor(first);
        }
        if (state === PG_FOREIGN_KEY_VIOLATION) {
          throw new AppError(
            'CONFLICT',
            'A product in the list was removed just now; please review your list',
          );
        }
        throw error;
      }
      if ('missing' in stored) throw productsGone(lines, stored.missing);
      if ('belowMinimum' in stored) throw belowMinimum(stored.belowMinimum);
      onOrdersChanged();
      onMailQueued();
      return answerFor(stored.orderNumber);
    },

    /**
     * Newest first (or oldest, by `sort`), filtered by state as readers see it: one page and the
     * paging numbers (`listOrders`), or every request as JSON text written a batch at a time
     * (`wholeList`).
     */
    listOrders,
    wholeList,

    /**
     * A page of the admin list as the JSON the route sends, kept until a write or the
     * first instant it would read differently (list-answers.ts). Every admin reads the same list.
     */
    async listOrdersAnswer(query: OrderListQuery): Promise<JsonAnswer> {
      const search = query.search?.trim() || '';
      const key = JSON.stringify([
        'admin',
        query.page,
        query.limit,
        search,
        query.statuses ?? [],
        query.sort ?? '',
      ]);
      const held = listAnswers.get(key);
      if (held) return held;
      // Past a lapse, everything is dropped first; then what this page reads is what it keeps.
      const lapseAt = await passLapses();
      const since = listAnswers.generation;
      const list = await listOrders(query);
      const json = JSON.stringify(orderListSchema.parse(list));
      const answer = new JsonAnswer(() => json);
      listAnswers.keep(key, since, answer, adminAnswerUntil(list, lapseAt));
      return answer;
    },

    /** A page of a buyer's "My requests" as the JSON the route sends, kept per buyer like the admin list. */
    async listMineAnswer(userId: string, page: number, limit: number): Promise<JsonAnswer> {
      const key = JSON.stringify(['mine', userId, page, limit]);
      const held = listAnswers.get(key);
      if (held) return held;
      const since = listAnswers.generation;
      const now = Date.now();
      const mine = await listMine(userId, page, limit);
      const json = JSON.stringify(myOrdersSchema.parse(mine));
      const answer = new JsonAnswer(() => json);
      listAnswers.keep(key, since, answer, myAnswerUntil(mine, now));
      return answer;
    },

    /**
     * The request as the admin list shows it, with the version a write must carry; each line
     * names its design's minimum order when the design has one (the quote form starts there).
     */
    async describeOrder(id: string): Promise<{
      order: Order & { orderDetails: (Order['orderDetails'][number] & { minOrderQuantity?: number })[] };
      version: number;
      enteredBy: { _id: string | null; name: string } | null;
    } | null> {
      const row = isId(id) ? await repo.findById(id) : null;
      if (!row) return null;
      const now = new Date();
      const sign = await links.signer();
      const order = toOrderJson(row, now, (n) => sign(n, now.getTime()));
      const minimums = await repo.findMinimumOrders([
        ...new Set(row.lines.flatMap((l) => (l.productId ? [l.productId] : []))),
      ]);
      return {
        order: {
          ...order,
          orderDetails: order.orderDetails.map((line) => {
            const minimum = line.productId ? minimums.get(line.productId) : undefined;
            return minimum === undefined ? line : { ...line, minOrderQuantity: minimum };
          }),
        },
        version: row.version,
        enteredBy: row.enteredByName ? { _id: row.enteredById ?? null, name: row.enteredByName } : null,
      };
    },

    /**
     * The buyer's requests, newest first, one page of them with the paging numbers (one statement
     * for the page and its total).
     */
    listMine,

    /** false when there was no such request (a malformed id included). */
    async deleteOrder(id: string): Promise<boolean> {
      const removed = isId(id) ? await repo.remove(id) : false;
      if (removed) onOrdersChanged();
      return removed;
    },

    /**
     * Forgets the admin lists' totals and the kept list answers: a request was written here or on
     * another process (or the catalogue changed, which can change the lines of stored requests).
     */
    forgetLists,

    isDownloadSigned: links.isValid,

    /**
     * The workbook of request number `orderNumber`, built now from what is stored, for `reader`
     * (see `WorkbookReader`); null when there is none.
     */
    async getQuotation(orderNumber: number, reader: WorkbookReader) {
      const order = await repo.findByNumber(orderNumber);
      return order ? buildQuotation(order, reader) : null;
    },

    /** The outbox's renderer for the price request e-mails; null when the request was deleted since. */
    async renderDeferredMail(mail: DeferredMail): Promise<RenderedMail | null> {
      return renderOrderMail(isId(mail.id) ? await repo.findById(mail.id) : null, mail);
    },

    /**
     * The same renderer for a batch the outbox is about to send: the orders of all of them (the
     * business and the buyer mail of one request share theirs) and their pictures are read at
     * once, instead of two statements per message.
     */
    async prepareDeferredMails(mails: readonly DeferredMail[]): Promise<DeferredMailRenderer> {
      const ids = [...new Set(mails.map((m) => m.id).filter(isId))];
      const found = new Map((await repo.findByIds(ids)).map((order) => [order.id, order]));
      const pictures = await loadPictures([...found.values()].flatMap((order) => order.lines));
      return (mail) => renderOrderMail(found.get(mail.id) ?? null, mail, pictures);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
