import { AppError } from '@catalogue/shared/errors';
import {
  ATTRIBUTE_KINDS,
  checkProductExtras,
  type AttributeKind,
} from '@catalogue/shared/schemas/attributes';
import type { Db } from '../../db/client.ts';
import { listAttributeIds, writeProductExtras, type ExtrasWrite } from './product-extras.repository.ts';

/**
 * The attribute fields of an add or edit form, checked: their shape (400 naming the field), then
 * every slug against the admin's lists (400 naming the field and the value). Nothing is written.
 */
export async function readProductExtras(db: Db, fields: Record<string, unknown>): Promise<ExtrasWrite> {
  const checked = checkProductExtras(fields);
  if (!checked.ok) throw new AppError('BAD_REQUEST', checked.message, checked.issues);
  const { attributes } = checked.value;
  const kinds = ATTRIBUTE_KINDS.filter((kind) => attributes[kind] !== undefined);
  const ids: Partial<Record<AttributeKind, string[]>> = {};
  if (kinds.length) {
    const byKind = new Map<string, string>();
    for (const v of await listAttributeIds(db)) byKind.set(`${v.kind}/${v.slug}`, v.id);
    for (const kind of kinds) {
      const slugs = attributes[kind]!;
      const unknown = slugs.find((slug) => !byKind.has(`${kind}/${slug}`));
      if (unknown !== undefined) {
        const message = `${kind} has an unknown value: ${unknown}`;
        throw new AppError('BAD_REQUEST', message, [{ path: kind, message }]);
      }
      ids[kind] = slugs.map((slug) => byKind.get(`${kind}/${slug}`)!);
    }
  }
  return { attributes: ids };
}

/** Whether the form gave any attribute values (a form of an older client gives none). */
export const hasExtras = (extras: ExtrasWrite) => Object.keys(extras.attributes).length > 0;

export async function saveProductExtras(db: Db, productId: string, extras: ExtrasWrite): Promise<void> {
  if (hasExtras(extras)) await writeProductExtras(db, productId, extras);
}
