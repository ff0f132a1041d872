import { ATTRIBUTE_KINDS, type RowReport } from '@catalogue/shared/schemas/catalogue-import';
import { sameCosting } from '@catalogue/shared/schemas/costing-workbook';
import { PRODUCT_FIELD_NAMES, type ProductInput } from '@catalogue/shared/schemas/product-fields';
import type {
  AttributeValue,
  CurrentProduct,
  GalleryItem,
  ProductWrite,
} from './catalogue-import.repository.ts';
import type { ExtractedPicture } from './picture-zip.ts';
import type { ParsedRow } from './workbook-rows.ts';

/** A gallery place to fill: a picture already known, or one from the ZIP stored at apply time. */
export type PlannedPicture = GalleryItem & { picture?: ExtractedPicture };

/** One row's planned write; `current` is the product as the check saw it (null: created). */
export type PlannedWrite = Omit<ProductWrite, 'gallery'> & {
  row: number;
  code: string;
  gallery: PlannedPicture[] | null;
  current: CurrentProduct | null;
};

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

const sameGallery = (a: GalleryItem[], b: GalleryItem[]) =>
  a.length === b.length &&
  a.every(
    (g, i) =>
      g.mediaId === b[i]!.mediaId &&
      g.url === b[i]!.url &&
      g.altEn === b[i]!.altEn &&
      g.altHi === b[i]!.altHi,
  );

/** Whether a field's new value is the stored one (lists item by item). */
const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? sameList(a, b) : a === b;

/** The gallery a row asks for, or null when it leaves the gallery as it is. */
function desiredGallery(
  row: ParsedRow,
  current: CurrentProduct | null,
  pictures: ExtractedPicture[],
): PlannedPicture[] | null {
  const alt = (list: string[] | undefined, i: number, fallback: string) =>
    list ? (list[i] ?? '') : fallback;
  if (pictures.length) {
    return [...pictures]
      .sort((a, b) => a.position - b.position)
      .map((picture, i) => ({
        mediaId: null,
        url: null,
        altEn: alt(row.altEn, i, ''),
        altHi: alt(row.altHi, i, ''),
        picture,
      }));
  }
  if (row.images) {
    return row.images.map((ref, i) => {
      const same = current?.gallery[i];
      return {
        ...ref,
        altEn: alt(row.altEn, i, same?.altEn ?? ''),
        altHi: alt(row.altHi, i, same?.altHi ?? ''),
      };
    });
  }
  if ((row.altEn || row.altHi) && current) {
    return current.gallery.map((g, i) => ({
      ...g,
      altEn: alt(row.altEn, i, g.altEn),
      altHi: alt(row.altHi, i, g.altHi),
    }));
  }
  return null;
}

/**
 * What applying a checked row would do: create, update (with the full new values), or nothing.
 * Blank cells keep the current values (a new product gets the columns' defaults); a kind of attribute not given keeps the current values of
 * that kind; blank costing columns keep the costing, and a costing the same in the workbook is no change.
 */
export function planRow(
  row: ParsedRow,
  current: CurrentProduct | null,
  pictures: ExtractedPicture[],
  values: AttributeValue[],
): { outcome: RowReport['outcome']; write: PlannedWrite | null } {
  const idOf = new Map(values.map((v) => [`${v.kind}:${v.slug}`, v.id]));
  const kindOf = new Map(values.map((v) => [v.id, v.kind]));
  const givenKinds = ATTRIBUTE_KINDS.filter((k) => row.attributes[k]);
  const currentIds = current?.attributeIds ?? [];
  const attributeIds = givenKinds.length
    ? [
        ...currentIds.filter((id) => !givenKinds.includes(kindOf.get(id) as (typeof givenKinds)[number])),
        ...givenKinds.flatMap((k) => row.attributes[k]!.map((slug) => idOf.get(`${k}:${slug}`)!)),
      ].sort()
    : null;
  const gallery = desiredGallery(row, current, pictures);
  // The product's fields: the row's where it gives them, else the product's (a new one: the form's).
  const fields = { ...current?.values, ...row.input } as ProductInput;
  // The costing columns: blank keeps the costing, otherwise they are the whole costing (or none).
  const costingMoves = row.costing !== undefined && !sameCosting(current?.costing ?? null, row.costing);
  const write: PlannedWrite = {
    row: row.row,
    id: current?.id ?? null,
    current,
    code: row.code,
    values: fields,
    gallery,
    attributeIds,
    ...(costingMoves ? { costing: row.costing } : {}),
  };
  if (!current) return { outcome: 'created', write };
  const unchanged =
    !costingMoves &&
    PRODUCT_FIELD_NAMES.every((name) => sameValue(current.values[name], fields[name])) &&
    (attributeIds === null || sameList([...current.attributeIds].sort(), attributeIds)) &&
    (gallery === null || (!gallery.some((g) => g.picture) && sameGallery(current.gallery, gallery)));
  return unchanged ? { outcome: 'unchanged', write: null } : { outcome: 'updated', write };
}
