import { useId, useRef, useState, useSyncExternalStore, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from '~/lib/i18n';
import { FallbackImage } from '~/components/ui/fallback-image';
import type { DetailImage } from '~/components/gallery/detail-image';
import { DETAIL_IMAGE_PX, DETAIL_IMAGE_SIZES } from '~/components/gallery/detail-image';
import {
  ZOOM,
  canMagnify,
  canPan,
  clampZoom,
  distanceBetween,
  formatZoom,
  magnifierGeometry,
  panBy,
  pinchZoom,
  rescalePan,
  stepZoom,
  zoomKeyAction,
  type Box,
  type Point,
} from '~/components/gallery/zoom';

/** How far a touch may move, and how long it may last, and still be a tap. */
const TAP_SLOP_PX = 10;
const TAP_MAX_MS = 500;

const FINE_POINTER_QUERY = '(hover: hover) and (pointer: fine) and (min-width: 1024px)';

// Every browser has matchMedia; test environments and some embedded views may not.
const queryList = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(FINE_POINTER_QUERY) : null;

function subscribeToPointer(onChange: () => void) {
  const list = queryList();
  if (!list) return () => {};
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** A desktop with a mouse: the only place a hover magnifier makes sense. */
export function useHasFinePointer(): boolean {
  return useSyncExternalStore(
    subscribeToPointer,
    () => queryList()?.matches ?? false,
    () => false,
  );
}

type ZoomViewerProps = {
  image: DetailImage;
  alt: string;
  /**
   * In a dialog (`compact`): a lower stage that fits a laptop's screen with its title and
   * thumbnails, and no magnifier pane beside it (there is no room beside a dialog).
   */
  compact?: boolean;
};

const STAGE_HEIGHT = 'h-[420px] sm:h-[560px] lg:h-[700px]';
const COMPACT_STAGE_HEIGHT = 'h-[min(52vh,420px)]';

/**
 * The product picture with zoom: at 1× on a desktop a 150 px lens follows the mouse and
 * a 500 px pane shows that spot at 2×; the buttons zoom from 1× to 3× in 0.25 steps, and above 1×
 * the picture can be dragged. Touch pinch and the keyboard (+, −, 0, arrows) do the same.
 */
export function ZoomViewer({ image, alt, compact = false }: ZoomViewerProps) {
  const { t } = useTranslation('gallery');
  const hintId = useId();
  const area = useRef<HTMLDivElement>(null);
  // In a dialog a mouse zooms with the buttons and drags, as a touch does: no hover magnifier.
  const hasFinePointer = useHasFinePointer() && !compact;
  const [zoom, setZoomState] = useState<number>(ZOOM.min);
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const [lens, setLens] = useState<{ pointer: Point; box: Box } | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const drag = useRef<Point | null>(null);
  const tap = useRef<{ at: Point; time: number } | null>(null);

  const boxOf = (): Box => {
    const rect = area.current?.getBoundingClientRect();
    return { width: rect?.width ?? 0, height: rect?.height ?? 0 };
  };
  const localPoint = (event: ReactPointerEvent): Point => {
    const rect = area.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  };

  const setZoom = (next: number) => {
    const to = clampZoom(next);
    if (to === zoom) return;
    setPan((current) => rescalePan(current, zoom, to, boxOf()));
    setZoomState(to);
    if (to > ZOOM.min) setLens(null);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    tap.current =
      event.pointerType !== 'mouse' && pointers.current.size === 1 && zoom === ZOOM.min
        ? { at: { x: event.clientX, y: event.clientY }, time: event.timeStamp }
        : null;
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      pinch.current = { distance: distanceBetween(a, b), zoom };
      drag.current = null;
      setIsDragging(false);
      return;
    }
    if (canPan(zoom) && (event.pointerType !== 'mouse' || event.button === 0)) {
      drag.current = { x: event.clientX, y: event.clientY };
      setIsDragging(true);
      event.currentTarget.setPointerCapture?.(event.pointerId);
      event.preventDefault();
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (pointers.current.has(event.pointerId))
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });

    if (pinch.current && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      setZoom(pinchZoom(pinch.current.zoom, pinch.current.distance, distanceBetween(a, b)));
      return;
    }
    if (drag.current && canPan(zoom)) {
      const delta = { x: event.clientX - drag.current.x, y: event.clientY - drag.current.y };
      drag.current = { x: event.clientX, y: event.clientY };
      setPan((current) => panBy(current, delta, zoom, boxOf()));
      return;
    }
    if (event.pointerType === 'mouse' && canMagnify(zoom, hasFinePointer)) {
      setLens({ pointer: localPoint(event), box: boxOf() });
    }
  };

  const endPointer = (event: ReactPointerEvent<HTMLDivElement>) => {
    // A tap (a touch that neither moved nor lingered) on the unzoomed picture zooms to 2×.
    const start = tap.current;
    tap.current = null;
    if (
      start &&
      event.type === 'pointerup' &&
      pointers.current.size === 1 &&
      distanceBetween(start.at, { x: event.clientX, y: event.clientY }) < TAP_SLOP_PX &&
      event.timeStamp - start.time < TAP_MAX_MS
    ) {
      setZoom(ZOOM.paneScale);
    }
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (pointers.current.size === 0) {
      drag.current = null;
      setIsDragging(false);
    }
  };

  const magnifier =
    lens && canMagnify(zoom, hasFinePointer) ? magnifierGeometry(lens.pointer, lens.box) : null;
  const hiResWanted = zoom > ZOOM.min;
  const cursor = canPan(zoom)
    ? isDragging
      ? 'cursor-grabbing'
      : 'cursor-grab'
    : magnifier
      ? 'cursor-crosshair'
      : '';
  const control =
    'flex h-10 min-w-10 items-center justify-center rounded-md border border-brand-600/40 bg-white px-3 text-sm font-semibold text-brand-900 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40';

  return (
    <div className="relative">
      <div
        ref={area}
        role="group"
        tabIndex={0}
        aria-label={t('zoom.viewer')}
        aria-describedby={hintId}
        className={`relative ${compact ? COMPACT_STAGE_HEIGHT : STAGE_HEIGHT} overflow-hidden rounded-lg border border-brand-100 bg-brand-50 select-none ${cursor} ${canPan(zoom) ? 'touch-none' : 'touch-pan-y'}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endPointer}
        onPointerCancel={endPointer}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse') setLens(null);
        }}
        onKeyDown={(event) => {
          const action = zoomKeyAction(event.key, zoom);
          if (!action) return;
          event.preventDefault();
          if (action.type === 'zoom') setZoom(stepZoom(zoom, action.direction));
          else if (action.type === 'reset') setZoom(ZOOM.min);
          else setPan((current) => panBy(current, action.delta, zoom, boxOf()));
        }}
      >
        <FallbackImage
          src={hiResWanted ? image.hiRes : image.src}
          srcSet={hiResWanted ? undefined : image.srcSet}
          sizes={hiResWanted || !image.srcSet ? undefined : DETAIL_IMAGE_SIZES}
          alt={alt}
          width={DETAIL_IMAGE_PX}
          height={DETAIL_IMAGE_PX}
          loading="eager"
          fetchPriority="high"
          decoding="async"
          draggable={false}
          className="h-full w-full object-contain motion-safe:transition-transform motion-safe:duration-150"
          style={{ transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` }}
        />
        {magnifier ? (
          <div
            aria-hidden="true"
            data-testid="zoom-lens"
            className="pointer-events-none absolute rounded-sm border-2 border-brand-700 bg-white/20"
            style={{
              left: magnifier.lens.left,
              top: magnifier.lens.top,
              width: ZOOM.lensPx,
              height: ZOOM.lensPx,
            }}
          />
        ) : null}
      </div>

      {magnifier && image.hiRes ? (
        <div
          aria-hidden="true"
          data-testid="zoom-pane"
          className="pointer-events-none absolute left-full z-30 ml-4 overflow-hidden rounded-lg border border-brand-100 bg-white shadow-xl"
          // Level with the picture's bottom edge, so the product's title above it stays in view.
          style={{
            width: ZOOM.panePx,
            height: ZOOM.panePx,
            top: Math.max(0, (lens?.box.height ?? 0) - ZOOM.panePx),
          }}
        >
          <img
            src={image.hiRes}
            alt=""
            className="absolute max-w-none object-contain"
            style={{
              left: magnifier.paneImage.left,
              top: magnifier.paneImage.top,
              width: magnifier.paneImage.width,
              height: magnifier.paneImage.height,
            }}
          />
        </div>
      ) : null}

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={control}
          onClick={() => setZoom(stepZoom(zoom, -1))}
          disabled={zoom <= ZOOM.min}
          aria-label={t('zoom.out')}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output
          className="min-w-14 text-center text-sm tabular-nums text-gray-800"
          aria-live="polite"
          aria-label={t('zoom.levelLabel', { level: formatZoom(zoom) })}
        >
          {t('zoom.level', { level: formatZoom(zoom) })}
        </output>
        <button
          type="button"
          className={control}
          onClick={() => setZoom(stepZoom(zoom, 1))}
          disabled={zoom >= ZOOM.max}
          aria-label={t('zoom.in')}
        >
          <span aria-hidden="true">+</span>
        </button>
        <button
          type="button"
          className={control}
          onClick={() => setZoom(ZOOM.min)}
          disabled={zoom === ZOOM.min}
        >
          {t('zoom.reset')}
        </button>
        <p id={hintId} className="basis-full text-xs text-gray-700">
          {hasFinePointer ? t('zoom.hint') : t('zoom.hintTouch')}
        </p>
      </div>
    </div>
  );
}
