import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema/media.ts';

export type MediaRow = {
  id: string;
  storageKey: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
};

export type NewMedia = MediaRow & { sha256: string };

export async function insertMedia(db: Db, row: NewMedia): Promise<void> {
  await db.insert(media).values(row);
}

export async function findMediaById(db: Db, id: string): Promise<MediaRow | null> {
  const [row] = await db
    .select({
      id: media.id,
      storageKey: media.storageKey,
      mimeType: media.mimeType,
      width: media.width,
      height: media.height,
      bytes: media.bytes,
    })
    .from(media)
    .where(eq(media.id, id))
    .limit(1);
  return row ?? null;
}

/** Which of these ids are media rows; the rest are unknown. */
export async function listExistingMediaIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  // One array parameter (callers pass validated UUIDs), so the statement has a fixed shape.
  const result = await db.execute<{ id: string }>(
    sql`SELECT id::text AS id FROM media WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Set(result.rows.map((r) => r.id));
}

/**
 * Deletes the media row when no product, gallery picture, blog or price-request line points at it, and returns its
 * storage key so the caller can remove the files after the commit; null when it is still in use or
 * already gone. The row lock makes a concurrent insert that references it wait for the outcome and
 * then fail its foreign key, instead of losing its image silently.
 */
export async function deleteMediaIfUnreferenced(db: Db, id: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ storage_key: string }>(
      sql`SELECT storage_key FROM media WHERE id = ${id} FOR UPDATE`,
    );
    const storageKey = locked.rows[0]?.storage_key;
    if (!storageKey) return null;
    const used = await tx.execute<{ used: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM products WHERE media_id = ${id})
          OR EXISTS (SELECT 1 FROM product_images WHERE media_id = ${id})
          OR EXISTS (SELECT 1 FROM blogs WHERE media_id = ${id})
          OR EXISTS (SELECT 1 FROM order_items WHERE media_id = ${id}) AS used`);
    if (used.rows[0]?.used) return null;
    await tx.delete(media).where(eq(media.id, id));
    return storageKey;
  });
}
