import { useTranslation } from '~/lib/i18n';
import { ATTRIBUTE_KINDS, type AttributeLists } from '@catalogue/shared/schemas/attributes';
import type { Product } from '@catalogue/shared/schemas/product';
import {
  PRODUCT_FIELD_NAMES,
  productField,
  type ProductFieldDef,
} from '@catalogue/shared/schemas/product-fields';
import { TextAreaField, TextField } from '~/components/ui/field';

/** Marks a form whose attribute fields were shown, so that blanks there mean "clear". */
const SHOWN = 'attributesShown';
/** The product's fields this block draws, by their kind (`product-fields.ts`, `admin.form: 'listed'`). */
const LISTED_FIELDS = PRODUCT_FIELD_NAMES.filter((name) => productField(name).admin.form === 'listed');

/** A listed field's value as its box shows it. */
function textOf(kind: ProductFieldDef<unknown>['kind'], value: unknown): string {
  if (value === null || value === undefined) return '';
  if (kind === 'words' && Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * Adds the attribute fields of `formElement` to a product form's body: per kind the ticked slugs
 * joined by commas, the weight, minimum order and tags as typed. Nothing when the fields were not
 * shown (their lists did not load), so the product keeps what it has.
 */
export function appendProductExtras(body: FormData, formElement: HTMLFormElement): void {
  const data = new FormData(formElement);
  if (!data.has(SHOWN)) return;
  for (const kind of ATTRIBUTE_KINDS) body.append(kind, data.getAll(kind).map(String).join(','));
  for (const field of LISTED_FIELDS) body.append(field, String(data.get(field) ?? '').trim());
}

/**
 * Metal, finish, stone and colour checkboxes from the admin's lists, then the product's listed
 * fields (weight, minimum order, tags…), each drawn by its kind. Nothing without the lists (they
 * did not load).
 */
export function ProductAttributeFields({
  lists,
  product,
  errors,
}: {
  lists: AttributeLists | null;
  product?: Product | undefined;
  errors: Partial<Record<string, string | null>>;
}) {
  const { t } = useTranslation('filters-admin');
  const { t: tFilters } = useTranslation('filters');
  if (!lists) return null;
  const has = (kind: (typeof ATTRIBUTE_KINDS)[number], slug: string) =>
    product?.attributes?.[kind].some((v) => v.slug === slug) ?? false;
  return (
    <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{t('form.legend')}</legend>
      <input type="hidden" name={SHOWN} value="1" />
      <p className="text-sm text-gray-700">{t('form.hint')}</p>
      {ATTRIBUTE_KINDS.map((kind) => (
        <fieldset key={kind} aria-describedby={errors[kind] ? `${kind}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-ink">{tFilters(`facets.${kind}`)}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {lists[kind].map((value) => (
              <label key={value.id} className="inline-flex min-h-9 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={kind}
                  value={value.slug}
                  defaultChecked={has(kind, value.slug)}
                  className="size-4 accent-brand-700"
                />
                {value.labelEn}
              </label>
            ))}
          </div>
          {errors[kind] ? (
            <p id={`${kind}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {errors[kind]}
            </p>
          ) : null}
        </fieldset>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        {LISTED_FIELDS.map((name) => {
          const field = productField(name);
          const shared = {
            label: t(field.admin.label),
            name,
            hint: field.admin.hint ? t(field.admin.hint.key, field.admin.hint.values) : undefined,
            maxLength: field.admin.maxLength,
            defaultValue: textOf(field.kind, product?.[name]),
            error: errors[name] ?? null,
          };
          // Numbers share a row; text and lists take the block's width.
          const wide = field.kind !== 'decimal' && field.kind !== 'count' ? 'sm:col-span-2' : undefined;
          return field.kind === 'text' ? (
            <TextAreaField key={name} className={wide} {...shared} />
          ) : (
            <TextField
              key={name}
              className={wide}
              inputMode={
                field.kind === 'decimal' ? 'decimal' : field.kind === 'count' ? 'numeric' : undefined
              }
              {...shared}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
