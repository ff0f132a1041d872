import { useTranslation } from '~/lib/i18n';
import { ATTRIBUTE_KINDS } from '@catalogue/shared/domain/attribute-kinds';
import { formatNumber } from '@catalogue/shared/format-number';
import type { Product } from '@catalogue/shared/schemas/product';
import type { ProductFieldKind, ProductFieldName } from '@catalogue/shared/schemas/product-fields';

/** A field the specification shows (`PAGE_FIELDS` of the field list, handed over by the page's loader). */
export type SpecField = {
  name: ProductFieldName;
  kind: ProductFieldKind;
  page: { spec: string; term: string; value?: string };
};

/** A field's value as the specification writes it, or null when the product has none. */
function valueText(kind: ProductFieldKind, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length ? value.join(', ') : null;
  if (kind === 'decimal' && typeof value === 'number') return formatNumber(value, 2);
  return String(value);
}

/**
 * The product's specification: metal, finish, stone and colour values (in Hindi on Hindi pages),
 * then the fields the list shows on the page (approximate weight, minimum order, tags…). Nothing
 * when the product has none of them.
 */
export function ProductSpecs({ product, fields }: { product: Product; fields: readonly SpecField[] }) {
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
  // Then the product's fields the page shows (`product-fields.ts`, `page`), in the list's order.
  for (const field of fields) {
    const value: unknown = product[field.name];
    const text = valueText(field.kind, value);
    if (text === null) continue;
    const count = typeof value === 'number' ? value : undefined;
    rows.push({
      key: field.page.spec,
      term: t(field.page.term),
      value: field.page.value ? t(field.page.value, { value: text, grams: text, count }) : text,
    });
  }
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
