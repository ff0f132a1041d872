import { CATEGORIES, SUBCATEGORIES } from '@catalogue/shared/domain/categories';
import { totalPagesOf } from '@catalogue/shared/schemas/pagination';
import type { ProductPage } from '@catalogue/shared/schemas/product';
import type { Db } from '../../db/client.ts';
import type { PublicImageUrl } from '../media/index.ts';
import { checkSearchText, clampLimit, clampPage, type ListPageInput } from './catalogue-scopes.ts';
import { toProduct } from './product-answer.ts';
import { listByOffset, searchAdminPage } from './products.repository.ts';

export type AdminPageInput = ListPageInput & { search?: string | undefined };

/** The admin list: fresh from the database (never cached), optional literal search. */
export async function readAdminPage(
  db: Db,
  imageUrl: PublicImageUrl,
  input: AdminPageInput,
): Promise<ProductPage> {
  const page = clampPage(input.page);
  const limit = clampLimit(input.limit, 10);
  const text = checkSearchText(input.search ?? '');
  const offset = (page - 1) * limit;
  const lower = text.toLowerCase();
  const { rows, total } = text
    ? await searchAdminPage(
        db,
        {
          text,
          categories: CATEGORIES.filter((c) => c.toLowerCase().includes(lower)),
          subcategories: SUBCATEGORIES.filter((s) => s.includes(lower)),
        },
        offset,
        limit,
      )
    : await listByOffset(db, {}, offset, limit);
  return {
    products: rows.map((row) => toProduct(row, { showPrice: true, imageUrl, forAdmin: true })),
    currentPage: page,
    totalPages: totalPagesOf(total, limit),
    totalItems: total,
  };
}
