import { useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  GALLERY_ALT_MAX,
  gallerySavedSchema,
  type ProductImage,
} from '@catalogue/shared/schemas/product-gallery';
import { Button } from '~/components/ui/button';
import { FallbackImage } from '~/components/ui/fallback-image';
import { TextField } from '~/components/ui/field';
import { apiRequest, checkAnswer, serverReason } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { sizedImage } from '~/lib/media';

export type PictureItemProps = {
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
export function PictureItem({ image, index, total, base, isDragged, ...on }: PictureItemProps) {
  const { t } = useTranslation('gallery-admin');
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
      setStatus({
        tone: 'error',
        text: t('editor.errors.saveFailed', { message: serverReason(error, t('editor.errors.network')) }),
      });
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
