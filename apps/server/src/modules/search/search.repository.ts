import { asc, eq, sql } from 'drizzle-orm';
import { SEARCHED_FIELD_NAMES } from '@catalogue/shared/schemas/product-fields';
import type { Db } from '../../db/client.ts';
import { newestFirst } from '../../db/newest-first.ts';
import { attributeValues, productAttributes, products, searchSynonyms } from '../../db/schema/products.ts';
import type { AttributeLabels, WordRow } from './word-index.ts';

/** The texts of the fields the list marks as searched (`search: 'words'`), as one array per product. */
const searchedFields = SEARCHED_FIELD_NAMES.length
  ? sql`ARRAY[${sql.join(
      SEARCHED_FIELD_NAMES.map((name) => sql`${products[name]}`),
      sql`, `,
    )}]::text[]`
  : sql`'{}'::text[]`;

export type SynonymRow = { id: string; term: string; meaning: string; createdAt: Date };

const synonymColumns = {
  id: searchSynonyms.id,
  term: searchSynonyms.term,
  meaning: searchSynonyms.meaning,
  createdAt: searchSynonyms.createdAt,
};

/**
 * Every product's words, newest first, a chunk at a time (keyset on created_at, id): name, code,
 * category, subcategory, description, tags, the searched fields' texts and the ids of its attribute values (their labels come
 * from `readAttributeLabels`, once per build, not once per product).
 */
export async function* streamWordRows(db: Db, chunk: number): AsyncGenerator<WordRow[]> {
  let key: { createdAt: string; id: string } | null = null;
  for (;;) {
    type Row = WordRow & { created_at: string };
    const result: { rows: Row[] } = await db.execute<Row>(sql`
      SELECT id::text AS id, name, code, category, subcategory, description, tags,
             ${searchedFields} AS "fieldTexts",
             ARRAY(SELECT ${productAttributes.valueId}::text FROM ${productAttributes}
                   WHERE ${productAttributes.productId} = ${products.id}) AS "valueIds",
             to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
      FROM ${products}
      ${
        key
          ? sql`WHERE (${products.createdAt}, ${products.id}) < (${key.createdAt}::timestamptz, ${key.id}::uuid)`
          : sql``
      }
      ORDER BY ${sql.join(newestFirst(products.createdAt, products.id), sql`, `)}
      LIMIT ${chunk}`);
    const rows = result.rows;
    if (rows.length) yield rows.map(({ created_at: _, ...row }) => row);
    if (rows.length < chunk) return;
    const last: Row = rows[rows.length - 1]!;
    key = { createdAt: last.created_at, id: last.id };
  }
}

/** The English and Hindi labels of every attribute value, by id (a few dozen rows). */
export async function readAttributeLabels(db: Db): Promise<AttributeLabels> {
  const rows = await db
    .select({ id: attributeValues.id, labelEn: attributeValues.labelEn, labelHi: attributeValues.labelHi })
    .from(attributeValues);
  return new Map(rows.map(({ id, ...labels }) => [id, labels]));
}

/**
 * Changes with any attribute label and with the number of product–value links. A product's own
 * changes (its values among them: an edit sets its `updated_at`) are in the catalogue's version.
 */
export async function readAttributesVersion(db: Db): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`
    SELECT concat_ws('|', v.digest, l.n) AS version
    FROM (SELECT md5(coalesce(string_agg(concat_ws('/', ${attributeValues.id}, ${attributeValues.labelEn}, ${attributeValues.labelHi}), ','
                 ORDER BY ${attributeValues.id}), '')) AS digest FROM ${attributeValues}) v,
         (SELECT count(*) AS n FROM ${productAttributes}) l`);
  return result.rows[0]?.version ?? '';
}

/** Changes with any synonym added, edited or removed (a few hundred rows at most). */
export async function readSynonymsVersion(db: Db): Promise<string> {
  const result = await db.execute<{ version: string | null }>(sql`
    SELECT md5(string_agg(${searchSynonyms.term} || '=' || ${searchSynonyms.meaning}, ',' ORDER BY ${searchSynonyms.term})) AS version
    FROM ${searchSynonyms}`);
  return result.rows[0]?.version ?? '';
}

export function listSynonyms(db: Db): Promise<SynonymRow[]> {
  return db.select(synonymColumns).from(searchSynonyms).orderBy(asc(searchSynonyms.term));
}

export async function insertSynonym(db: Db, fields: { term: string; meaning: string }): Promise<SynonymRow> {
  const [row] = await db.insert(searchSynonyms).values(fields).returning(synonymColumns);
  return row!;
}

export async function updateSynonym(
  db: Db,
  id: string,
  fields: { term: string; meaning: string },
): Promise<SynonymRow | null> {
  const [row] = await db
    .update(searchSynonyms)
    .set(fields)
    .where(eq(searchSynonyms.id, id))
    .returning(synonymColumns);
  return row ?? null;
}

export async function deleteSynonym(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(searchSynonyms)
    .where(eq(searchSynonyms.id, id))
    .returning({ id: searchSynonyms.id });
  return rows.length > 0;
}
