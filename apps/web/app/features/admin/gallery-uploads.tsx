import { useRef, useState } from 'react';
import {
  GALLERY_MAX_IMAGES,
  gallerySavedSchema,
  type ProductImage,
} from '@catalogue/shared/schemas/product-gallery';
import { productSchema } from '@catalogue/shared/schemas/product';
import { Button } from '~/components/ui/button';
import { UploadProgress } from '~/components/ui/notice';
import { apiRequest, checkAnswer, getJson, serverReason } from '~/lib/api-client';
import { useTranslation } from '~/lib/i18n';
import { checkImageFile } from './product-image';

export type Upload = { key: number; name: string; progress: number; error: string | null };

type UploadQueueOptions = {
  productId: string;
  /** The gallery's address under `/api`. */
  base: string;
  /** How many pictures the gallery has now, so no upload goes past the limit. */
  imageCount: number;
  /** The gallery as an upload's answer (or the reload after the last one) has it. */
  onImages: (images: ProductImage[]) => void;
  onAnnounce: (text: string) => void;
};

/**
 * The gallery's upload queue: several files at once, each sent on its own (XMLHttpRequest, for its
 * progress) with its own progress and error; files past the gallery's limit, of another type or
 * too large are refused before sending. Once the last upload of a batch is done, the gallery is
 * read again so parallel uploads end in the server's order.
 */
export function useUploadQueue({ productId, base, imageCount, onImages, onAnnounce }: UploadQueueOptions) {
  const { t } = useTranslation('gallery-admin');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const uploadKey = useRef(0);
  const inFlight = useRef(0);

  const patchUpload = (key: number, patch: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...patch } : u)));
  const dismiss = (key: number) => setUploads((all) => all.filter((u) => u.key !== key));

  /** The gallery as the server has it, once the last of several parallel uploads is done. */
  const refresh = async () => {
    try {
      const product = await getJson(`/products/single/${encodeURIComponent(productId)}`, productSchema);
      if (product.images) onImages(product.images);
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
      onImages(saved.images);
      dismiss(key);
      onAnnounce(t('editor.uploaded', { name: file.name }));
    } catch (error) {
      patchUpload(key, { error: serverReason(error, t('editor.errors.network')) });
    } finally {
      inFlight.current -= 1;
      if (inFlight.current === 0) await refresh();
    }
  };

  const addFiles = (files: File[]) => {
    const pending = uploads.filter((u) => !u.error).length;
    let room = GALLERY_MAX_IMAGES - imageCount - pending;
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
  };

  return { uploads, addFiles, dismiss };
}

/** The uploads under way (each with its progress) and the failed ones (each with Dismiss). */
export function UploadList({ uploads, onDismiss }: { uploads: Upload[]; onDismiss: (key: number) => void }) {
  const { t } = useTranslation('gallery-admin');
  if (!uploads.length) return null;
  return (
    <ul className="space-y-2" aria-label={t('editor.choose')}>
      {uploads.map((upload) => (
        <li key={upload.key} className="text-sm">
          {upload.error ? (
            <div
              className="flex items-start justify-between gap-3 rounded-md bg-red-50 px-3 py-2 text-red-800"
              role="alert"
            >
              <span>{t('editor.failed', { name: upload.name, message: upload.error })}</span>
              <Button variant="ghost" size="sm" onClick={() => onDismiss(upload.key)}>
                {t('editor.dismiss')}
              </Button>
            </div>
          ) : (
            <>
              <span className="text-gray-800">{t('editor.uploading', { name: upload.name })}</span>
              <UploadProgress value={upload.progress} label={t('editor.uploading', { name: upload.name })} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
