import { useTranslation } from '~/lib/i18n';
import type { Product } from '@catalogue/shared/schemas/product';
import { Button, ButtonLink } from '~/components/ui/button';
import { FallbackImage } from '~/components/ui/fallback-image';
import { imageSourceOf, sizedImage } from '~/lib/media';
import { AdminTable } from '~/components/admin/admin-table';

const TD = 'px-3 py-2 align-middle text-sm text-ink';

type ProductTableProps = {
  products: readonly Product[];
  onDelete: (product: Product) => void;
  /** The product being deleted, whose button is busy. */
  deletingId: string | null;
};

/** The admin product list's columns (plus a thumbnail): Name, Code, Category, Subcategory, Actions. */
export function ProductTable({ products, onDelete, deletingId }: ProductTableProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const subcategoryLabel = (s: string) =>
    s === 'withgemstone' ? tc('nav.withGemstone') : s === 'withoutgemstone' ? tc('nav.withoutGemstone') : s;
  return (
    <AdminTable
      columns={[
        { key: 'image', label: <span className="sr-only">{t('productList.image')}</span> },
        { key: 'name', label: t('productList.name') },
        { key: 'code', label: t('productList.code') },
        { key: 'category', label: t('productList.category') },
        { key: 'subcategory', label: t('productList.subcategory') },
        { key: 'actions', label: t('productList.actions') },
      ]}
    >
      {products.map((product) => {
        const image = sizedImage(imageSourceOf(product), 'thumb');
        return (
          <tr key={product._id}>
            <td className={`${TD} w-16`}>
              <FallbackImage
                src={image.src}
                srcSet={image.srcSet}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="size-12 rounded object-cover"
              />
            </td>
            <td className={`${TD} font-medium`}>{product.name}</td>
            <td className={TD}>{product.code}</td>
            <td className={TD}>{tc(`categories.${product.category}`)}</td>
            <td className={TD}>{subcategoryLabel(product.subcategory)}</td>
            <td className={TD}>
              <div className="flex flex-wrap gap-2">
                <ButtonLink
                  to={`/admin/edit-product/${encodeURIComponent(product._id)}`}
                  variant="secondary"
                  size="sm"
                  aria-label={t('productList.editLabel', { name: product.name })}
                >
                  {t('productList.edit')}
                </ButtonLink>
                <Button
                  variant="danger"
                  size="sm"
                  onClick={() => onDelete(product)}
                  disabled={deletingId === product._id}
                  aria-label={t('productList.deleteLabel', { name: product.name })}
                >
                  {deletingId === product._id ? t('productList.deleting') : t('productList.delete')}
                </Button>
              </div>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
