import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  GALLERY_ALT_MAX,
  GALLERY_MAX_IMAGES,
  gallerySavedSchema,
  type ProductImage,
} from '@catalogue/shared/schemas/product-gallery';
import { productSchema } from '@catalogue/shared/schemas/product';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { FallbackImage } from '~/components/ui/fallback-image';
import { TextField } from '~/components/ui/field';
import { Notice, UploadProgress } from '~/components/ui/notice';
import { ApiError, apiRequest, checkAnswer, getJson } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { sizedImage } from '~/lib/media';
import { checkImageFile } from './product-image';

type Upload = { key: number; name: string; progress: number; error: string | null };

/** `list` with the item at `from` moved to `to` (both inside the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The gallery of a saved product, edited picture by picture: add several files at once (chosen or
 * dropped; each uploads on its own with its own progress and error), reorder by dragging or with
 * each picture's Earlier and Later buttons (announced), remove after a confirmation, and set the
 * English and Hindi alt texts. Every change is saved at once; the first picture is the main one.
 */
export function GalleryEditor({ productId, initial }: { productId: string; initial: ProductImage[] }) {
  const { t } = useTranslation('gallery');
  const [images, setImages] = useState<ProductImage[]>(initial);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<ProductImage | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const removeIndex = toRemove ? images.findIndex((i) => i._id === toRemove._id) + 1 : 0;
  const [isDropTarget, setIsDropTarget] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadKey = useRef(0);
  const inFlight = useRef(0);
  const list = useRef<HTMLOListElement>(null);
  const base = `/products/admin/${encodeURIComponent(productId)}/images`;

  const reason = (error: unknown) =>
    error instanceof ApiError && error.status !== 0 ? error.message : t('editor.errors.network');
  const patchUpload = (key: number, patch: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  /** The gallery as the server has it, once the last of several parallel uploads is done. */
  const refresh = async () => {
    try {
      const product = await getJson(`/products/single/${encodeURIComponent(productId)}`, productSchema);
      if (product.images) setImages(product.images);
    } catch {
      // The answers of the uploads themselves are already shown.
    }
  };

  const uploadOne = async (file: File, key: number) => {
    const form = new FormData();
    form.append('image', file);
    inFlight.current += 1;
    try {
      const saved = checkAnswer(
        await apiRequest(base, {
          method: 'POST',
          form,
          onUploadProgress: (progress) => patchUpload(key, { progress }),
        }),
        gallerySavedSchema,
      );
      setImages(saved.images);
      setUploads((all) => all.filter((u) => u.key !== key));
      setAnnouncement(t('editor.uploaded', { name: file.name }));
    } catch (error) {
      patchUpload(key, { error: reason(error) });
    } finally {
      inFlight.current -= 1;
      if (inFlight.current === 0) await refresh();
    }
  };

  const addFiles = (files: File[]) => {
    const pending = uploads.filter((u) => !u.error).length;
    let room = GALLERY_MAX_IMAGES - images.length - pending;
    const added: Upload[] = [];
    const toSend: Array<[File, number]> = [];
    for (const file of files) {
      const key = ++uploadKey.current;
      const check = checkImageFile(file);
      const error = check
        ? t(check === 'imageType' ? 'editor.errors.type' : 'editor.errors.size')
        : room <= 0
          ? t('editor.errors.tooMany', { max: GALLERY_MAX_IMAGES })
          : null;
      added.push({ key, name: file.name, progress: 0, error });
      if (!error) {
        room -= 1;
        toSend.push([file, key]);
      }
    }
    setUploads((all) => [...all, ...added]);
    for (const [file, key] of toSend) void uploadOne(file, key);
    if (fileInput.current) fileInput.current.value = '';
  };

  /** Saves a new order; the list shows it at once and goes back if the server refuses. */
  const saveOrder = async (next: ProductImage[], movedTo: number, focusSelector?: string) => {
    const before = images;
    setImages(next);
    setProblem(null);
    setAnnouncement(t('editor.moved', { index: movedTo + 1, total: next.length }));
    if (focusSelector) {
      requestAnimationFrame(() =>
        list.current?.querySelectorAll<HTMLElement>(focusSelector)[movedTo]?.focus(),
      );
    }
    try {
      const saved = checkAnswer(
        await apiRequest(`${base}/order`, {
          method: 'PUT',
          json: { ids: next.map((i) => i._id) },
        }),
        gallerySavedSchema,
      );
      setImages(saved.images);
    } catch (error) {
      setImages(before);
      setProblem(t('editor.errors.saveFailed', { message: reason(error) }));
    }
  };

  const move = (from: number, by: -1 | 1) => {
    const to = from + by;
    if (to < 0 || to >= images.length) return;
    // Focus stays on the same button of the moved picture, or its other one at an end.
    const atEnd = to === 0 || to === images.length - 1;
    const button =
      by < 0
        ? atEnd
          ? '[data-move=down]'
          : '[data-move=up]'
        : atEnd
          ? '[data-move=up]'
          : '[data-move=down]';
    void saveOrder(moveItem(images, from, to), to, button);
  };

  const remove = async (image: ProductImage) => {
    setToRemove(null);
    setProblem(null);
    try {
      const saved = checkAnswer(
        await apiRequest(`${base}/${encodeURIComponent(image._id)}`, {
          method: 'DELETE',
        }),
        gallerySavedSchema,
      );
      setImages(saved.images);
      setAnnouncement(t('editor.removed'));
    } catch (error) {
      setProblem(t('editor.errors.saveFailed', { message: reason(error) }));
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>, to: number | null) => {
    event.preventDefault();
    setIsDropTarget(false);
    const files = [...event.dataTransfer.files];
    if (files.length) {
      addFiles(files);
    } else if (dragFrom !== null && to !== null && to !== dragFrom) {
      void saveOrder(moveItem(images, dragFrom, to), to);
    }
    setDragFrom(null);
  };

  return (
    <section aria-labelledby="gallery-editor-title" className="space-y-3">
      <h2 id="gallery-editor-title" className="text-sm font-medium text-ink">
        {t('editor.title')}{' '}
        <span className="font-normal text-gray-700">
          ({t('editor.count', { count: images.length, max: GALLERY_MAX_IMAGES })})
        </span>
      </h2>
      <p className="text-sm text-gray-700">{t('editor.intro', { max: GALLERY_MAX_IMAGES })}</p>
      <p className="text-sm text-gray-700">{t('editor.altHint')}</p>
      <div
        data-testid="gallery-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setIsDropTarget(event.dataTransfer.types.includes('Files'));
        }}
        onDragLeave={() => setIsDropTarget(false)}
        onDrop={(event) => onDrop(event, null)}
        className={`flex flex-wrap items-center gap-3 rounded-md border-2 border-dashed p-4 ${
          isDropTarget ? 'border-brand-700 bg-brand-50' : 'border-gray-300'
        }`}
      >
        <label className="cursor-pointer rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700 hover:bg-brand-900">
          {t('editor.choose')}
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            onChange={(event) => addFiles([...(event.target.files ?? [])])}
          />
        </label>
        <span className="text-sm text-gray-700">{t('editor.drop')}</span>
      </div>

      {uploads.length ? (
        <ul className="space-y-2" aria-label={t('editor.choose')}>
          {uploads.map((upload) => (
            <li key={upload.key} className="text-sm">
              {upload.error ? (
                <div
                  className="flex items-start justify-between gap-3 rounded-md bg-red-50 px-3 py-2 text-red-800"
                  role="alert"
                >
                  <span>{t('editor.failed', { name: upload.name, message: upload.error })}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setUploads((all) => all.filter((u) => u.key !== upload.key))}
                  >
                    {t('editor.dismiss')}
                  </Button>
                </div>
              ) : (
                <>
                  <span className="text-gray-800">{t('editor.uploading', { name: upload.name })}</span>
                  <UploadProgress
                    value={upload.progress}
                    label={t('editor.uploading', { name: upload.name })}
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {problem ? <Notice tone="error" text={problem} /> : null}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      {images.length === 0 ? (
        <p className="text-sm text-gray-700">{t('editor.empty')}</p>
      ) : (
        <>
          <p className="text-sm text-gray-700">{t('editor.dragHint')}</p>
          <ol ref={list} aria-label={t('editor.title')} className="grid gap-3 sm:grid-cols-2">
            {images.map((image, index) => (
              <PictureItem
                key={image._id}
                image={image}
                index={index}
                total={images.length}
                base={base}
                isDragged={dragFrom === index}
                onMove={(by) => move(index, by)}
                onRemove={() => setToRemove(image)}
                onSaved={setImages}
                onDragStart={() => setDragFrom(index)}
                onDragEnd={() => setDragFrom(null)}
                onDrop={(event) => onDrop(event, index)}
              />
            ))}
          </ol>
        </>
      )}

      <Dialog
        open={toRemove !== null}
        onClose={() => setToRemove(null)}
        title={t('editor.remove', { index: removeIndex })}
        actions={
          <>
            <Button variant="secondary" onClick={() => setToRemove(null)}>
              {t('editor.cancel')}
            </Button>
            <Button variant="danger" onClick={() => toRemove && void remove(toRemove)}>
              {t('editor.remove', { index: removeIndex })}
            </Button>
          </>
        }
      >
        <p>{t('editor.confirmRemove')}</p>
      </Dialog>
    </section>
  );
}

type PictureItemProps = {
  image: ProductImage;
  index: number;
  total: number;
  base: string;
  isDragged: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onSaved: (images: ProductImage[]) => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
};

/** One picture: thumbnail, position, move and remove buttons, and its two alt texts. */
function PictureItem({ image, index, total, base, isDragged, ...on }: PictureItemProps) {
  const { t } = useTranslation('gallery');
  const [alt, setAlt] = useState(image.alt);
  const [altHi, setAltHi] = useState(image.altHi);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const thumb = sizedImage(image.url, 'thumb');
  const isChanged = alt !== image.alt || altHi !== image.altHi;

  const saveAlt = async () => {
    setStatus(null);
    try {
      const saved = checkAnswer(
        await apiRequest(`${base}/${encodeURIComponent(image._id)}`, {
          method: 'PUT',
          json: { alt, altHi },
        }),
        gallerySavedSchema,
      );
      on.onSaved(saved.images);
      setStatus({ tone: 'success', text: t('editor.altSaved') });
    } catch (error) {
      const message = error instanceof ApiError && error.status ? error.message : t('editor.errors.network');
      setStatus({ tone: 'error', text: t('editor.errors.saveFailed', { message }) });
    }
  };
  // Enter in an alt text saves it, not the product form around the editor.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void saveAlt();
  };

  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', image._id);
        on.onDragStart();
      }}
      onDragEnd={on.onDragEnd}
      onDragOver={(event) => event.preventDefault()}
      onDrop={on.onDrop}
      aria-label={t('editor.position', { index: index + 1, total })}
      className={`flex gap-3 rounded-md border bg-white p-3 ${isDragged ? 'border-brand-700 opacity-60' : 'border-gray-200'}`}
    >
      <div className="shrink-0 space-y-2">
        <FallbackImage
          src={thumb.src}
          srcSet={thumb.srcSet}
          width={96}
          height={96}
          alt={image.alt || t('editor.position', { index: index + 1, total })}
          draggable={false}
          className="size-24 cursor-grab rounded border border-gray-200 object-cover"
        />
        <p className="text-xs font-semibold text-gray-800">
          {index === 0 ? t('editor.first') : t('editor.position', { index: index + 1, total })}
        </p>
        <div className="flex gap-1">
          <Button
            variant="secondary"
            size="sm"
            data-move="up"
            aria-label={t('editor.moveUp', { index: index + 1 })}
            disabled={index === 0}
            onClick={() => on.onMove(-1)}
          >
            <span aria-hidden="true">↑</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            data-move="down"
            aria-label={t('editor.moveDown', { index: index + 1 })}
            disabled={index === total - 1}
            onClick={() => on.onMove(1)}
          >
            <span aria-hidden="true">↓</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('editor.remove', { index: index + 1 })}
            onClick={on.onRemove}
          >
            <span aria-hidden="true">✕</span>
          </Button>
        </div>
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <TextField
          label={t('editor.altEn')}
          value={alt}
          maxLength={GALLERY_ALT_MAX}
          onChange={(event) => setAlt(event.target.value)}
          onKeyDown={onEnter}
        />
        <TextField
          label={t('editor.altHi')}
          lang="hi"
          value={altHi}
          maxLength={GALLERY_ALT_MAX}
          onChange={(event) => setAltHi(event.target.value)}
          onKeyDown={onEnter}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" disabled={!isChanged} onClick={() => void saveAlt()}>
            {t('editor.saveAlt')}
          </Button>
          {status ? (
            <span
              role="status"
              className={`text-sm ${status.tone === 'error' ? 'text-red-700' : 'text-green-800'}`}
            >
              {status.text}
            </span>
          ) : null}
        </div>
      </div>
    </li>
  );
}
