import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../src/db/client.ts';
import { media } from '../src/db/schema/media.ts';
import { products } from '../src/db/schema/products.ts';
import { outbox } from '../src/db/schema/system.ts';
import type { MediaStore } from '../src/modules/media/index.ts';

/** Fixtures of the buyers' tests (users, cart, orders, contact): products and the outbox. */

export type TestProduct = { id: string; name: string; code: string; price: number; mediaId: string | null };

let sequence = 0;

/** A product row written directly, so these tests do not depend on the catalogue's upload path. */
export async function insertProduct(
  database: Database,
  fields: {
    name?: string;
    code?: string;
    price?: number;
    imageUrl?: string | null;
    mediaId?: string | null;
  } = {},
): Promise<TestProduct> {
  sequence++;
  const [row] = await database.db
    .insert(products)
    .values({
      name: fields.name ?? `Test Ring ${sequence}`,
      description: 'A ring for tests',
      category: 'Rings',
      subcategory: 'withgemstone',
      code: fields.code ?? `TR-${process.pid}-${sequence}-${crypto.randomBytes(3).toString('hex')}`,
      price: fields.price ?? 12.5,
      imageUrl: fields.imageUrl ?? null,
      mediaId: fields.mediaId ?? null,
    })
    .returning();
  return { id: row!.id, name: row!.name, code: row!.code, price: row!.price, mediaId: row!.mediaId };
}

/** A stored original (a coloured square) with its media row, as an upload would leave it. */
export async function insertMedia(
  database: Database,
  store: MediaStore,
  colour = '#c0392b',
): Promise<string> {
  const data = await sharp({ create: { width: 300, height: 300, channels: 3, background: colour } })
    .webp()
    .toBuffer();
  const id = crypto.randomUUID();
  const storageKey = `originals/${id}.webp`;
  await store.put(storageKey, data);
  await database.db.insert(media).values({
    id,
    storageKey,
    mimeType: 'image/webp',
    width: 300,
    height: 300,
    bytes: data.length,
    sha256: crypto.createHash('sha256').update(data).digest('hex'),
  });
  return id;
}

export async function deleteProduct(database: Database, id: string) {
  await database.db.delete(products).where(eq(products.id, id));
}

export async function outboxRows(database: Database) {
  return database.db.select().from(outbox).orderBy(outbox.id);
}

/** Marks everything queued so far as sent, so a test sees only the mail it causes. */
export async function settleOutbox(database: Database) {
  await database.db.update(outbox).set({ status: 'sent' });
}

/**
 * The token of the newest link to `/{page}?token=` mailed to `to`, read from the outbox as the
 * buyer would read it in the mail; null when no such mail was queued.
 */
export async function mailedToken(
  database: Database,
  to: string,
  page: 'verify-email' | 'reset-password',
): Promise<string | null> {
  const rows = await database.db.select().from(outbox).orderBy(outbox.id);
  const pattern = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`);
  for (const row of rows.reverse()) {
    const mail = (row.payload as { mail?: { to: string; text: string } }).mail;
    const match = mail && mail.to === to ? pattern.exec(mail.text) : null;
    if (match) return match[1]!;
  }
  return null;
}
