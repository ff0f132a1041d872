import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import { submitOrderBodySchema } from '@catalogue/shared/schemas/order';
import {
  adjustForSale,
  codeKeyOf,
  QUICK_ORDER_MESSAGES,
  type BuyerChoice,
  type OnBehalfBody,
  type OrderAgain,
  type QuickOrderAddBody,
  type QuickOrderLine,
  type QuickOrderSuggestion,
  type ReadLine,
} from '@catalogue/shared/schemas/quick-order';
import type { Cart } from '@catalogue/shared/schemas/cart';
import { MAX_QUANTITY } from '@catalogue/shared/domain/limits';
import type { Db } from '../../db/client.ts';
import type { CartService, ListOwner } from '../cart/index.ts';
import type { OrdersService, SubmittedOrder } from '../orders/index.ts';
import type { SearchService } from '../search/index.ts';
import { createQuickOrderRepository, type BuyerRow, type CodeRow } from './quick-order.repository.ts';

/** Designs offered for a code that matches none exactly. */
const SUGGESTIONS = 5;
/**
 * Distinct unknown codes of one paste that get suggestions: a paste of thousands of junk codes
 * must not run thousands of searches. Later unknown codes are listed with no suggestions.
 */
const SUGGESTED_CODES = 100;
/** Longer codes are not searched for (the search refuses over 100 characters). */
const MAX_SEARCHED_CODE = 60;
/** Buyers listed for an admin's search. */
const BUYER_CHOICES = 20;

/** Letters a keyboard or a tired eye puts for digits inside a code's number ("RG-1O01"). */
const lookAlikeKey = (key: string) =>
  key.replace(
    /^([a-z]*\d)(.*)$/,
    (_, head: string, tail: string) => head + tail.replace(/o/g, '0').replace(/[il]/g, '1'),
  );

const isActive = (buyer: BuyerRow) => buyer.status === 'active';

export function createQuickOrderService(deps: {
  db: Db;
  search: Pick<SearchService, 'matches'>;
  cart: CartService;
  orders: Pick<OrdersService, 'submitOrder'>;
}) {
  const repo = createQuickOrderRepository(deps.db);

  function adjusted(row: CodeRow, pieces: number) {
    const change = adjustForSale(pieces, { minOrderQuantity: row.minOrderQuantity, packSize: row.packSize });
    if (!change) return {};
    const adjustReason =
      change.reason === 'minimum'
        ? `${pieces} → ${change.adjustedTo}: the minimum order is ${row.minOrderQuantity}`
        : `${pieces} → ${change.adjustedTo}: sold in packs of ${row.packSize}`;
    return {
      adjustedTo: change.adjustedTo,
      adjustReason,
      ...(change.reason === 'pack' ? { packSize: row.packSize! } : {}),
    };
  }

  /**
   * The closest designs for each unknown code: those the forgiving search finds for it (a code
   * that holds the text, synonyms, close spellings of names), the code with look-alike letters
   * read as digits, then the codes spelled most like it.
   */
  async function suggestionsFor(codes: readonly string[]): Promise<Map<string, QuickOrderSuggestion[]>> {
    const ids = new Map<string, string[]>();
    const lookAlikes = new Map(codes.map((code) => [code, lookAlikeKey(codeKeyOf(code))]));
    const byLookAlike = new Map<string, string[]>();
    for (const row of await repo.findByCodeKeys([...new Set(lookAlikes.values())])) {
      byLookAlike.set(row.key, [...(byLookAlike.get(row.key) ?? []), row.id]);
    }
    for (const code of codes) {
      // The search takes at most 100 characters; a code that long is no design's.
      const found =
        code.length <= MAX_SEARCHED_CODE ? (await deps.search.matches(code)).ids.slice(0, SUGGESTIONS) : [];
      const alike = byLookAlike.get(lookAlikes.get(code)!) ?? [];
      ids.set(code, [...new Set([...alike, ...found])].slice(0, SUGGESTIONS));
    }
    const short = codes.filter((code) => ids.get(code)!.length < SUGGESTIONS);
    const similar = await repo.findSimilarCodes(short, SUGGESTIONS);
    for (const code of short) {
      ids.set(code, [...new Set([...ids.get(code)!, ...(similar.get(code) ?? [])])].slice(0, SUGGESTIONS));
    }
    const rows = new Map(
      (await repo.findByIds([...new Set([...ids.values()].flat())])).map((r) => [r.id, r]),
    );
    return new Map(
      codes.map((code) => [
        code,
        ids
          .get(code)!
          .flatMap((id) =>
            rows.has(id) ? [{ productId: id, code: rows.get(id)!.code, name: rows.get(id)!.name }] : [],
          ),
      ]),
    );
  }

  /**
   * Matches what the reader read against the catalogue: one lookup of every code's key on the
   * code-key index. A key with exactly one design is matched; none or several, suggested (the
   * buyer picks; nothing is chosen for them).
   */
  async function match(read: readonly ReadLine[]): Promise<QuickOrderLine[]> {
    const keys = [...new Set(read.flatMap((l) => (l.kind === 'item' ? [l.codeKey] : [])))];
    const byKey = new Map<string, CodeRow[]>();
    for (const row of await repo.findByCodeKeys(keys))
      byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
    const unknown: string[] = [];
    for (const line of read) {
      if (line.kind !== 'item' || byKey.get(line.codeKey)?.length) continue;
      if (!unknown.includes(line.code) && unknown.length < SUGGESTED_CODES) unknown.push(line.code);
    }
    const suggested = await suggestionsFor(unknown);
    return read.map((line): QuickOrderLine => {
      if (line.kind === 'unreadable') {
        return {
          row: line.row,
          input: line.input,
          status: 'unreadable',
          ...(line.code ? { code: line.code } : {}),
        };
      }
      const read = { quantity: line.quantity, unit: line.unit, pieces: line.pieces };
      const rows = byKey.get(line.codeKey) ?? [];
      if (rows.length === 1) {
        const [row] = rows as [CodeRow];
        return {
          row: line.row,
          input: line.input,
          status: 'matched',
          productId: row.id,
          code: row.code,
          name: row.name,
          ...read,
          ...adjusted(row, line.pieces),
        };
      }
      const suggestions = rows.length
        ? rows.map((r) => ({ productId: r.id, code: r.code, name: r.name }))
        : (suggested.get(line.code) ?? []);
      return { row: line.row, input: line.input, status: 'suggested', code: line.code, ...read, suggestions };
    });
  }

  /** The lines' pieces per design, added up, each raised to the design's minimum order. */
  async function confirmedLines(lines: QuickOrderAddBody['lines']) {
    const malformed = lines.flatMap((l, i) => (isId(l.productId) ? [] : [i]));
    const rows = new Map(
      (
        await repo.findByIds(lines.filter((l) => isId(l.productId)).map((l) => l.productId.toLowerCase()))
      ).map((r) => [r.id, r]),
    );
    const missing = lines.flatMap((l, i) =>
      malformed.includes(i) || !rows.has(l.productId.toLowerCase()) ? [i] : [],
    );
    if (missing.length) {
      throw new AppError(
        'BAD_REQUEST',
        missing.length === 1
          ? 'A design in the list is no longer available; please remove it'
          : `${missing.length} designs in the list are no longer available; please remove them`,
        missing.map((i) => ({ path: `lines.${i}.productId`, message: 'Product not found' })),
      );
    }
    const totals = new Map<string, number>();
    for (const line of lines) {
      const id = line.productId.toLowerCase();
      totals.set(id, Math.min(MAX_QUANTITY, (totals.get(id) ?? 0) + line.pieces));
    }
    return [...totals].map(([productId, pieces]) => {
      const row = rows.get(productId)!;
      return {
        productId,
        quantity:
          adjustForSale(pieces, { minOrderQuantity: row.minOrderQuantity, packSize: row.packSize })
            ?.adjustedTo ?? pieces,
      };
    });
  }

  const toChoice = (b: BuyerRow): BuyerChoice => ({
    _id: b.id,
    name: b.name,
    email: b.email,
    contactNumber: b.contactNumber,
    companyName: b.companyName,
    country: b.country,
  });

  return {
    match,

    /** Puts the confirmed lines into the owner's enquiry list (pieces of one design add up, and to what is there). */
    async add(owner: ListOwner, lines: QuickOrderAddBody['lines']): Promise<Cart> {
      return deps.cart.merge(owner, await confirmedLines(lines));
    },

    /** The request's lines for "request again"; null unless it exists and is `userId`'s. */
    async again(orderId: string, userId: string): Promise<OrderAgain | null> {
      if (!isId(orderId)) return null;
      const owner = await repo.findOrderOwner(orderId.toLowerCase());
      if (owner !== userId) return null;
      const rows = await repo.listAgainLines(orderId.toLowerCase());
      return {
        lines: rows.map((r) => ({
          productId: r.productId,
          code: r.code,
          name: r.name,
          quantity: r.quantity,
          lastQuotedUnitPrice: r.unitPrice,
          currency: r.currency as OrderAgain['lines'][number]['currency'],
          available: r.productId !== null,
        })),
      };
    },

    async searchBuyers(text: string): Promise<BuyerChoice[]> {
      return (await repo.searchBuyers(text.trim(), BUYER_CHOICES)).map(toChoice);
    },

    /**
     * A price request sent for a buyer by an administrator: stored as the buyer's (their account's
     * details), recording who entered it, and mailed to the buyer as if they had sent it.
     */
    async submitOnBehalf(admin: { id: string; name: string }, body: OnBehalfBody): Promise<SubmittedOrder> {
      const buyer = isId(body.userId) ? await repo.findBuyer(body.userId.toLowerCase()) : null;
      if (!buyer) throw new AppError('NOT_FOUND', QUICK_ORDER_MESSAGES.buyerNotFound);
      if (buyer.role !== 'user') {
        throw new AppError('BAD_REQUEST', QUICK_ORDER_MESSAGES.notABuyer, [
          { path: 'userId', message: QUICK_ORDER_MESSAGES.notABuyer },
        ]);
      }
      if (!isActive(buyer)) throw new AppError('CONFLICT', QUICK_ORDER_MESSAGES.buyerNotActive);
      const lines = await confirmedLines(
        body.lines.map((l) => ({ productId: l.productId, pieces: l.quantity })),
      );
      const request = submitOrderBodySchema.safeParse({
        firstName: buyer.name,
        email: buyer.email,
        contactNumber: buyer.contactNumber,
        country: buyer.country,
        companyName: buyer.companyName,
        companyWebsite: buyer.companyWebsite,
        message: body.note ?? '',
        orderDetails: lines,
      });
      if (!request.success) {
        throw new AppError(
          'CONFLICT',
          `The buyer’s account details cannot head a price request (${request.error.issues
            .map((i) => i.path.join('.'))
            .join(', ')}); ask them to complete their profile`,
        );
      }
      return deps.orders.submitOrder({ id: buyer.id, email: buyer.email }, request.data, null, admin);
    },
  };
}

export type QuickOrderService = ReturnType<typeof createQuickOrderService>;
