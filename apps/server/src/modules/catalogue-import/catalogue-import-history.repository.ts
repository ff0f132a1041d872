import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from './catalogue-import.repository.ts';

/** The history of applied imports, and undo: each product put back as the import found it. */

export type ImportHistoryRow = {
  id: string;
  fileName: string;
  status: 'applied' | 'undone';
  createdAt: string;
  createdBy: string | null;
  undoneAt: string | null;
  summary: { counts?: unknown; mediaIds?: string[] };
};

export async function listImports(db: Db, limit: number): Promise<ImportHistoryRow[]> {
  return rowsOf(
    db,
    sql`SELECT i.id::text AS id, i.file_name AS "fileName", i.status, i.created_at AS "createdAt",
          u.email AS "createdBy", i.undone_at AS "undoneAt", i.summary
        FROM catalogue_imports i LEFT JOIN users u ON u.id = i.created_by
        ORDER BY i.created_at DESC, i.id DESC LIMIT ${limit}`,
  );
}

export type UndoOutcome =
  | { kind: 'done'; removedMedia: string[] }
  | { kind: 'notFound' }
  | { kind: 'notLatest' }
  | { kind: 'changed'; codes: string[] };

/**
 * Undoes one applied import in the caller's transaction when it is the newest applied one and no
 * product it touched has changed since (nor its costing): products it updated get their row (every
 * column, the timestamps included), gallery, attribute values and costing back; those it created are deleted. Media
 * rows it added that nothing uses any more are deleted; their storage keys are answered.
 */
export async function undoCatalogueImport(
  tx: Tx,
  importId: string,
  undoneBy: string | null,
): Promise<UndoOutcome> {
  const [target] = await rowsOf<{ id: string; status: string; createdAt: string; mediaIds: string[] | null }>(
    tx,
    sql`SELECT id::text AS id, status, created_at::text AS "createdAt",
          ARRAY(SELECT jsonb_array_elements_text(COALESCE(summary->'mediaIds', '[]'::jsonb))) AS "mediaIds"
        FROM catalogue_imports WHERE id = ${importId}::uuid FOR UPDATE`,
  );
  if (!target) return { kind: 'notFound' };
  const [latest] = await rowsOf<{ id: string }>(
    tx,
    sql`SELECT id::text AS id FROM catalogue_imports WHERE status = 'applied' ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  if (target.status !== 'applied' || latest?.id !== target.id) return { kind: 'notLatest' };

  const changes = await rowsOf<{
    productId: string;
    hadBefore: boolean;
    code: string | null;
    changed: boolean | null;
  }>(
    tx,
    sql`SELECT c.product_id::text AS "productId", c.before IS NOT NULL AS "hadBefore", p.code,
          (p.updated_at <> ${target.createdAt}::timestamptz OR EXISTS (
            SELECT 1 FROM product_costings pc WHERE pc.product_id = p.id
              AND pc.updated_at > ${target.createdAt}::timestamptz)) AS changed
        FROM catalogue_import_changes c LEFT JOIN products p ON p.id = c.product_id
        WHERE c.import_id = ${importId}::uuid ORDER BY p.code FOR UPDATE OF c`,
  );
  const conflicts = changes.filter((c) => c.changed === true || (c.hadBefore && c.code === null));
  if (conflicts.length) {
    return { kind: 'changed', codes: conflicts.map((c) => c.code ?? `(deleted product ${c.productId})`) };
  }

  const columns = await rowsOf<{ name: string }>(
    tx,
    sql`SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'products' AND column_name <> 'id'
          AND is_generated = 'NEVER' ORDER BY ordinal_position`,
  );
  const names = sql.raw(columns.map((c) => `"${c.name.replace(/"/g, '""')}"`).join(', '));
  const fromRecord = sql.raw(columns.map((c) => `r."${c.name.replace(/"/g, '""')}"`).join(', '));
  const restored = sql`SELECT c.before FROM catalogue_import_changes c WHERE c.import_id = ${importId}::uuid AND c.before IS NOT NULL`;
  await tx.execute(sql`UPDATE products p SET (${names}) = (SELECT ${fromRecord})
    FROM (${restored}) b, jsonb_populate_record(NULL::products, b.before->'product') r WHERE p.id = r.id`);
  await tx.execute(sql`DELETE FROM product_images WHERE product_id IN (
    SELECT product_id FROM catalogue_import_changes WHERE import_id = ${importId}::uuid AND before IS NOT NULL)`);
  await tx.execute(sql`INSERT INTO product_images SELECT i.* FROM (${restored}) b,
    jsonb_populate_recordset(NULL::product_images, b.before->'images') i`);
  await tx.execute(sql`DELETE FROM product_attributes WHERE product_id IN (
    SELECT product_id FROM catalogue_import_changes WHERE import_id = ${importId}::uuid AND before IS NOT NULL)`);
  await tx.execute(sql`INSERT INTO product_attributes (product_id, value_id)
    SELECT (b.before->'product'->>'id')::uuid, v.value::uuid FROM (${restored}) b,
      jsonb_array_elements_text(b.before->'attributes') v`);
  // The costing as it was (an import from before costings were carried left them alone: no key).
  const hadCosting = sql`SELECT c.before FROM catalogue_import_changes c WHERE c.import_id = ${importId}::uuid AND c.before ? 'costing'`;
  await tx.execute(sql`DELETE FROM product_costings WHERE product_id IN (
    SELECT (b.before->'product'->>'id')::uuid FROM (${hadCosting}) b)`);
  await tx.execute(sql`INSERT INTO product_costings SELECT r.* FROM (${hadCosting}) b,
    jsonb_populate_record(NULL::product_costings, b.before->'costing') r
    WHERE jsonb_typeof(b.before->'costing') = 'object'`);
  await tx.execute(sql`DELETE FROM products WHERE id IN (
    SELECT product_id FROM catalogue_import_changes WHERE import_id = ${importId}::uuid AND before IS NULL)`);
  await tx.execute(sql`UPDATE catalogue_imports SET status = 'undone', undone_at = now(), undone_by = ${undoneBy}
    WHERE id = ${importId}::uuid`);

  const mediaIds = target.mediaIds ?? [];
  if (!mediaIds.length) return { kind: 'done', removedMedia: [] };
  const removed = await rowsOf<{ key: string }>(
    tx,
    sql`DELETE FROM media m WHERE m.id = ANY(${`{${mediaIds.join(',')}}`}::uuid[])
          AND NOT EXISTS (SELECT 1 FROM products WHERE media_id = m.id)
          AND NOT EXISTS (SELECT 1 FROM product_images WHERE media_id = m.id)
          AND NOT EXISTS (SELECT 1 FROM blogs WHERE media_id = m.id)
          AND NOT EXISTS (SELECT 1 FROM order_items WHERE media_id = m.id)
        RETURNING storage_key AS key`,
  );
  return { kind: 'done', removedMedia: removed.map((r) => r.key) };
}
