import { seesPrices } from '@catalogue/shared/domain/prices';
import crypto from 'node:crypto';
import { AppError } from '@catalogue/shared/errors';
import { emptyAttributes } from '@catalogue/shared/schemas/attributes';
import { isId } from '@catalogue/shared/schemas/common';
import {
  SELECTION_MESSAGES,
  type LinkActivity,
  type LinkCreate,
  type LinkEmail,
  type Selection,
  type SelectionCreate,
  type SelectionLink,
  type SelectionUpdate,
  type SharedDesign,
  type SharedSelection,
} from '@catalogue/shared/schemas/selection';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { LruCache } from '../../lib/lru-cache.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../mail/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { type MediaService, type MediaStore, type PublicImageUrl, thumbnailOf } from '../media/index.ts';
import { makePreviewImage } from './preview-image.ts';
import { makeLineSheetPdf } from './line-sheet.ts';
import { makeLineSheetWorkbook } from './line-sheet-workbook.ts';
import { fromJson, type ProductRow, toProduct, toProductImages } from '../products/index.ts';
import type { DomainEvents } from '../../domain-events.ts';
import { selectionLinkMail } from './selections.mail.ts';
import { createOpenRecorder } from './open-recorder.ts';
import {
  createSelectionsRepository,
  type DesignRow,
  type ItemRow,
  type LinkRow,
  type LinkWithSelection,
  type SelectionRow,
} from './selections.repository.ts';

/** A line sheet's file: an A4 PDF or a workbook with a picture per row. */
export type LineSheetFormat = 'pdf' | 'xlsx';

/**
 * A file made by the `selections.file` job: what it is made from, read again by the job. The
 * content key (`planFile`) adds the designs as they are then.
 */
export type SelectionFile =
  | {
      kind: 'linesheet';
      selectionId: string;
      title: string;
      showPrices: boolean;
      language: 'en' | 'hi';
      version: number;
      format: LineSheetFormat;
    }
  | {
      kind: 'cart-linesheet';
      userId: string;
      title: string;
      showPrices: boolean;
      language: 'en' | 'hi';
      format: LineSheetFormat;
    }
  | { kind: 'preview'; selectionId: string };

/** The job that makes a line sheet or a link preview into the media store. */
export const SELECTION_FILE_JOB = 'selections.file';
/** How long a request waits for its file to be made before answering 503 (the job goes on). */
const FILE_WAIT_MS = 30_000;

/** Who is asking: an account and whether it is an administrator. */
export type SelectionViewer = { id: string; role: string };

/** A link's page as kept in the cache: the link (for its state) and the answer for its readers. */
export type SharedEntry = {
  link: LinkWithSelection;
  answer: SharedSelection;
};

/** A token as `newToken` makes it: 32 random bytes, base64url, 43 characters. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

const isAdmin = (viewer: SelectionViewer) => viewer.role === 'admin';

export type SelectionsServiceDeps = {
  env: Pick<Env, 'SITE_URL' | 'CATALOGUE_CACHE_SECONDS'>;
  database: Database;
  imageUrl: PublicImageUrl;
  media: Pick<MediaService, 'getVariant'>;
  mediaStore: MediaStore;
  jobs: Pick<JobQueue, 'define' | 'run'>;
  events: DomainEvents;
  onMailQueued: () => void;
  log?: FastifyBaseLogger;
  now?: () => Date;
};

export function createSelectionsService(deps: SelectionsServiceDeps) {
  const { database, imageUrl, events } = deps;
  const repo = createSelectionsRepository(database.db);
  const now = deps.now ?? (() => new Date());
  const siteUrl = deps.env.SITE_URL.replace(/\/+$/, '');
  const opens = createOpenRecorder({ repo, log: deps.log, now });

  // A link's page is read from here; any change to a selection, a link or the catalogue empties
  // it, on every instance (the `selections:changed` event travels through cache-sync.ts).
  const shared = new LruCache<string, SharedEntry>({
    maxEntries: 2000,
    ttlMs: Math.max(1, deps.env.CATALOGUE_CACHE_SECONDS) * 1000,
  });
  const forget = () => shared.clear();
  events.on('selections:changed', forget);
  events.on('catalogue:changed', forget);
  const changed = () => events.emit('selections:changed');

  const linkOf = (row: LinkRow): SelectionLink => ({
    _id: row.id,
    recipient: {
      name: row.recipientName,
      email: row.recipientEmail,
      phone: row.recipientPhone,
      userId: row.recipientUserId,
    },
    expiresAt: row.expiresAt?.toISOString() ?? null,
    showPrices: row.showPrices,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });

  const selectionOf = (
    row: SelectionRow,
    items: readonly ItemRow[],
    links: readonly LinkRow[],
    lastOpenedAt: Date | null,
  ): Selection => ({
    _id: row.id,
    title: row.title,
    note: row.note,
    internalNote: row.internalNote,
    products: items.map((item) => ({
      _id: item.productId,
      code: item.code,
      name: item.name,
      imageUrl: imageUrl(item),
    })),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner: { _id: row.ownerId, name: row.ownerName },
    links: links.map(linkOf),
    lastOpenedAt: lastOpenedAt?.toISOString() ?? null,
  });

  async function describe(rows: readonly SelectionRow[]): Promise<Selection[]> {
    const ids = rows.map((r) => r.id);
    const [items, links, opened] = await Promise.all([
      repo.listItems(ids),
      repo.listLinks(ids),
      repo.lastOpened(ids),
    ]);
    return rows.map((row) =>
      selectionOf(
        row,
        items.filter((i) => i.selectionId === row.id),
        links.filter((l) => l.selectionId === row.id),
        opened.get(row.id) ?? null,
      ),
    );
  }

  /** The selection if the viewer may see it (its owner, or an admin); 404 otherwise, as for an unknown id. */
  async function ownSelection(viewer: SelectionViewer, id: string): Promise<SelectionRow> {
    const row = isId(id) ? await repo.findSelection(id) : null;
    if (!row || (!isAdmin(viewer) && row.ownerId !== viewer.id)) {
      throw new AppError('NOT_FOUND', SELECTION_MESSAGES.notFound);
    }
    return row;
  }

  /** The designs in the order given, each once; unknown ones refused by name, a buyer's limited to their list. */
  async function checkDesigns(viewer: SelectionViewer, productIds: readonly string[]): Promise<string[]> {
    const ids = [...new Set(productIds.map((id) => id.toLowerCase()))];
    const malformed = ids.filter((id) => !isId(id));
    const existing = await repo.existingProductIds(ids.filter(isId));
    const unknown = [...malformed, ...ids.filter((id) => isId(id) && !existing.has(id))];
    if (unknown.length) {
      const message = `productIds has unknown designs: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}`;
      throw new AppError('BAD_REQUEST', message, [{ path: 'productIds', message }]);
    }
    if (!isAdmin(viewer)) {
      const onList = await repo.cartProductIds(viewer.id);
      if (ids.some((id) => !onList.has(id))) {
        throw new AppError('BAD_REQUEST', SELECTION_MESSAGES.notOnList, [
          { path: 'productIds', message: SELECTION_MESSAGES.notOnList },
        ]);
      }
    }
    return ids;
  }

  async function one(id: string): Promise<Selection> {
    const row = await repo.findSelection(id);
    if (!row) throw new AppError('NOT_FOUND', SELECTION_MESSAGES.notFound);
    return (await describe([row]))[0]!;
  }

  /** A design as a link answers it; its pictures when the row was read with its gallery. */
  const sharedDesignOf = (
    row: ProductRow & { gallery?: DesignRow['gallery'] },
    showPrices: boolean,
  ): SharedDesign => {
    const product = toProduct(row, { showPrice: true, imageUrl });
    const design: SharedDesign = {
      productId: product._id,
      code: product.code,
      name: product.name,
      imageUrl: product.imageUrl,
      attributes: product.attributes ?? emptyAttributes(),
      weightGrams: product.weightGrams ?? null,
      minOrderQuantity: product.minOrderQuantity ?? null,
    };
    // No `price` key at all unless the link grants prices.
    if (showPrices) design.price = product.price ?? 0;
    if (row.gallery !== undefined) design.images = toProductImages(fromJson(row.gallery), imageUrl);
    return design;
  };

  /** The link of `token` in the cache or the database, or null when there is none. */
  async function findLink(token: string): Promise<SharedEntry | null> {
    if (!TOKEN_RE.test(token)) return null;
    const hash = hashToken(token);
    const cached = shared.get(hash);
    if (cached) return cached;
    const link = await repo.findLinkByTokenHash(hash);
    // The index found the row by its hash; the hash is compared again in constant time.
    if (!link || !crypto.timingSafeEqual(Buffer.from(link.tokenHash), Buffer.from(hash))) return null;
    const designs = await repo.listDesigns(link.selectionId);
    const entry: SharedEntry = {
      link,
      answer: {
        selection: {
          title: link.title,
          note: link.note,
          designs: designs.map((d) => sharedDesignOf(d, link.showPrices)),
        },
      },
    };
    shared.set(hash, entry);
    return entry;
  }

  /** A link that can be opened now: 404 unknown, 410 revoked or expired. */
  async function openLink(token: string): Promise<SharedEntry> {
    const entry = await findLink(token);
    if (!entry) throw new AppError('NOT_FOUND', SELECTION_MESSAGES.linkUnknown);
    const { link } = entry;
    if (link.revokedAt || (link.expiresAt && link.expiresAt.getTime() <= now().getTime())) {
      throw new AppError('GONE', SELECTION_MESSAGES.linkGone);
    }
    return entry;
  }

  /** A picture of ours, a few hundred pixels across, for the preview and the line sheet; null otherwise. */
  const pictureOf = (mediaId: string | null, width: number, height: number) =>
    thumbnailOf(deps.media, mediaId, width, height);

  const contentKey = (parts: readonly unknown[]) =>
    crypto.createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);

  /** A line sheet's input: its rows' designs, prices only when `showPrices`, and their pictures. */
  const lineSheetInput = (
    title: string,
    rows: readonly ProductRow[],
    showPrices: boolean,
    language: 'en' | 'hi',
  ) => ({
    title,
    language,
    designs: rows.map((r) => sharedDesignOf(r, showPrices)),
    pictureOf: (index: number) => pictureOf(rows[index]?.mediaId ?? null, 200, 200),
  });

  /**
   * A file's key in the media store, named by what it is made from (so a changed selection or
   * list makes a new one), and how to make it. Read afresh from the database by the request (for
   * the key) and by the job (for the file): the job makes what the data says now.
   */
  async function planFile(file: SelectionFile): Promise<{ key: string; make: () => Promise<Buffer> }> {
    if (file.kind === 'preview') {
      const designs = (await repo.listDesignRows(file.selectionId)).slice(0, 6);
      return {
        key: `selections/${file.selectionId}/preview-${contentKey(designs.map((d) => [d.id, d.mediaId, d.code]))}.jpg`,
        make: async () =>
          makePreviewImage(
            await Promise.all(
              designs.map(async (d) => ({ code: d.code, picture: await pictureOf(d.mediaId, 400, 315) })),
            ),
          ),
      };
    }
    const rows =
      file.kind === 'cart-linesheet'
        ? await repo.listCartDesigns(file.userId)
        : await repo.listDesignRows(file.selectionId);
    const folder =
      file.kind === 'cart-linesheet' ? `linesheets/${file.userId}` : `selections/${file.selectionId}`;
    const version = file.kind === 'cart-linesheet' ? 0 : file.version;
    const key = `${folder}/linesheet-${contentKey([
      version,
      file.title,
      file.showPrices,
      file.language,
      rows.map((r) => [r.id, r.updatedAt.toISOString(), r.mediaId]),
    ])}.${file.format}`;
    const input = lineSheetInput(file.title, rows, file.showPrices, file.language);
    return {
      key,
      make: () => (file.format === 'pdf' ? makeLineSheetPdf(input) : makeLineSheetWorkbook(input, now())),
    };
  }

  // Making a file is a job (ADR 017): any instance may make it, once, into the media store.
  deps.jobs.define<SelectionFile>(SELECTION_FILE_JOB, {
    async run({ data }) {
      const { key, make } = await planFile(data);
      // Made meanwhile by another run (two instances asked at once): kept as it is.
      const stored = await deps.mediaStore.open(key);
      if (stored) stored.body.destroy();
      else await deps.mediaStore.put(key, await make());
      return { key };
    },
    concurrency: 2,
    // Made again elsewhere when its instance died: the file is whole in the store or not there.
    retryLimit: 1,
  });
  /** Files being made for this instance's requests: asked twice at once, made once. */
  const making = new Map<string, Promise<string>>();

  /**
   * A file from the media store, made by a job the first time (the request waits for it up to
   * `FILE_WAIT_MS`, then answers 503; the job goes on and keeps it for the next request).
   */
  async function keptFile(file: SelectionFile): Promise<Buffer> {
    const { key } = await planFile(file);
    const stored = await deps.mediaStore.get(key);
    if (stored) return stored;
    let made = making.get(key);
    if (!made) {
      made = deps.jobs
        .run<{ key: string }>(SELECTION_FILE_JOB, file, FILE_WAIT_MS)
        .then((result) => result.key)
        .finally(() => making.delete(key));
      making.set(key, made);
    }
    const bytes = await deps.mediaStore.get(await made);
    if (!bytes) throw new AppError('UNAVAILABLE', 'The file could not be kept; try again');
    return bytes;
  }

  return {
    /** The link's line sheet (PDF or XLSX), prices only when the link grants them; once per selection version. */
    async lineSheet(token: string, language: 'en' | 'hi', format: LineSheetFormat = 'pdf'): Promise<Buffer> {
      const { link } = await openLink(token);
      return keptFile({
        kind: 'linesheet',
        selectionId: link.selectionId,
        title: link.title,
        showPrices: link.showPrices,
        language,
        version: link.version,
        format,
      });
    },

    /** A buyer's own enquiry list as a line sheet; prices when the owner is an admin or prices are public. */
    async cartLineSheet(
      viewer: SelectionViewer,
      userId: string,
      language: 'en' | 'hi',
      publicPrices: boolean,
      format: LineSheetFormat = 'pdf',
    ) {
      // The list's owner, or an administrator preparing it for them.
      if (viewer.id !== userId && !isAdmin(viewer)) throw new AppError('FORBIDDEN', 'Forbidden');
      return keptFile({
        kind: 'cart-linesheet',
        userId,
        title: language === 'hi' ? 'पूछताछ सूची' : 'Enquiry list',
        showPrices: seesPrices(viewer, publicPrices),
        language,
        format,
      });
    },

    /**
     * The link preview (1200×630 JPEG ≤ 250 KB) of the link's first six designs, made once for
     * those designs and pictures and kept in the media store.
     */
    async preview(token: string): Promise<Buffer> {
      const { link } = await openLink(token);
      return keptFile({ kind: 'preview', selectionId: link.selectionId });
    },

    async create(viewer: SelectionViewer, body: SelectionCreate): Promise<Selection> {
      const productIds = await checkDesigns(viewer, body.productIds);
      const id = await repo.insertSelection({
        title: body.title,
        note: body.note ?? '',
        internalNote: body.internalNote ?? '',
        ownerId: viewer.id,
        productIds,
      });
      return one(id);
    },

    /** An admin sees every selection; anyone else their own. */
    async list(viewer: SelectionViewer): Promise<Selection[]> {
      return describe(await repo.listSelections(isAdmin(viewer) ? null : viewer.id));
    },

    async get(viewer: SelectionViewer, id: string): Promise<Selection> {
      return (await describe([await ownSelection(viewer, id)]))[0]!;
    },

    async update(viewer: SelectionViewer, id: string, body: SelectionUpdate): Promise<Selection> {
      await ownSelection(viewer, id);
      const productIds = body.productIds ? await checkDesigns(viewer, body.productIds) : undefined;
      const fields = {
        ...(body.title !== undefined && { title: body.title }),
        ...(body.note !== undefined && { note: body.note }),
        ...(body.internalNote !== undefined && { internalNote: body.internalNote }),
      };
      if (!(await repo.updateSelection(id, fields, productIds, body.version))) {
        throw new AppError('CONFLICT', SELECTION_MESSAGES.versionConflict);
      }
      changed();
      return one(id);
    },

    async remove(viewer: SelectionViewer, id: string): Promise<void> {
      await ownSelection(viewer, id);
      await repo.deleteSelection(id);
      changed();
    },

    async createLink(
      viewer: SelectionViewer,
      id: string,
      body: LinkCreate & { sendEmail?: boolean; message?: string },
    ) {
      const selection = await ownSelection(viewer, id);
      if (body.showPrices && !isAdmin(viewer))
        throw new AppError('FORBIDDEN', SELECTION_MESSAGES.pricesAdminOnly);
      const { recipient } = body;
      if (
        recipient.userId !== undefined &&
        !(isId(recipient.userId) && (await repo.userExists(recipient.userId)))
      ) {
        const message = 'recipient.userId is not a known account';
        throw new AppError('BAD_REQUEST', message, [{ path: 'recipient.userId', message }]);
      }
      if (body.sendEmail && !recipient.email) {
        const message = SELECTION_MESSAGES.noEmail;
        throw new AppError('BAD_REQUEST', message, [{ path: 'recipient.email', message }]);
      }
      const token = newToken();
      const url = `${siteUrl}/s/${token}`;
      const values = {
        selectionId: id,
        tokenHash: hashToken(token),
        recipientName: recipient.name,
        recipientEmail: recipient.email ?? null,
        recipientPhone: recipient.phone ?? null,
        recipientUserId: recipient.userId?.toLowerCase() ?? null,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        showPrices: body.showPrices ?? false,
      };
      const row = await database.db.transaction(async (tx) => {
        const link = await createSelectionsRepository(tx as unknown as Database['db']).insertLink(values);
        if (body.sendEmail && recipient.email) {
          await enqueueMail(tx, [
            {
              kind: 'selection.link',
              payload: {
                mail: selectionLinkMail({
                  to: recipient.email,
                  recipientName: recipient.name,
                  title: selection.title,
                  url,
                  message: body.message ?? '',
                }),
              },
            },
          ]);
        }
        return link;
      });
      if (body.sendEmail) deps.onMailQueued();
      return { link: { ...linkOf(row), url, token } };
    },

    /**
     * Mails a link's address to its recipient again, through the outbox. Only the token's hash is
     * kept, so the caller gives the token (from the answer that made the link) and it must be
     * that link's: 404 otherwise, as for an unknown link; 410 once revoked or expired.
     */
    async emailLink(viewer: SelectionViewer, id: string, linkId: string, body: LinkEmail): Promise<void> {
      const selection = await ownSelection(viewer, id);
      const link =
        isId(linkId) && TOKEN_RE.test(body.token)
          ? await repo.findLinkByTokenHash(hashToken(body.token))
          : null;
      if (!link || link.id !== linkId.toLowerCase() || link.selectionId !== selection.id) {
        throw new AppError('NOT_FOUND', SELECTION_MESSAGES.tokenMismatch);
      }
      if (link.revokedAt || (link.expiresAt && link.expiresAt.getTime() <= now().getTime())) {
        throw new AppError('GONE', SELECTION_MESSAGES.linkRevoked);
      }
      if (!link.recipientEmail) {
        const message = SELECTION_MESSAGES.noEmail;
        throw new AppError('BAD_REQUEST', message, [{ path: 'recipient.email', message }]);
      }
      await enqueueMail(database.db, [
        {
          kind: 'selection.link',
          payload: {
            mail: selectionLinkMail({
              to: link.recipientEmail,
              recipientName: link.recipientName,
              title: selection.title,
              url: `${siteUrl}/s/${body.token}`,
              message: body.message ?? '',
            }),
          },
        },
      ]);
      deps.onMailQueued();
    },

    /**
     * A price request sent from a browser that opened links (their tokens, from its cookie): it is
     * recorded against each of those links whose selection holds one of its designs.
     */
    async recordOrder(orderNumber: number, tokens: readonly string[]): Promise<string[]> {
      const hashes = tokens.filter((token) => TOKEN_RE.test(token)).map(hashToken);
      return repo.recordOrderFromLinks(orderNumber, hashes);
    },

    /** Which selections and links a price request followed (the admin's order view). */
    async sourcesOfOrder(orderId: string) {
      if (!isId(orderId)) return { sources: [] };
      return { sources: await repo.sourcesOfOrder(orderId.toLowerCase()) };
    },

    async revokeLink(viewer: SelectionViewer, id: string, linkId: string): Promise<SelectionLink> {
      await ownSelection(viewer, id);
      const row = isId(linkId) ? await repo.revokeLink(id, linkId) : null;
      if (!row) throw new AppError('NOT_FOUND', SELECTION_MESSAGES.linkNotFound);
      changed();
      return linkOf(row);
    },

    async activity(viewer: SelectionViewer, id: string): Promise<{ links: LinkActivity[] }> {
      await ownSelection(viewer, id);
      const [links, rows, orders] = await Promise.all([
        repo.listLinks([id]),
        repo.activity(id),
        repo.ordersFollowing(id),
      ]);
      const byLink = new Map(rows.map((r) => [r.linkId, r]));
      return {
        links: links.map((link) => {
          const a = byLink.get(link.id);
          return {
            linkId: link.id,
            recipient: linkOf(link).recipient,
            revokedAt: link.revokedAt?.toISOString() ?? null,
            opens: a?.opens ?? 0,
            firstOpenedAt: a?.firstOpenedAt?.toISOString() ?? null,
            lastOpenedAt: a?.lastOpenedAt?.toISOString() ?? null,
            designsViewed: a?.designsViewed ?? 0,
            designsAdded: a?.designsAdded ?? 0,
            orders: orders.get(link.id) ?? [],
          };
        }),
      };
    },

    /** Links opened in the last 7 days with no price request since their last open. */
    async followUps(viewer: SelectionViewer) {
      const since = new Date(now().getTime() - 7 * 86_400_000);
      const rows = await repo.followUps(since, isAdmin(viewer) ? null : viewer.id);
      return { links: rows.map((r) => ({ ...r, lastOpenedAt: r.lastOpenedAt.toISOString() })) };
    },

    /**
     * The link's page data, answered from the cache; the open is recorded in the background
     * (batched, never awaited by the page). A signed-in reader is remembered as the link's viewer.
     */
    async open(token: string, reader: { userId: string | null } = { userId: null }): Promise<SharedEntry> {
      const entry = await openLink(token);
      opens.record(entry.link.id, { viewed: entry.answer.selection.designs.length, added: 0 });
      if (reader.userId) opens.viewer(entry.link.id, reader.userId);
      return entry;
    },

    /** What the page reports: designs added to a list (and who, if signed in). */
    async report(token: string, added: number, userId: string | null): Promise<void> {
      const entry = await openLink(token);
      opens.record(entry.link.id, { viewed: 0, added });
      if (userId) opens.viewer(entry.link.id, userId);
    },

    /** Finds a link (for its line sheet or preview) as `open` does, without counting an open. */
    find: openLink,

    /** Writes the opens kept so far (tests; the server's close). */
    flushOpens: () => opens.flush(),
    close: () => opens.close(),
  };
}

export type SelectionsService = ReturnType<typeof createSelectionsService>;
