import type { Category, Subcategory } from '@catalogue/shared/domain/categories';
import { emptyAttributes, isAttributeKind } from '@catalogue/shared/schemas/attributes';
import type { Product } from '@catalogue/shared/schemas/product';
import { PRODUCT_FIELD_NAMES, productField } from '@catalogue/shared/schemas/product-fields';
import type { PublicImageUrl } from '../media/index.ts';
import { fromJson, type AttributeCell, type ProductRow } from './product-row.repository.ts';

/**
 * The shared field list (`product-fields.ts`) declares a product's fields; the table holds them
 * (`product-row.repository.ts` checks the two agree) and `productSchema` answers them. These types fail the typecheck when the two drift: every
 * column read is a key of the API's product (`id` answered as `_id`, `mediaId` folded into the
 * picture's address), and every key of the API's product is such a column or one of the keys the
 * API adds on its own (the old clients' picture fields, the gallery, the listings' second picture,
 * the attribute values). `product-answer.test.ts` checks the same at run time, with nullability.
 */
type ApiOnlyKey = 'imageurl' | 'cloudinaryId' | 'images' | 'secondImageUrl' | 'attributes';
type ColumnKeyInAnswer = Exclude<keyof ProductRow, 'attributeCells' | 'id' | 'mediaId'> | '_id';
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const columnsMatchAnswer: SameKeys<ColumnKeyInAnswer, Exclude<keyof Product, ApiOnlyKey>> = true;
void columnsMatchAnswer;

/**
 * The one mapping of a product row to the API's product. The price is null for a reader who may
 * not see prices; the picture's address comes from the configured public base.
 */
export function toProduct(
  row: ProductRow,
  options: {
    showPrice: boolean;
    imageUrl: PublicImageUrl;
    /** An administrator's answer: it carries the fields the list keeps from buyers too. */
    forAdmin?: boolean;
  },
): Product {
  // The columns with an API shape of their own are named; every other column is passed as it is,
  // in table order after them (the order of the answer's keys is the order they always had).
  const {
    id,
    name,
    description,
    category,
    subcategory,
    code,
    price,
    imageUrl: _storedImageUrl,
    mediaId: _mediaId,
    createdAt,
    updatedAt,
    weightGrams,
    attributeCells,
    ...sameAsStored
  } = row;
  const url = options.imageUrl(row);
  const attributes = emptyAttributes();
  const cells = fromJson<AttributeCell[] | null>(attributeCells) ?? [];
  for (const cell of cells) {
    if (isAttributeKind(cell.kind)) {
      attributes[cell.kind].push({ slug: cell.slug, label: cell.label, labelHi: cell.labelHi });
    }
  }
  const answer: Product = {
    _id: id,
    name,
    description,
    category: category as Category,
    subcategory: subcategory as Subcategory,
    code,
    price: options.showPrice ? price : null,
    imageUrl: url,
    imageurl: url,
    // Older clients build a third-party image-CDN address from this; our pictures are at imageUrl.
    cloudinaryId: null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    attributes,
    // numeric(8,2) arrives as text.
    weightGrams: weightGrams === null ? null : Number(weightGrams),
    ...sameAsStored,
  };
  return options.forAdmin ? answer : withoutFields(answer, ADMIN_ONLY);
}

/** The fields of the list that only administrators are answered (`audience: 'admins'`). */
const ADMIN_ONLY = PRODUCT_FIELD_NAMES.filter((name) => productField(name).audience === 'admins');

/** The answer without these fields' keys (the order of the others unchanged). */
export function withoutFields(answer: Product, names: readonly string[]): Product {
  if (!names.length) return answer;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answer)) if (!names.includes(key)) kept[key] = value;
  return kept as Product;
}
