import { AppError } from '@catalogue/shared/errors';
import { PRODUCT_IMAGE_MAX_BYTES } from '@catalogue/shared/domain/limits';
import { isId } from '@catalogue/shared/domain/ids';
import { PRODUCT_MESSAGES } from '@catalogue/shared/schemas/product';
import { buyerRequestPath } from '@catalogue/shared/domain/quotation';
import {
  BOARD_LIMIT,
  FULFILMENT_STAGES,
  checkShipment,
  decideDetails,
  decideShipment,
  decideStage,
  indiaToday,
  isFulfilmentStage,
  isOnTime,
  isShipOverdue,
  type Board,
  type Fulfilment,
  type FulfilmentDetailsBody,
  type FulfilmentFigures,
  type FulfilmentStage,
  type ShipmentBody,
  type StageBody,
} from '@catalogue/shared/schemas/fulfilment';
import type { Database, Db, Tx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { OutboxMail } from '../mail/index.ts';
import type { MediaService } from '../media/index.ts';
import { type Actor, ORDER_NOT_FOUND } from '../orders/index.ts';
import {
  createFulfilmentRepository,
  fulfilmentStoreOf,
  type FulfilmentStore,
  type LockedFulfilment,
  type StageRow,
} from './fulfilment.repository.ts';
import { FULFILMENT_MAIL, stageMail } from './fulfilment.mail.ts';

export type FulfilmentServiceDeps = {
  env: Pick<Env, 'SITE_URL'>;
  database: Database;
  media: Pick<MediaService, 'ingestImage' | 'urlOf'>;
  onMailQueued: () => void;
};

const conflict = (message: string) => new AppError('CONFLICT', message);
const stageOf = (value: string | null): FulfilmentStage => (isFulfilmentStage(value) ? value : 'confirmed');
const roleOf = (role: string): 'user' | 'admin' => (role === 'admin' ? 'admin' : 'user');
const DAY_MS = 86_400_000;

/** Who accepted the quote and when: the first stage of an order accepted before fulfilment was kept. */
export type Acceptance = { at: string; by: { _id: string | null; name: string } };

export function createFulfilmentService({ env, database, media, onMailQueued }: FulfilmentServiceDeps) {
  const repo = createFulfilmentRepository(database.db);
  const buyerLink = (id: string) => env.SITE_URL.replace(/\/$/, '') + buyerRequestPath(id);

  /**
   * One change to an order in production, in one transaction: the order is locked, it must be
   * accepted, `check` decides from the stage as read now (409 naming it), then the version must be
   * the one the caller read (409, nothing written). `work` writes and returns mails to queue.
   */
  async function write(
    id: string,
    version: number,
    check: (stage: FulfilmentStage) => { ok: true } | { ok: false; message: string },
    work: (
      store: FulfilmentStore,
      order: LockedFulfilment,
      stage: FulfilmentStage,
      now: Date,
    ) => Promise<OutboxMail[]>,
  ): Promise<void> {
    if (!isId(id)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    const queued = await repo.transaction(async (store) => {
      const order = await store.lockOrder(id);
      if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
      if (order.status !== 'accepted')
        throw conflict(`This request is ${order.status}; it becomes an order once its quote is accepted`);
      const stage = stageOf(order.stage);
      const decision = check(stage);
      if (!decision.ok) throw conflict(decision.message);
      if (order.version !== version)
        throw conflict(
          `This order was changed by someone else (version ${order.version}, not ${version}); reload it and try again`,
        );
      const now = new Date();
      if (order.stage === null)
        // Accepted before fulfilment was kept: it starts now, from its acceptance.
        await store.start(
          id,
          { poNumber: null },
          {
            note: null,
            byUserId: order.userId,
            byName: order.acceptedBy ?? order.firstName,
            byRole: 'user',
            at: order.decidedAt ?? now,
          },
        );
      const mails = await work(store, order, stage, now);
      await store.bumpVersion(id);
      await store.enqueue(mails.map((mail) => ({ kind: FULFILMENT_MAIL.stage, mail })));
      return mails.length;
    });
    if (queued) onMailQueued();
  }

  const mailOf = (
    order: LockedFulfilment,
    stage: FulfilmentStage,
    note: string | null,
    shipment: Parameters<typeof stageMail>[3],
    details: { poNumber: string | null; expectedShipDate: string | null },
  ) =>
    stageMail(
      { orderNumber: order.orderNumber, firstName: order.firstName, ...details },
      stage,
      note,
      shipment,
      order.buyerEmail,
      buyerLink(order.id),
    );

  const toStageJson = (row: StageRow): Fulfilment['stages'][number] => ({
    stage: stageOf(row.stage),
    at: row.at.toISOString(),
    note: row.note,
    by: { _id: row.byUserId, name: row.byName, role: roleOf(row.byRole) },
    photoUrl: row.photoMediaId ? media.urlOf(row.photoMediaId) : null,
  });

  return {
    /**
     * Starts the order at `confirmed` in the acceptance's own transaction (`tx`), with the PO
     * number the buyer gave.
     */
    async start(tx: Db | Tx, input: { orderId: string; poNumber: string | null; actor: Actor; at: Date }) {
      await fulfilmentStoreOf(tx).start(
        input.orderId,
        { poNumber: input.poNumber },
        { note: null, byUserId: input.actor.id, byName: input.actor.name, byRole: 'user', at: input.at },
      );
    },

    /** The order in production as its buyer and the admins read it (an accepted order). */
    async describe(id: string, acceptance: Acceptance, now = new Date()): Promise<Fulfilment> {
      const [state, stages, items, shipped] = await Promise.all([
        repo.findState(id),
        repo.listStages(id),
        repo.listItems(id),
        repo.listShipments(id),
      ]);
      const stage = stageOf(state?.stage ?? null);
      const expectedShipDate = state?.expectedShipDate ?? null;
      return {
        stage,
        poNumber: state?.poNumber ?? null,
        expectedShipDate,
        overdue: isShipOverdue(stage, expectedShipDate, now),
        stages: stages.length
          ? stages.map(toStageJson)
          : [
              {
                stage: 'confirmed',
                at: acceptance.at,
                note: null,
                by: { ...acceptance.by, role: 'user' },
                photoUrl: null,
              },
            ],
        shipments: shipped.map((s) => ({
          _id: s.id,
          lines: s.lines,
          courier: s.courier,
          trackingNumber: s.trackingNumber,
          shippedAt: s.shippedAt.toISOString(),
        })),
        lines: items.map((i) => ({
          productId: i.productId,
          sku: i.sku,
          name: i.name,
          accepted: i.quantity,
          shipped: i.shipped,
        })),
      };
    },

    /** The expected ship date and the PO number (admin); a key left out keeps its value. */
    async saveDetails(id: string, body: FulfilmentDetailsBody): Promise<void> {
      await write(id, body.version, decideDetails, async (store, _order, _stage, now) => {
        const fields: { poNumber?: string | null; expectedShipDate?: string | null } = {};
        if (body.poNumber !== undefined) fields.poNumber = body.poNumber;
        if (body.expectedShipDate !== undefined) fields.expectedShipDate = body.expectedShipDate;
        await store.update(id, fields, now);
        return [];
      });
    },

    /** Moves the order to `stage` by hand (admin); the buyer is mailed. */
    async moveStage(id: string, actor: Actor, body: StageBody): Promise<void> {
      await write(
        id,
        body.version,
        (stage) => decideStage(stage, body.stage),
        async (store, order, _stage, now) => {
          const photo = body.photoId ? body.photoId.toLowerCase() : null;
          if (photo && !(isId(photo) && (await store.mediaExists(photo))))
            throw new AppError('BAD_REQUEST', 'photoId: no such picture; upload it first');
          await store.update(id, { stage: body.stage }, now);
          await store.addStage(id, {
            stage: body.stage,
            note: body.note,
            byUserId: actor.id,
            byName: actor.name,
            byRole: 'admin',
            photoMediaId: photo,
            at: now,
          });
          return [mailOf(order, body.stage, body.note, null, order)];
        },
      );
    },

    /** Records a dispatch (admin): the order becomes partly dispatched, or dispatched once every line is shipped. */
    async addShipment(id: string, actor: Actor, body: ShipmentBody): Promise<void> {
      await write(id, body.version, decideShipment, async (store, order, _stage, now) => {
        const items = await store.listItems(id);
        const byProduct = new Map(
          items.filter((i) => i.productId).map((i) => [i.productId!.toLowerCase(), i]),
        );
        const key = (productId: string) => byProduct.get(productId.toLowerCase())?.id ?? productId;
        const check = checkShipment(
          items.map((i) => ({ key: i.id, label: i.sku, accepted: i.quantity, shipped: i.shipped })),
          body.lines.map((l) => ({ key: key(l.productId), quantity: l.quantity })),
        );
        if (!check.ok) throw new AppError('BAD_REQUEST', check.message);
        const shippedAt = body.shippedAt ? new Date(body.shippedAt) : now;
        const lines = body.lines.map((l) => {
          const item = byProduct.get(l.productId.toLowerCase())!;
          return {
            orderItemId: item.id,
            productId: item.productId,
            quantity: l.quantity,
            actualWeightMg: l.actualWeightMg ?? null,
          };
        });
        await store.addShipment(
          id,
          { courier: body.courier, trackingNumber: body.trackingNumber, shippedAt, byUserId: actor.id },
          lines,
        );
        await store.update(
          id,
          { stage: check.stage, ...(check.stage === 'dispatched' ? { dispatchedAt: shippedAt } : {}) },
          now,
        );
        const note = `${body.courier} ${body.trackingNumber}`;
        await store.addStage(id, {
          stage: check.stage,
          note,
          byUserId: actor.id,
          byName: actor.name,
          byRole: 'admin',
          photoMediaId: null,
          at: now,
        });
        const mailLines = body.lines.map((l) => {
          const item = byProduct.get(l.productId.toLowerCase())!;
          return { sku: item.sku, name: item.name, quantity: l.quantity };
        });
        return [
          mailOf(
            order,
            check.stage,
            null,
            { courier: body.courier, trackingNumber: body.trackingNumber, lines: mailLines },
            order,
          ),
        ];
      });
    },

    /** Checks and stores a quality-check picture (the checks and limits of a product picture). */
    async uploadPhoto(data: Buffer | null): Promise<{ _id: string; url: string }> {
      if (!data) throw new AppError('BAD_REQUEST', 'image: choose a picture to upload');
      const { id } = await media.ingestImage(data, {
        maxBytes: PRODUCT_IMAGE_MAX_BYTES,
        tooLargeMessage: PRODUCT_MESSAGES.imageTooLarge,
      });
      return { _id: id, url: media.urlOf(id) };
    },

    /** The production board: accepted orders, earliest due first, with the counts of every stage. */
    async board(
      filter: { stages: FulfilmentStage[] | null; overdue: boolean; search: string },
      now = new Date(),
    ): Promise<Board> {
      const today = indiaToday(now);
      const [{ rows, matched }, counts] = await Promise.all([
        repo.listBoard({
          stages: filter.stages,
          overdueBefore: filter.overdue ? today : null,
          search: filter.search,
          limit: BOARD_LIMIT,
        }),
        repo.countStages(today),
      ]);
      return {
        orders: rows.slice(0, BOARD_LIMIT).map((r) => {
          const stage = stageOf(r.stage);
          return {
            _id: r.id,
            orderId: r.orderNumber,
            firstName: r.firstName,
            companyName: r.companyName,
            country: r.country,
            stage,
            poNumber: r.poNumber,
            expectedShipDate: r.expectedShipDate,
            overdue: isShipOverdue(stage, r.expectedShipDate, now),
            acceptedAt: r.decidedAt?.toISOString() ?? null,
            pieces: r.pieces,
            shippedPieces: r.shippedPieces,
            total: r.quoteTotal,
            currency: r.quoteCurrency,
            stageAt: r.stageAt.toISOString(),
          };
        }),
        counts: Object.fromEntries(
          FULFILMENT_STAGES.map((s) => [s, counts.byStage.get(s) ?? 0]),
        ) as Board['counts'],
        overdueCount: counts.overdue,
        truncated: matched > BOARD_LIMIT,
      };
    },

    /** On-time dispatch rate and median days from acceptance to dispatch, of every dispatched order. */
    async figures(now = new Date()): Promise<FulfilmentFigures> {
      const [dispatched, counts] = await Promise.all([
        repo.listDispatched(),
        repo.countStages(indiaToday(now)),
      ]);
      const dated = dispatched.filter((d) => d.expectedShipDate);
      const onTime = dated.filter((d) => isOnTime(d.expectedShipDate!, d.dispatchedAt)).length;
      const days = dispatched
        .filter((d) => d.decidedAt)
        .map((d) => (d.dispatchedAt.getTime() - d.decidedAt!.getTime()) / DAY_MS)
        .sort((a, b) => a - b);
      const median = days.length
        ? days.length % 2
          ? days[(days.length - 1) / 2]!
          : (days[days.length / 2 - 1]! + days[days.length / 2]!) / 2
        : null;
      const inProduction = [
        'confirmed',
        'in_production',
        'quality_check',
        'packed',
        'partly_dispatched',
      ].reduce((sum, s) => sum + (counts.byStage.get(s) ?? 0), 0);
      return {
        dispatched: dated.length,
        onTimeRate: dated.length ? onTime / dated.length : null,
        medianDaysToDispatch: median === null ? null : Math.round(median * 10) / 10,
        inProduction,
        overdue: counts.overdue,
      };
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
