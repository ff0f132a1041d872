import { getTableColumns, sql } from 'drizzle-orm';
import type { Tx, Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import type { ProductValues } from './product-row.repository.ts';

export type ExistingCode = { id: string; mediaId: string | null };

/** Products whose code (case-insensitively) is one of `lowerCodes`, keyed by the lower-cased code. */
export async function findByCodes(
  db: Db | Tx,
  lowerCodes: string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, ExistingCode>> {
  if (!lowerCodes.length) return new Map();
  const result = await db.execute<{ id: string; code: string; media_id: string | null }>(sql`
    SELECT id::text AS id, lower(code) AS code, media_id::text AS media_id FROM ${products}
    WHERE lower(code) IN (SELECT jsonb_array_elements_text(${JSON.stringify(lowerCodes)}::jsonb))
    ${options.lock ? sql`FOR UPDATE` : sql``}`);
  return new Map(result.rows.map((r) => [r.code, { id: r.id, mediaId: r.media_id }]));
}

/** The product fields a sheet row gives; one it leaves empty (null) keeps what the product has. */
const SHEET_FIELDS = ['name', 'code', 'description', 'category', 'subcategory'] as const;
/** The picture a sheet row names: both set together, and only when the row names one. */
const PICTURE_FIELDS = ['imageUrl', 'mediaId'] as const;
type SheetField = (typeof SHEET_FIELDS)[number];
type PictureField = (typeof PICTURE_FIELDS)[number];

export type ImportCreate = Required<Pick<ProductValues, SheetField | PictureField>>;

/** A sheet field null: keep what the product has; `hasImage` false: keep its picture. */
export type ImportUpdate = { id: string; hasImage: boolean } & {
  [K in SheetField]: NonNullable<ProductValues[K]> | null;
} & Required<Pick<ProductValues, PictureField>>;

const table = getTableColumns(products);
/** A field's table column, quoted. */
const column = (field: SheetField | PictureField) => sql.identifier(table[field].name);
/** A field as the JSON records carry it (named as in TypeScript), quoted. */
const jsonField = (field: SheetField | PictureField) => sql.identifier(field);
/** The JSON records' columns, each typed as its table column. */
const recordColumns = sql.join(
  [...SHEET_FIELDS, ...PICTURE_FIELDS].map((f) => sql`${jsonField(f)} ${sql.raw(table[f].getSQLType())}`),
  sql`, `,
);

const IMPORT_CHUNK = 2000;

/**
 * Writes an import inside the caller's transaction: set-based statements of a few thousand rows
 * each (one JSON parameter per statement), not one statement per row. New products keep the
 * sheet's order: each is a microsecond newer than the row above it.
 */
/**
 * Writes an import inside the caller's transaction: set-based statements of a few thousand rows
 * each (one JSON parameter per statement), not one statement per row. New products keep the
 * sheet's order: each is a microsecond newer than the row above it.
 */
export async function writeImport(tx: Tx, creates: ImportCreate[], updates: ImportUpdate[]): Promise<void> {
  const sets = sql.join(
    [
      ...SHEET_FIELDS.map((f) => sql`${column(f)} = COALESCE(u.${jsonField(f)}, p.${column(f)})`),
      ...PICTURE_FIELDS.map(
        (f) => sql`${column(f)} = CASE WHEN u."hasImage" THEN u.${jsonField(f)} ELSE p.${column(f)} END`,
      ),
    ],
    sql`, `,
  );
  for (let start = 0; start < updates.length; start += IMPORT_CHUNK) {
    const chunk = JSON.stringify(updates.slice(start, start + IMPORT_CHUNK));
    await tx.execute(sql`
      UPDATE ${products} AS p SET ${sets}, updated_at = now()
      FROM jsonb_to_recordset(${chunk}::jsonb) AS u(id uuid, ${recordColumns}, "hasImage" boolean)
      WHERE p.id = u.id`);
  }
  const fields = [...SHEET_FIELDS, ...PICTURE_FIELDS];
  const targets = sql.join(fields.map(column), sql`, `);
  const values = sql.join(
    fields.map((f) => sql`r.${jsonField(f)}`),
    sql`, `,
  );
  for (let start = 0; start < creates.length; start += IMPORT_CHUNK) {
    const chunk = JSON.stringify(
      creates.slice(start, start + IMPORT_CHUNK).map((c, i) => ({ ...c, ord: start + i })),
    );
    await tx.execute(sql`
      INSERT INTO ${products} (${targets}, created_at, updated_at)
      SELECT ${values}, now() + r.ord * interval '1 microsecond', now()
      FROM jsonb_to_recordset(${chunk}::jsonb) AS r(${recordColumns}, ord int)
      ORDER BY r.ord`);
  }
}
