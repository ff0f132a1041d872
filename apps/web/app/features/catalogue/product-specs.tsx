import { useTranslation } from '~/lib/i18n';
import { ATTRIBUTE_KINDS } from '@catalogue/shared/domain/attribute-kinds';
import { formatNumber } from '@catalogue/shared/format-number';
import type { Product } from '@catalogue/shared/schemas/product';

/**
 * The product's specification: metal, finish, stone and colour values (in Hindi on Hindi pages),
 * approximate weight, minimum order and tags. Nothing when the product has none of them.
 */
export function ProductSpecs({ product }: { product: Product }) {
  const { t, i18n } = useTranslation('filters');
  const isHindi = i18n.language === 'hi';
  const rows: Array<{ key: string; term: string; value: string }> = [];
  for (const kind of ATTRIBUTE_KINDS) {
    const values = product.attributes?.[kind] ?? [];
    if (values.length) {
      rows.push({
        key: kind,
        term: t(`facets.${kind}`),
        value: values.map((v) => (isHindi && v.labelHi ? v.labelHi : v.label)).join(', '),
      });
    }
  }
  if (product.weightGrams != null) {
    const grams = formatNumber(product.weightGrams, 2);
    rows.push({ key: 'weight', term: t('spec.weight'), value: t('spec.weightValue', { grams }) });
  }
  if (product.minOrderQuantity != null) {
    rows.push({
      key: 'moq',
      term: t('spec.minOrder'),
      value: t('spec.minOrderValue', { count: product.minOrderQuantity }),
    });
  }
  if (product.tags?.length) rows.push({ key: 'tags', term: t('spec.tags'), value: product.tags.join(', ') });
  if (!rows.length) return null;
  return (
    <section aria-labelledby="product-specs">
      <h2 id="product-specs" className="mb-2 text-sm font-semibold text-gray-800">
        {t('spec.title')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border border-gray-200 p-3 text-sm">
        {rows.map((row) => (
          <div key={row.key} className="contents" data-spec={row.key}>
            <dt className="text-gray-700">{row.term}</dt>
            <dd className="text-ink">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
