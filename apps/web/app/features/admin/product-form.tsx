import { useRef, useState, type FormEvent } from 'react';
import type { AttributeLists } from '@catalogue/shared/schemas/attributes';
import { appendProductExtras, ProductAttributeFields } from '~/features/admin/product-attribute-fields';
import { useTranslation } from '~/lib/i18n';
import { CATEGORIES, SUBCATEGORIES } from '@catalogue/shared/domain/categories';
import {
  PRODUCT_FIELD_MAX,
  PRODUCT_MESSAGES,
  PRODUCT_REQUIRED_FIELDS,
  checkProductFields,
  type Product,
} from '@catalogue/shared/schemas/product';
import { Button } from '~/components/ui/button';
import { FallbackImage } from '~/components/ui/fallback-image';
import { SelectField, TextAreaField, TextField } from '~/components/ui/field';
import { ApiError } from '~/lib/api-client';
import { imageSourceOf, sizedImage } from '~/lib/media';
import { Notice, UploadProgress } from '~/components/ui/notice';
import { GalleryEditor } from './gallery-editor';
import { checkImageFile } from './product-image';
import { useObjectUrl } from './use-object-url';

type DraftField = (typeof PRODUCT_REQUIRED_FIELDS)[number];

/** The form's text fields: the shared product's required fields, each as the text typed so far. */
export type ProductDraft = { [K in keyof Pick<Product, DraftField>]: string };

type FieldName = keyof ProductDraft | 'image';

const EMPTY = Object.fromEntries(PRODUCT_REQUIRED_FIELDS.map((f) => [f, ''])) as ProductDraft;

const draftOf = (product: Product) =>
  Object.fromEntries(PRODUCT_REQUIRED_FIELDS.map((f) => [f, product[f]])) as ProductDraft;

const SUBCATEGORY_KEYS = {
  withgemstone: 'nav.withGemstone',
  withoutgemstone: 'nav.withoutGemstone',
} as const;

type ProductFormProps = {
  /** The product being edited; absent when adding one (then the image is required). */
  product?: Product;
  /** The metal, finish, stone and colour lists to tick from; without them those fields are left out. */
  attributeLists?: AttributeLists | null;
  /**
   * Sends the form. Progress is 0..1 while the body uploads. Throws an ApiError on failure; the
   * form shows its message (the server's when it sent one) and its field issues.
   */
  onSubmit: (form: FormData, onProgress: (fraction: number) => void) => Promise<void>;
  /** The text shown when the call fails without a server message. */
  failureText: string;
  /** Edit: always 'Failed to update product.' first, the server's reason under it. */
  isFailureTextFirst?: boolean;
  submitText: string;
  onCancel?: () => void;
};

/** The admin's add and edit product form: fields, image preview, checks, upload progress. */
export function ProductForm({
  product,
  attributeLists = null,
  onSubmit,
  failureText,
  isFailureTextFirst = false,
  submitText,
  onCancel,
}: ProductFormProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const isAdding = !product;
  const [draft, setDraft] = useState<ProductDraft>(product ? draftOf(product) : EMPTY);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [formErrorDetail, setFormErrorDetail] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(image);
  const current = product ? sizedImage(imageSourceOf(product), 'thumb') : { src: null };
  const isSending = progress !== null;

  const update = (field: keyof ProductDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setFieldErrors((errors) => ({ ...errors, [field]: undefined }));
  };

  const chooseImage = (file: File | null) => {
    setFieldErrors((errors) => ({ ...errors, image: undefined }));
    if (!file) {
      setImage(null);
      setImageError(null);
      return;
    }
    const problem = checkImageFile(file);
    if (problem) {
      setImage(null);
      setImageError(t(`product.errors.${problem}`));
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setImageError(null);
    setImage(file);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    setFormError(null);
    setFormErrorDetail(null);
    const checked = checkProductFields(draft);
    if (!checked.ok) {
      // Empty fields: the sentence once, above the form; each empty field is marked with a word.
      const missing = checked.message === PRODUCT_MESSAGES.allFieldsRequired;
      setFormError(missing ? t('product.errors.allFieldsRequired') : checked.message);
      setFieldErrors(
        Object.fromEntries(
          checked.issues.map((i) => [i.path, missing ? t('product.errors.fieldRequired') : i.message]),
        ),
      );
      return;
    }
    if (imageError) {
      setFormError(imageError);
      return;
    }
    if (isAdding && !image) {
      setFormError(t('product.errors.imageRequired'));
      setFieldErrors({ image: t('product.errors.imageRequired') });
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(draft)) form.append(key, value.trim());
    if (image) form.append('image', image);
    appendProductExtras(form, event.currentTarget);
    setProgress(0);
    try {
      await onSubmit(form, setProgress);
    } catch (error) {
      if (error instanceof ApiError) {
        const reason = error.status === 0 ? t('product.errors.noResponse') : error.message || failureText;
        setFormError(isFailureTextFirst ? failureText : reason);
        if (isFailureTextFirst && reason !== failureText) setFormErrorDetail(reason);
        setFieldErrors(Object.fromEntries(error.issues.map((i) => [i.path, i.message])));
      } else {
        setFormError(failureText);
      }
    } finally {
      setProgress(null);
    }
  };

  const fieldError = (field: FieldName) => fieldErrors[field] ?? null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="max-w-2xl space-y-5">
      {formError ? <Notice tone="error" text={formError} detail={formErrorDetail} /> : null}
      <TextField
        label={t('product.name')}
        name="name"
        required
        maxLength={PRODUCT_FIELD_MAX.name}
        value={draft.name}
        onChange={(e) => update('name', e.target.value)}
        error={fieldError('name')}
      />
      <TextAreaField
        label={t('product.description')}
        name="description"
        required
        maxLength={PRODUCT_FIELD_MAX.description}
        value={draft.description}
        onChange={(e) => update('description', e.target.value)}
        error={fieldError('description')}
      />
      <div>
        <TextField
          label={t('product.image')}
          name="image"
          type="file"
          accept="image/*"
          required={isAdding}
          ref={fileInput}
          hint={isAdding ? t('product.imageHint') : `${t('product.imageHint')} ${t('product.keepImageHint')}`}
          error={imageError ?? fieldError('image')}
          onChange={(e) => chooseImage(e.target.files?.[0] ?? null)}
          className="[&_input]:py-1.5"
        />
        <div className="mt-3 flex flex-wrap gap-4">
          {preview ? (
            <figure>
              <img
                src={preview}
                alt={t('product.preview')}
                className="size-40 rounded-md border border-gray-200 object-cover"
              />
            </figure>
          ) : null}
          {!preview && current.src ? (
            <figure>
              <FallbackImage
                src={current.src}
                srcSet={current.srcSet}
                alt={t('product.currentImage')}
                className="size-40 rounded-md border border-gray-200 object-cover"
              />
              <figcaption className="mt-1 text-sm text-gray-700">{t('product.currentImage')}</figcaption>
            </figure>
          ) : null}
        </div>
      </div>
      {product ? <GalleryEditor productId={product._id} initial={product.images ?? []} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('product.category')}
          name="category"
          required
          placeholder={t('product.chooseCategory')}
          options={CATEGORIES.map((c) => ({ value: c, label: tc(`categories.${c}`) }))}
          value={draft.category}
          onChange={(e) => update('category', e.target.value)}
          error={fieldError('category')}
        />
        <SelectField
          label={t('product.subcategory')}
          name="subcategory"
          required
          placeholder={t('product.chooseSubcategory')}
          options={SUBCATEGORIES.map((s) => ({ value: s, label: tc(SUBCATEGORY_KEYS[s]) }))}
          value={draft.subcategory}
          onChange={(e) => update('subcategory', e.target.value)}
          error={fieldError('subcategory')}
        />
      </div>
      <TextField
        label={t('product.code')}
        name="code"
        required
        maxLength={PRODUCT_FIELD_MAX.code}
        value={draft.code}
        onChange={(e) => update('code', e.target.value)}
        error={fieldError('code')}
      />
      <ProductAttributeFields lists={attributeLists} product={product} errors={fieldErrors} />
      {isSending ? <UploadProgress value={progress ?? 0} label={t('product.progress')} /> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSending} aria-busy={isSending}>
          {isSending ? t('product.uploading') : submitText}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={isSending}>
            {t('product.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
