import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { altFor, type ProductImage } from '@catalogue/shared/schemas/product-gallery';
import type { Product } from '@catalogue/shared/schemas/product';
import { FallbackImage } from '~/components/ui/fallback-image';
import { detailImage } from '~/features/catalogue/detail-image';
import { ZoomViewer } from '~/features/catalogue/zoom-viewer';
import { useTranslation } from '~/lib/i18n';
import { sizedImage } from '~/lib/media';

/** A horizontal move at least this long, and clearly more across than down, is a swipe. */
const SWIPE_MIN_PX = 40;
const THUMB_PX = 80;

type GalleryPicture = Pick<ProductImage, 'url' | 'alt' | 'altHi'> & { _id: string };

/** The product's pictures; a product from an older answer without `images` has its one picture. */
export function picturesOf(product: Pick<Product, '_id' | 'imageUrl' | 'imageurl' | 'images'>) {
  if (product.images?.length) return product.images as GalleryPicture[];
  const url = product.imageUrl ?? product.imageurl;
  return url ? [{ _id: product._id, url, alt: '', altHi: '' }] : [];
}

/** The next index after a step of `by`, kept inside the gallery (no wrap: the ends are visible). */
export function stepIndex(index: number, by: number, count: number): number {
  return Math.min(Math.max(index + by, 0), Math.max(count - 1, 0));
}

/**
 * The product page's pictures: the main picture with its zoom, and beneath it one thumbnail
 * button per picture (the current one marked `aria-current`). Left and Right arrows while the
 * gallery has focus, and a horizontal swipe on a touch screen, move between pictures. The first
 * picture renders exactly as a single picture did (eager, high priority, same srcset): it stays
 * the page's largest paint. The others are fetched only when shown; thumbnails load lazily.
 */
export function ProductGallery({ product }: { product: Product }) {
  const { t, i18n } = useTranslation('gallery');
  const pictures = picturesOf(product);
  const [index, setIndex] = useState(0);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const stage = useRef<HTMLDivElement>(null);
  // A new picture is a new zoom viewer: the focus it had moves to the new one.
  const refocusStage = useRef(false);
  const current = pictures[index] ?? null;
  const count = pictures.length;
  const alt = current ? altFor(current, i18n.language, product.name) : product.name;

  const show = (next: number, focusThumb = false) => {
    refocusStage.current = !focusThumb && !!stage.current?.contains(document.activeElement);
    setIndex(next);
    if (focusThumb) thumbs.current[next]?.focus();
  };
  useEffect(() => {
    if (!refocusStage.current) return;
    refocusStage.current = false;
    stage.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, [index]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The zoom viewer uses the arrows to move a zoomed picture; it has then handled them.
    if (event.defaultPrevented || count < 2) return;
    const by = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (!by) return;
    event.preventDefault();
    const onThumb = thumbs.current.includes(event.target as HTMLButtonElement);
    show(stepIndex(index, by, count), onThumb);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    // A mouse drags a zoomed picture; a zoomed picture handles its own pointer (it prevents default).
    if (event.pointerType === 'mouse' || event.defaultPrevented || swipe.current) {
      swipe.current = null;
      return;
    }
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.5) {
      show(stepIndex(index, dx < 0 ? 1 : -1, count));
    }
  };

  if (count < 2) {
    return <ZoomViewer key={current?._id} image={detailImage({ imageUrl: current?.url })} alt={alt} />;
  }

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t('viewer.label', { name: product.name })}
      onKeyDown={onKeyDown}
    >
      <div
        ref={stage}
        data-testid="gallery-stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        {/* A new picture starts unzoomed, as its own viewer. */}
        <ZoomViewer key={current!._id} image={detailImage({ imageUrl: current!.url })} alt={alt} />
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {t('viewer.position', { index: index + 1, total: count })}
      </p>
      <div role="group" aria-label={t('viewer.thumbnails')} className="mt-3 flex gap-2 overflow-x-auto pb-1">
        {pictures.map((picture, i) => {
          const thumb = sizedImage(picture.url, 'thumb');
          return (
            <button
              key={picture._id}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              aria-current={i === index ? 'true' : undefined}
              aria-label={t('viewer.thumbnail', { index: i + 1, total: count })}
              onClick={() => show(i)}
              className={`shrink-0 overflow-hidden rounded-md border-2 bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                i === index ? 'border-brand-700' : 'border-transparent hover:border-brand-300'
              }`}
              style={{ width: THUMB_PX, height: THUMB_PX }}
            >
              <FallbackImage
                src={thumb.src}
                srcSet={thumb.srcSet}
                width={THUMB_PX}
                height={THUMB_PX}
                alt=""
                loading="lazy"
                decoding="async"
                draggable={false}
                className="h-full w-full object-cover"
              />
            </button>
          );
        })}
      </div>
      <p className="mt-1 text-xs text-gray-700">{t('viewer.hint')}</p>
    </div>
  );
}
