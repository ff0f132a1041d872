import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { preload } from 'react-dom';
import { altFor } from '@catalogue/shared/domain/gallery';
import type { ProductImage } from '@catalogue/shared/schemas/product-gallery';
import type { Product } from '@catalogue/shared/schemas/product';
import { FallbackImage } from '~/components/ui/fallback-image';
import { DETAIL_IMAGE_SIZES, THUMB_PX, detailImage, thumbImage } from '~/components/gallery/detail-image';
import { ZoomViewer } from '~/components/gallery/zoom-viewer';
import { useTranslation } from '~/lib/i18n';

/** A horizontal move at least this long, and clearly more across than down, is a swipe. */
const SWIPE_MIN_PX = 40;
/** Room kept around a thumbnail scrolled into view: its focus outline (3 px, 2 px away) shows. */
const STRIP_PAD_PX = 6;

type GalleryPicture = Pick<ProductImage, 'url' | 'alt' | 'altHi'> & { _id: string };

/** The product's pictures; a product from an older answer without `images` has its one picture. */
export function picturesOf(product: Omit<GalleryProduct, 'name'>) {
  if (product.images?.length) return product.images as GalleryPicture[];
  const url = product.imageUrl ?? product.imageurl;
  return url ? [{ _id: product._id, url, alt: '', altHi: '' }] : [];
}

/** The next index after a step of `by`, kept inside the gallery (no wrap: the ends are visible). */
export function stepIndex(index: number, by: number, count: number): number {
  return Math.min(Math.max(index + by, 0), Math.max(count - 1, 0));
}

/**
 * Where a scroller must stand so that an item (at `start`, `size` long) shows whole with `pad`
 * around it, along one axis of a view `viewSize` long now scrolled to `scroll`; null when it
 * already shows. An item longer than the view shows its start.
 */
export function scrollToShow(
  start: number,
  size: number,
  scroll: number,
  viewSize: number,
  pad = STRIP_PAD_PX,
): number | null {
  if (start - pad < scroll) return Math.max(0, start - pad);
  if (start + size + pad > scroll + viewSize)
    return Math.max(0, Math.min(start - pad, start + size + pad - viewSize));
  return null;
}

/** Scrolls the strip alone (never the page) so that `thumb` shows whole in it. */
function keepInStrip(strip: HTMLElement, thumb: HTMLElement) {
  const left = scrollToShow(thumb.offsetLeft, thumb.offsetWidth, strip.scrollLeft, strip.clientWidth);
  const top = scrollToShow(thumb.offsetTop, thumb.offsetHeight, strip.scrollTop, strip.clientHeight);
  if (left !== null) strip.scrollLeft = left;
  if (top !== null) strip.scrollTop = top;
}

/**
 * Asks the browser for a picture before it is shown, at the size the viewer will pick (the same
 * `srcset` and `sizes`), at low priority; React adds the preload link once per address.
 */
function warmPicture(url: string | undefined) {
  if (!url) return;
  const image = detailImage({ imageUrl: url });
  if (!image.src) return;
  preload(image.src, {
    as: 'image',
    fetchPriority: 'low',
    ...(image.srcSet ? { imageSrcSet: image.srcSet, imageSizes: DETAIL_IMAGE_SIZES } : {}),
  });
}

/**
 * The product page's pictures: the main picture with its zoom, and one thumbnail button per
 * picture (the current one marked `aria-current`): beneath the picture in a row that scrolls
 * sideways, and on a wide screen (`lg`) in a column left of it, as tall as the picture and
 * scrolling when the thumbnails do not fit. Left and Right arrows while the gallery has focus (Up
 * and Down too on a thumbnail), and a horizontal swipe on a touch screen, move between pictures;
 * the strip scrolls itself (never the page) to keep the current thumbnail in view. The first
 * picture renders exactly as a single picture did (eager, high priority, same srcset): it stays
 * the page's largest paint. The others are fetched when shown, or just before at low priority: the
 * picture of a thumbnail hovered or focused, and the neighbours of the picture the buyer moved to
 * (nothing before the first move). Thumbnails load lazily from
 * their own 80 px files (`thumbImage`), and nothing is measured until the picture first changes.
 */
/** What the gallery reads of a product: its name and its pictures (a selection's design has no more). */
export type GalleryProduct = Pick<Product, '_id' | 'name'> &
  Partial<Pick<Product, 'imageUrl' | 'imageurl' | 'images'>>;

export function ProductGallery({ product, compact = false }: { product: GalleryProduct; compact?: boolean }) {
  const { t, i18n } = useTranslation('gallery');
  const pictures = picturesOf(product);
  const [index, setIndex] = useState(0);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const stage = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const shownIndex = useRef(0);
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
    // At hydration the first thumbnail is where the strip starts: no layout is read then.
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    const thumb = thumbs.current[index];
    if (strip.current && thumb) keepInStrip(strip.current, thumb);
    // Once the buyer moves through the pictures, the next ones either way are fetched ahead.
    warmPicture(pictures[index + 1]?.url);
    warmPicture(pictures[index - 1]?.url);
  }, [index, pictures]);
  useEffect(() => {
    if (!refocusStage.current) return;
    refocusStage.current = false;
    stage.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, [index]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The zoom viewer uses the arrows to move a zoomed picture; it has then handled them.
    if (event.defaultPrevented || count < 2) return;
    const onThumb = thumbs.current.includes(event.target as HTMLButtonElement);
    // Up and Down move along a vertical strip; on the picture they stay the page's (or the zoom's).
    const back = event.key === 'ArrowLeft' || (onThumb && event.key === 'ArrowUp');
    const forward = event.key === 'ArrowRight' || (onThumb && event.key === 'ArrowDown');
    if (!back && !forward) return;
    event.preventDefault();
    show(stepIndex(index, back ? -1 : 1, count), onThumb);
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
    return (
      <ZoomViewer
        key={current?._id}
        image={detailImage({ imageUrl: current?.url })}
        alt={alt}
        compact={compact}
      />
    );
  }

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t('viewer.label', { name: product.name })}
      onKeyDown={onKeyDown}
      // In a dialog the strip stays beneath the picture at every width.
      className={compact ? undefined : 'lg:grid lg:grid-cols-[auto_minmax(0,1fr)] lg:gap-x-3'}
    >
      <div
        ref={stage}
        data-testid="gallery-stage"
        className="lg:col-start-2 lg:row-start-1"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        {/* A new picture starts unzoomed, as its own viewer. */}
        <ZoomViewer
          key={current!._id}
          image={detailImage({ imageUrl: current!.url })}
          alt={alt}
          compact={compact}
        />
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {t('viewer.position', { index: index + 1, total: count })}
      </p>
      <div
        ref={strip}
        role="group"
        aria-label={t('viewer.thumbnails')}
        data-testid="gallery-strip"
        // The padding keeps a focused thumbnail's outline inside the scroller, where it shows.
        className={`relative mt-1.5 -mx-1.5 flex gap-2 overflow-x-auto p-1.5 ${compact ? '' : 'lg:col-start-1 lg:row-start-1 lg:-mt-1.5 lg:mr-0 lg:max-h-[712px] lg:flex-col lg:overflow-x-hidden lg:overflow-y-auto'}`}
      >
        {pictures.map((picture, i) => {
          const thumb = thumbImage(picture.url);
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
              // Hovered or focused, a thumbnail's picture is fetched before the click asks for it.
              onPointerEnter={() => warmPicture(picture.url)}
              onFocus={() => warmPicture(picture.url)}
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
      <p className="mt-1 text-xs text-gray-700 lg:col-start-2">{t('viewer.hint')}</p>
    </div>
  );
}
