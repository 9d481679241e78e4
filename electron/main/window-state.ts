/**
 * Window size and position, remembered between runs and brought back onto a screen that still exists (a laptop
 * undocked from its second monitor must not open Shopdesk off-screen). Pure, so tests use made-up displays.
 */
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Bounds;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 820 };
export const MIN_SIZE = { width: 900, height: 600 };

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** Reads what was stored, tolerating anything (a hand-edited or damaged file gives the default). */
export function readWindowState(raw: unknown): WindowState | null {
  if (!raw || typeof raw !== 'object') return null;
  const { bounds, maximized } = raw as { bounds?: Partial<Bounds>; maximized?: unknown };
  if (!bounds || ![bounds.x, bounds.y, bounds.width, bounds.height].every(finite)) return null;
  return { bounds: bounds as Bounds, maximized: maximized === true };
}

/**
 * Where the window opens: the saved bounds when at least 100×50 px of the title area is on a display, resized to
 * fit that display; otherwise centred on the primary display at the default size.
 */
export function placeWindow(saved: WindowState | null, workAreas: Bounds[]): WindowState & { centred: boolean } {
  const primary = workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_SIZE };
  const fallback = {
    bounds: {
      width: Math.min(DEFAULT_SIZE.width, primary.width),
      height: Math.min(DEFAULT_SIZE.height, primary.height),
      x: primary.x + Math.max(0, Math.round((primary.width - Math.min(DEFAULT_SIZE.width, primary.width)) / 2)),
      y: primary.y + Math.max(0, Math.round((primary.height - Math.min(DEFAULT_SIZE.height, primary.height)) / 2)),
    },
    maximized: false,
    centred: true,
  };
  if (!saved) return fallback;
  const b = saved.bounds;
  const area = workAreas.find((a) => {
    const overlapX = Math.min(b.x + b.width, a.x + a.width) - Math.max(b.x, a.x);
    const overlapY = Math.min(b.y + 50, a.y + a.height) - Math.max(b.y, a.y);
    return overlapX >= 100 && overlapY >= 50;
  });
  if (!area) return { ...fallback, maximized: saved.maximized };
  const width = Math.max(MIN_SIZE.width, Math.min(b.width, area.width));
  const height = Math.max(MIN_SIZE.height, Math.min(b.height, area.height));
  const x = Math.min(Math.max(b.x, area.x), area.x + area.width - Math.min(width, area.width));
  const y = Math.min(Math.max(b.y, area.y), area.y + area.height - Math.min(height, area.height));
  return { bounds: { x, y, width, height }, maximized: saved.maximized, centred: false };
}
