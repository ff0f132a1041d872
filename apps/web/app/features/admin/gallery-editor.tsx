import { useRef, useState, type DragEvent } from 'react';
import {
  GALLERY_MAX_IMAGES,
  gallerySavedSchema,
  type ProductImage,
} from '@catalogue/shared/schemas/product-gallery';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { Notice } from '~/components/ui/notice';
import { apiRequest, checkAnswer, serverReason } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { PictureItem } from './gallery-picture';
import { UploadList, useUploadQueue } from './gallery-uploads';

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
  const { t } = useTranslation('gallery-admin');
  const [images, setImages] = useState<ProductImage[]>(initial);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<ProductImage | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const removeIndex = toRemove ? images.findIndex((i) => i._id === toRemove._id) + 1 : 0;
  const [isDropTarget, setIsDropTarget] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const base = `/products/admin/${encodeURIComponent(productId)}/images`;

  const reason = (error: unknown) => serverReason(error, t('editor.errors.network'));
  const queue = useUploadQueue({
    productId,
    base,
    imageCount: images.length,
    onImages: setImages,
    onAnnounce: setAnnouncement,
  });
  const addFiles = (files: File[]) => {
    queue.addFiles(files);
    if (fileInput.current) fileInput.current.value = '';
  };

  /**
   * Order saves in flight: they go out one at a time, in the order they were made, so two quick
   * moves cannot reach the server the other way round and leave the older order saved; only the
   * newest save's answer (or failure) is shown.
   */
  const orderSaves = useRef({ chain: Promise.resolve(), newest: 0 });

  /** Saves a new order; the list shows it at once and goes back if the server refuses. */
  const saveOrder = (next: ProductImage[], movedTo: number, focusSelector?: string) => {
    const before = images;
    setImages(next);
    setProblem(null);
    setAnnouncement(t('editor.moved', { index: movedTo + 1, total: next.length }));
    if (focusSelector) {
      requestAnimationFrame(() =>
        list.current?.querySelectorAll<HTMLElement>(focusSelector)[movedTo]?.focus(),
      );
    }
    const saves = orderSaves.current;
    const mine = ++saves.newest;
    saves.chain = saves.chain.then(async () => {
      try {
        const saved = checkAnswer(
          await apiRequest(`${base}/order`, {
            method: 'PUT',
            json: { ids: next.map((i) => i._id) },
          }),
          gallerySavedSchema,
        );
        if (mine === saves.newest) setImages(saved.images);
      } catch (error) {
        if (mine !== saves.newest) return;
        setImages(before);
        setProblem(t('editor.errors.saveFailed', { message: reason(error) }));
      }
    });
    return saves.chain;
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

      <UploadList uploads={queue.uploads} onDismiss={queue.dismiss} />

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
