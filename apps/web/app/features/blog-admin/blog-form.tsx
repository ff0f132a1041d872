import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';
import type { Blog } from '@catalogue/shared/schemas/blog';
import { Button } from '~/components/ui/button';
import { TextAreaField, TextField } from '~/components/ui/field';
import { apiRequest, ApiError } from '~/lib/api-client';
import { withPrefix } from '~/lib/prefix';
import { BlogPreview } from './blog-preview';
import {
  BLOG_TEXT_FIELDS,
  charCount,
  EMPTY_BLOG_FORM,
  FIELD_MAX,
  validateBlogFields,
  validateBlogImage,
  valuesOf,
  type BlogFormErrors,
  type BlogFormValues,
  type BlogTextField,
  type FieldError,
} from './blog-form-rules';
import { RichTextEditor } from './rich-text-editor';

type BlogFormProps =
  | { mode: 'create'; blog?: undefined }
  | {
      mode: 'edit';
      /** The post as GET /api/blogs/id/{id} answered it. */
      blog: Blog;
    };

type Status =
  | { kind: 'idle' }
  | { kind: 'sending'; progress: number | null }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

/** A live "n/max" counter under a field, red once past the maximum. */
function Counter({ value, max }: { value: string; max: number }) {
  const { t } = useTranslation('admin-content');
  const count = charCount(value);
  return (
    <span className={count > max ? 'font-semibold text-red-700' : undefined}>
      <span aria-hidden="true">{t('form.counter', { count, max })}</span>
      <span className="sr-only">{t('form.counterLabel', { count, max })}</span>
    </span>
  );
}

/** Server issues (`{path, message}`) beside the fields they name. */
function serverFieldErrors(error: ApiError): BlogFormErrors {
  const errors: BlogFormErrors = {};
  for (const issue of error.issues) {
    const field = issue.path as BlogTextField | 'image';
    if ((BLOG_TEXT_FIELDS as readonly string[]).includes(field) || field === 'image')
      errors[field] = { key: 'raw', values: { text: issue.message } };
  }
  if (error.status === 413 && /image/i.test(error.message))
    errors.image = { key: 'form.errors.imageTooLarge' };
  return errors;
}

/**
 * The upload and edit forms of a post: title, rich-text content with the
 * server-sanitised preview, excerpt and meta fields with live counters, and an image under 2MB.
 */
export function BlogForm({ mode, blog }: BlogFormProps) {
  const { t } = useTranslation('admin-content');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const ids = useId();
  const [values, setValues] = useState<BlogFormValues>(blog ? valuesOf(blog) : EMPTY_BLOG_FORM);
  const [errors, setErrors] = useState<BlogFormErrors>({});
  const [image, setImage] = useState<File | null>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => void (redirect.current && clearTimeout(redirect.current)), []);
  useEffect(() => {
    if (!image) return setImageUrl(null);
    const url = URL.createObjectURL(image);
    setImageUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const message = (error: FieldError | undefined) =>
    !error ? undefined : error.key === 'raw' ? String(error.values?.text ?? '') : t(error.key, error.values);

  const change = (field: BlogTextField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    // An error clears when its field is edited; a length error comes back live while still too long.
    setErrors((previous) => {
      const next = { ...previous };
      delete next[field];
      const max = FIELD_MAX[field as keyof typeof FIELD_MAX];
      if (max !== undefined && charCount(value.trim()) > max)
        next[field] = { key: 'form.errors.tooLong', values: { max } };
      return next;
    });
    if (status.kind === 'failed' || status.kind === 'done') setStatus({ kind: 'idle' });
  };

  const chooseImage = (file: File | null) => {
    setImage(file);
    setErrors((previous) => {
      const next = { ...previous };
      const error = validateBlogImage(file);
      if (error) next.image = error;
      else delete next.image;
      return next;
    });
    if (file) setRemoveImage(false);
  };

  const imageError = validateBlogImage(image);
  const isSending = status.kind === 'sending';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    const found: BlogFormErrors = { ...validateBlogFields(values) };
    if (imageError) found.image = imageError;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus({ kind: 'failed', message: t('form.errors.fixFields') });
      const first = BLOG_TEXT_FIELDS.find((field) => found[field]) ?? 'image';
      document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }

    const form = new FormData();
    for (const field of BLOG_TEXT_FIELDS) form.append(field, values[field]);
    if (image) form.append('image', image);
    else if (removeImage) form.append('removeImage', 'true');

    setStatus({ kind: 'sending', progress: image ? 0 : null });
    const onUploadProgress = (fraction: number) => setStatus({ kind: 'sending', progress: fraction });
    try {
      if (mode === 'create') {
        const answer = await apiRequest<{ slug: string }>('/blogs/create', {
          method: 'POST',
          form,
          onUploadProgress,
        });
        setValues(EMPTY_BLOG_FORM);
        chooseImage(null);
        if (fileInput.current) fileInput.current.value = '';
        setStatus({ kind: 'done', message: t('form.created') });
        redirect.current = setTimeout(
          () => void navigate(withPrefix(pathname, `/blogs/${encodeURIComponent(answer.slug)}`)),
          TIMINGS_MS.blogRedirect,
        );
      } else {
        await apiRequest(`/blogs/${encodeURIComponent(blog._id)}`, { method: 'PUT', form, onUploadProgress });
        setStatus({ kind: 'done', message: t('form.updated') });
        redirect.current = setTimeout(
          () => void navigate(withPrefix(pathname, '/dashboard')),
          TIMINGS_MS.blogRedirect,
        );
      }
    } catch (failure) {
      const fallback = mode === 'create' ? t('form.createError') : t('form.updateError');
      if (failure instanceof ApiError && failure.status > 0) {
        setErrors(serverFieldErrors(failure));
        setStatus({ kind: 'failed', message: failure.message || fallback });
      } else setStatus({ kind: 'failed', message: fallback });
    }
  };

  const fieldId = (field: BlogTextField | 'image') => `${ids}-${field}`;
  const counted = (field: keyof typeof FIELD_MAX) => ({
    id: fieldId(field),
    value: values[field],
    error: message(errors[field]),
    hint: <Counter value={values[field]} max={FIELD_MAX[field]} />,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    disabled: isSending,
  });
  const contentErrorId = `${fieldId('content')}-error`;
  const currentImage = mode === 'edit' ? blog.image : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5" aria-busy={isSending}>
      <TextField label={t('form.title')} required autoComplete="off" {...counted('title')} hint={undefined} />

      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <span id={`${fieldId('content')}-label`} className="mb-1 block text-sm font-medium text-ink">
            {t('form.content')}
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          </span>
          <RichTextEditor
            id={fieldId('content')}
            labelledBy={`${fieldId('content')}-label`}
            value={values.content}
            onChange={(html) => change('content', html)}
            isInvalid={Boolean(errors.content)}
            describedBy={errors.content ? contentErrorId : undefined}
          />
          {errors.content ? (
            <p id={contentErrorId} role="alert" className="mt-1 text-sm text-red-700">
              {message(errors.content)}
            </p>
          ) : null}
        </div>
        <BlogPreview content={values.content} />
      </div>

      <TextAreaField label={t('form.excerpt')} rows={3} {...counted('excerpt')} />
      <TextField label={t('form.metaTitle')} autoComplete="off" {...counted('metaTitle')} />
      <TextAreaField label={t('form.metaDescription')} rows={3} {...counted('metaDescription')} />

      <div className="space-y-2">
        <TextField
          ref={fileInput}
          id={fieldId('image')}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          label={t('form.image')}
          hint={t('form.imageHint')}
          error={message(errors.image)}
          disabled={isSending}
          onChange={(event) => chooseImage(event.target.files?.[0] ?? null)}
        />
        <div className="flex flex-wrap items-end gap-4">
          {imageUrl ? (
            <figure>
              <img
                src={imageUrl}
                alt=""
                className="h-28 w-auto rounded border border-gray-200 object-cover"
              />
              <figcaption className="text-xs text-gray-700">{t('form.newImage')}</figcaption>
            </figure>
          ) : null}
          {currentImage && !image ? (
            <figure className={removeImage ? 'opacity-40' : undefined}>
              <img
                src={currentImage}
                alt=""
                className="h-28 w-auto rounded border border-gray-200 object-cover"
              />
              <figcaption className="text-xs text-gray-700">{t('form.currentImage')}</figcaption>
            </figure>
          ) : null}
          {currentImage && !image ? (
            <label className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={removeImage}
                onChange={(event) => setRemoveImage(event.target.checked)}
                disabled={isSending}
                className="size-4"
              />
              {t('form.removeImage')}
            </label>
          ) : null}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={isSending || Boolean(imageError)}>
          {isSending
            ? mode === 'create'
              ? t('form.submitting')
              : t('form.saving')
            : mode === 'create'
              ? t('form.submitCreate')
              : t('form.submitEdit')}
        </Button>
        {status.kind === 'sending' && status.progress !== null ? (
          <label className="flex items-center gap-2 text-sm text-gray-700">
            {t('form.progress', { percent: Math.round(status.progress * 100) })}
            <progress max={1} value={status.progress} className="w-40" />
          </label>
        ) : null}
      </div>
      <div aria-live="polite">
        {status.kind === 'done' ? <p className="font-medium text-green-800">{status.message}</p> : null}
      </div>
      {status.kind === 'failed' ? (
        <p role="alert" className="font-medium text-red-700">
          {status.message}
        </p>
      ) : null}
    </form>
  );
}
