import { describe, expect, it } from 'vitest';
import {
  ZOOM,
  canMagnify,
  canPan,
  clampPan,
  clampZoom,
  formatZoom,
  magnifierGeometry,
  panBy,
  pinchZoom,
  rescalePan,
  stepZoom,
  zoomKeyAction,
} from '~/components/gallery/zoom';

const box = { width: 600, height: 700 };

describe('zoom steps', () => {
  it('goes from 1× to 3× in 0.25 steps and no further', () => {
    const seen = [1];
    let z = 1;
    for (let i = 0; i < 12; i++) seen.push((z = stepZoom(z, 1)));
    expect(seen.slice(0, 10)).toEqual([1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3, 3]);
    expect(z).toBe(3);
    for (let i = 0; i < 12; i++) z = stepZoom(z, -1);
    expect(z).toBe(1);
  });

  it('snaps any value onto the grid inside the range', () => {
    expect(clampZoom(1.1)).toBe(1);
    expect(clampZoom(1.13)).toBe(1.25);
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(0.2)).toBe(1);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('turns a pinch into a zoom on the grid', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 100, 50)).toBe(1);
    expect(pinchZoom(1, 100, 1000)).toBe(3);
    expect(pinchZoom(1.5, 0, 10)).toBe(1.5);
  });

  it('labels the level without trailing zeros', () => {
    expect(formatZoom(1)).toBe('1');
    expect(formatZoom(1.25)).toBe('1.25');
    expect(formatZoom(2.5)).toBe('2.5');
  });
});

describe('pan rules', () => {
  it('never pans at 1×', () => {
    expect(canPan(1)).toBe(false);
    expect(clampPan({ x: 50, y: -20 }, 1, box)).toEqual({ x: 0, y: 0 });
    expect(panBy({ x: 0, y: 0 }, { x: 30, y: 30 }, 1, box)).toEqual({ x: 0, y: 0 });
  });

  it('pans above 1× within half the extra size, so no edge comes into view', () => {
    expect(canPan(1.25)).toBe(true);
    // At 2× a 600×700 box can move 300 px sideways and 350 px up or down.
    expect(clampPan({ x: 1000, y: -1000 }, 2, box)).toEqual({ x: 300, y: -350 });
    expect(panBy({ x: 290, y: 0 }, { x: 40, y: 10 }, 2, box)).toEqual({ x: 300, y: 10 });
  });

  it('keeps the same spot centred when the zoom changes, and resets at 1×', () => {
    expect(rescalePan({ x: 100, y: 50 }, 2, 3, box)).toEqual({ x: 150, y: 75 });
    expect(rescalePan({ x: 100, y: 50 }, 2, 1, box)).toEqual({ x: 0, y: 0 });
    expect(rescalePan({ x: 290, y: 0 }, 3, 2, box).x).toBeCloseTo(193.33, 1);
  });
});

describe('magnifier', () => {
  it('exists only at 1× with a fine pointer', () => {
    expect(canMagnify(1, true)).toBe(true);
    expect(canMagnify(1.25, true)).toBe(false);
    expect(canMagnify(1, false)).toBe(false);
  });

  it('keeps the 150 px lens inside the image and centres the pane on the spot at 2×', () => {
    const centre = magnifierGeometry({ x: 300, y: 350 }, box);
    expect(centre.lens).toEqual({ left: 225, top: 275 });
    expect(centre.paneImage).toEqual({ left: 250 - 600, top: 250 - 700, width: 1200, height: 1400 });

    const corner = magnifierGeometry({ x: 5, y: 690 }, box);
    expect(corner.lens).toEqual({ left: 0, top: 700 - ZOOM.lensPx });
  });
});

describe('keys', () => {
  it('zooms with + and −, resets with 0, and pans with arrows only above 1×', () => {
    expect(zoomKeyAction('+', 1)).toEqual({ type: 'zoom', direction: 1 });
    expect(zoomKeyAction('=', 1)).toEqual({ type: 'zoom', direction: 1 });
    expect(zoomKeyAction('-', 2)).toEqual({ type: 'zoom', direction: -1 });
    expect(zoomKeyAction('0', 2)).toEqual({ type: 'reset' });
    expect(zoomKeyAction('ArrowLeft', 1)).toBeNull();
    expect(zoomKeyAction('ArrowLeft', 2)).toEqual({ type: 'pan', delta: { x: ZOOM.keyPanPx, y: 0 } });
    expect(zoomKeyAction('ArrowDown', 2)).toEqual({ type: 'pan', delta: { x: 0, y: -ZOOM.keyPanPx } });
    expect(zoomKeyAction('a', 2)).toBeNull();
  });
});
