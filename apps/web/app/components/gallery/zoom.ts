/** Zoom 1× to 3× in 0.25 steps, a 150 px lens, a 500 px pane at 2×, a 700 px area. */
export const ZOOM = {
  min: 1,
  max: 3,
  step: 0.25,
  lensPx: 150,
  panePx: 500,
  paneScale: 2,
  areaPx: 700,
  /** How far one arrow key moves a zoomed image. */
  keyPanPx: 40,
} as const;

export type Point = { x: number; y: number };
export type Box = { width: number; height: number };

/** Any zoom value lands on the 0.25 grid inside 1..3 (pinch gives arbitrary ratios). */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return ZOOM.min;
  const snapped = Math.round(zoom / ZOOM.step) * ZOOM.step;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, snapped));
}

export function stepZoom(zoom: number, direction: -1 | 1): number {
  return clampZoom(clampZoom(zoom) + direction * ZOOM.step);
}

/** Drag-to-pan exists only above 1×. */
export const canPan = (zoom: number) => zoom > ZOOM.min;

/** The magnifier lens and pane exist only at 1×, and only where a fine pointer can hover. */
export const canMagnify = (zoom: number, hasFinePointer: boolean) => hasFinePointer && zoom === ZOOM.min;

/**
 * The image is scaled about its centre, so it can move by half the extra size in each direction
 * before an edge comes into view; at 1× it cannot move at all.
 */
export function clampPan(pan: Point, zoom: number, box: Box): Point {
  if (!canPan(zoom)) return { x: 0, y: 0 };
  const maxX = ((zoom - 1) * box.width) / 2;
  const maxY = ((zoom - 1) * box.height) / 2;
  const clamp = (v: number, max: number) => Math.min(max, Math.max(-max, v)) || 0;
  return { x: clamp(pan.x, maxX), y: clamp(pan.y, maxY) };
}

export function panBy(pan: Point, delta: Point, zoom: number, box: Box): Point {
  return clampPan({ x: pan.x + delta.x, y: pan.y + delta.y }, zoom, box);
}

/** The pan that keeps the same spot centred after a zoom change (and still in bounds). */
export function rescalePan(pan: Point, from: number, to: number, box: Box): Point {
  if (from <= 0) return clampPan(pan, to, box);
  return clampPan({ x: (pan.x * to) / from, y: (pan.y * to) / from }, to, box);
}

/**
 * Where the lens sits over the image (its top-left corner, kept inside the image) and how the
 * pane's 2× copy of the image must be shifted so the spot under the lens fills the pane.
 */
export function magnifierGeometry(pointer: Point, box: Box) {
  const half = ZOOM.lensPx / 2;
  const centre = {
    x: Math.min(box.width - half, Math.max(half, pointer.x)),
    y: Math.min(box.height - half, Math.max(half, pointer.y)),
  };
  // With a box smaller than the lens, centre it rather than push it outside.
  if (box.width < ZOOM.lensPx) centre.x = box.width / 2;
  if (box.height < ZOOM.lensPx) centre.y = box.height / 2;
  return {
    lens: { left: centre.x - half, top: centre.y - half },
    paneImage: {
      left: ZOOM.panePx / 2 - centre.x * ZOOM.paneScale,
      top: ZOOM.panePx / 2 - centre.y * ZOOM.paneScale,
      width: box.width * ZOOM.paneScale,
      height: box.height * ZOOM.paneScale,
    },
  };
}

/** Pinch: the zoom at the start of the gesture times how far the fingers spread, on the grid. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampZoom(startZoom);
  return clampZoom((startZoom * distance) / startDistance);
}

export const distanceBetween = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** What a key press on the focused viewer does; null when the key is not ours. */
export type ZoomKeyAction =
  { type: 'zoom'; direction: -1 | 1 } | { type: 'reset' } | { type: 'pan'; delta: Point };

export function zoomKeyAction(key: string, zoom: number): ZoomKeyAction | null {
  if (key === '+' || key === '=' || key === 'Add') return { type: 'zoom', direction: 1 };
  if (key === '-' || key === '_' || key === 'Subtract' || key === '−') return { type: 'zoom', direction: -1 };
  if (key === '0') return { type: 'reset' };
  if (!canPan(zoom)) return null;
  // Arrows move the view: the image itself moves the other way.
  const d = ZOOM.keyPanPx;
  if (key === 'ArrowLeft') return { type: 'pan', delta: { x: d, y: 0 } };
  if (key === 'ArrowRight') return { type: 'pan', delta: { x: -d, y: 0 } };
  if (key === 'ArrowUp') return { type: 'pan', delta: { x: 0, y: d } };
  if (key === 'ArrowDown') return { type: 'pan', delta: { x: 0, y: -d } };
  return null;
}

/** "1×", "1.25×", "2.5×": the label on the zoom readout. */
export const formatZoom = (zoom: number) => String(Number(zoom.toFixed(2)));
