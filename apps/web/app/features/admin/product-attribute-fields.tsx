import { useTranslation } from '~/lib/i18n';
import { ATTRIBUTE_KINDS, MAX_TAGS, type AttributeLists } from '@catalogue/shared/schemas/attributes';
import type { Product } from '@catalogue/shared/schemas/product';
import { TextField } from '~/components/ui/field';

/** Marks a form whose attribute fields were shown, so that blanks there mean "clear". */
const SHOWN = 'attributesShown';
const EXTRA_FIELDS = ['weightGrams', 'minOrderQuantity', 'tags'] as const;

/**
 * Adds the attribute fields of `formElement` to a product form's body: per kind the ticked slugs
 * joined by commas, the weight, minimum order and tags as typed. Nothing when the fields were not
 * shown (their lists did not load), so the product keeps what it has.
 */
export function appendProductExtras(body: FormData, formElement: HTMLFormElement): void {
  const data = new FormData(formElement);
  if (!data.has(SHOWN)) return;
  for (const kind of ATTRIBUTE_KINDS) body.append(kind, data.getAll(kind).map(String).join(','));
  for (const field of EXTRA_FIELDS) body.append(field, String(data.get(field) ?? '').trim());
}

/**
 * Metal, finish, stone and colour checkboxes from the admin's lists; weight, minimum order, tags.
 * Nothing without the lists (they did not load).
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
        <TextField
          label={t('form.weight')}
          name="weightGrams"
          inputMode="decimal"
          defaultValue={product?.weightGrams ?? ''}
          error={errors.weightGrams ?? null}
        />
        <TextField
          label={t('form.minOrder')}
          name="minOrderQuantity"
          inputMode="numeric"
          defaultValue={product?.minOrderQuantity ?? ''}
          error={errors.minOrderQuantity ?? null}
        />
      </div>
      <TextField
        label={t('form.tags')}
        name="tags"
        hint={t('form.tagsHint', { max: MAX_TAGS })}
        defaultValue={product?.tags?.join(', ') ?? ''}
        error={errors.tags ?? null}
      />
    </fieldset>
  );
}
