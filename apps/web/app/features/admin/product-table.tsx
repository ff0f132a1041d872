import { useTranslation } from '~/lib/i18n';
import type { Product } from '@catalogue/shared/schemas/product';
import { Button, ButtonLink } from '~/components/ui/button';
import { FallbackImage } from '~/components/ui/fallback-image';
import { imageSourceOf, sizedImage } from '~/lib/media';

const TH = 'px-3 py-2 text-left text-sm font-semibold text-ink';
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
    <div
      // Focusable so a keyboard can scroll the table sideways on a narrow screen.
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-gray-200 bg-white focus:outline-2 focus:outline-brand-700"
    >
      <table className="w-full">
        <thead className="bg-brand-50">
          <tr>
            <th scope="col" className={TH}>
              <span className="sr-only">{t('productList.image')}</span>
            </th>
            <th scope="col" className={TH}>
              {t('productList.name')}
            </th>
            <th scope="col" className={TH}>
              {t('productList.code')}
            </th>
            <th scope="col" className={TH}>
              {t('productList.category')}
            </th>
            <th scope="col" className={TH}>
              {t('productList.subcategory')}
            </th>
            <th scope="col" className={TH}>
              {t('productList.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => {
            const image = sizedImage(imageSourceOf(product), 'thumb');
            return (
              <tr key={product._id} className="border-t border-gray-100">
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
        </tbody>
      </table>
    </div>
  );
}
