/** 2 cards under 640 px, 3 under 1024 px, 4 otherwise. */
export const CAROUSEL_BREAKPOINTS = { three: 640, four: 1024 } as const;

export function visibleCountFor(width: number): 2 | 3 | 4 {
  if (width < CAROUSEL_BREAKPOINTS.three) return 2;
  if (width < CAROUSEL_BREAKPOINTS.four) return 3;
  return 4;
}

/** The start index stays between 0 and (product count − visible count). */
export function clampStart(start: number, total: number, visible: number): number {
  const last = Math.max(0, total - visible);
  return Math.min(Math.max(0, Math.trunc(start)), last);
}

/** One step at a time, clamped. */
export function stepStart(start: number, direction: -1 | 1, total: number, visible: number): number {
  return clampStart(start + direction, total, visible);
}

export function canStep(start: number, direction: -1 | 1, total: number, visible: number): boolean {
  return (
    stepStart(clampStart(start, total, visible), direction, total, visible) !==
    clampStart(start, total, visible)
  );
}

/** The cards on show: the window from the start index, newest last (reversed order). */
export function visibleWindow<T>(items: readonly T[], start: number, visible: number): T[] {
  const from = clampStart(start, items.length, visible);
  return items.slice(from, from + visible).reverse();
}
