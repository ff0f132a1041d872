import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import {
  ATTRIBUTE_KINDS,
  ATTRIBUTE_MESSAGES,
  ATTRIBUTE_SLUG_MAX,
  ATTRIBUTE_SLUG_RE,
  attributeOrderSchema,
  attributeRenameSchema,
  attributeValueInputSchema,
  isAttributeKind,
  MAX_LIST_VALUES,
  slugOfLabel,
  type AttributeKind,
  type AttributeLists,
  type AttributeValue,
} from '@catalogue/shared/schemas/attributes';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  countValues,
  deleteUnusedValue,
  insertValue,
  listValues,
  listValuesWithCounts,
  renameValue,
  reorderValues,
  type AttributeValueRow,
} from './attributes.repository.ts';

export type AttributeEvents = { emit(event: 'catalogue:changed'): unknown };

function kindOf(raw: string): AttributeKind {
  if (isAttributeKind(raw)) return raw;
  throw new AppError('NOT_FOUND', `Unknown list ${raw}: the lists are ${ATTRIBUTE_KINDS.join(', ')}`);
}

/** The body checked by `schema`, or a 400 naming the first problem's field. */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({
    path: i.path.join('.'),
    message:
      i.path.length && !i.message.startsWith(String(i.path[0]))
        ? `${i.path.join('.')}: ${i.message}`
        : i.message,
  }));
  throw new AppError('BAD_REQUEST', issues[0]?.message ?? 'Invalid input', issues);
}

const toValue = (row: AttributeValueRow & { productCount?: number }): AttributeValue => ({
  id: row.id,
  kind: row.kind as AttributeKind,
  slug: row.slug,
  labelEn: row.labelEn,
  labelHi: row.labelHi,
  position: row.position,
  ...(row.productCount === undefined ? {} : { productCount: Number(row.productCount) }),
});

function grouped(rows: Array<AttributeValueRow & { productCount?: number }>): AttributeLists {
  const lists: AttributeLists = { metal: [], finish: [], stone: [], colour: [] };
  for (const row of rows) if (isAttributeKind(row.kind)) lists[row.kind].push(toValue(row));
  return lists;
}

export type AttributesService = ReturnType<typeof createAttributesService>;

/**
 * The admin-managed lists of metals, finishes, stones and colours. Every change empties the
 * catalogue caches (here and, through the cache sync, on other instances): product answers carry
 * the labels and the listings' facets show the lists.
 */
export function createAttributesService(deps: { db: Db; events: AttributeEvents }) {
  const { db, events } = deps;
  const changed = () => events.emit('catalogue:changed');

  return {
    async lists(): Promise<AttributeLists> {
      return grouped(await listValues(db));
    },

    /** The lists with how many products carry each value (the admin screen). */
    async listsWithCounts(): Promise<AttributeLists> {
      return grouped(await listValuesWithCounts(db));
    },

    async add(rawKind: string, body: unknown): Promise<AttributeValue> {
      const kind = kindOf(rawKind);
      const input = parse(attributeValueInputSchema, body);
      const slug = input.slug || slugOfLabel(input.labelEn);
      if (!slug || slug.length > ATTRIBUTE_SLUG_MAX || !ATTRIBUTE_SLUG_RE.test(slug)) {
        throw new AppError(
          'BAD_REQUEST',
          'slug is required when the English label has no latin letters or digits',
          [{ path: 'slug', message: 'slug is required' }],
        );
      }
      if ((await countValues(db, kind)) >= MAX_LIST_VALUES) {
        throw new AppError('CONFLICT', ATTRIBUTE_MESSAGES.listFull);
      }
      const row = await insertValue(db, { kind, slug, labelEn: input.labelEn, labelHi: input.labelHi });
      if (!row) throw new AppError('CONFLICT', ATTRIBUTE_MESSAGES.slugTaken(kind, slug));
      changed();
      return toValue(row);
    },

    async rename(rawKind: string, id: string, body: unknown): Promise<AttributeValue> {
      const kind = kindOf(rawKind);
      const labels = parse(attributeRenameSchema, body);
      const row = isId(id) ? await renameValue(db, kind, id, labels) : null;
      if (!row) throw new AppError('NOT_FOUND', ATTRIBUTE_MESSAGES.notFound);
      changed();
      return toValue(row);
    },

    /** `ids` must name every value of the list exactly once. */
    async reorder(rawKind: string, body: unknown): Promise<AttributeValue[]> {
      const kind = kindOf(rawKind);
      const { ids } = parse(attributeOrderSchema, body);
      const current = (await listValues(db)).filter((v) => v.kind === kind);
      const known = new Set(current.map((v) => v.id));
      const given = new Set(ids.map((id) => id.toLowerCase()));
      if (given.size !== ids.length || given.size !== known.size || [...given].some((id) => !known.has(id))) {
        throw new AppError('BAD_REQUEST', `ids must list every value of ${kind} exactly once`, [
          { path: 'ids', message: `ids must list every value of ${kind} exactly once` },
        ]);
      }
      await reorderValues(db, kind, [...given]);
      changed();
      return (await listValues(db)).filter((v) => v.kind === kind).map(toValue);
    },

    /** 409 naming how many products carry the value; they keep it. */
    async remove(rawKind: string, id: string): Promise<void> {
      const kind = kindOf(rawKind);
      if (!isId(id)) throw new AppError('NOT_FOUND', ATTRIBUTE_MESSAGES.notFound);
      const result = await deleteUnusedValue(db, kind, id);
      if (!result.found && !result.removed) throw new AppError('NOT_FOUND', ATTRIBUTE_MESSAGES.notFound);
      if (!result.removed) throw new AppError('CONFLICT', ATTRIBUTE_MESSAGES.inUse(result.usedBy));
      changed();
    },
  };
}
