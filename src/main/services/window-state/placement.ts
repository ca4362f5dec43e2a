/**
 * Where the main window opens: the size, position and maximised state it had, kept on a display
 * that still exists. Pure functions over rectangles (Electron's screen gives the displays' work
 * areas), so they are tested without Electron.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** The window's normal (not maximised) bounds. */
  bounds: Rect;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
export const MIN_SIZE = { width: 900, height: 600 } as const;
/** A window showing less than this much of itself on every display is treated as lost. */
const MIN_VISIBLE = { width: 160, height: 80 } as const;

const overlap = (a: Rect, b: Rect): Rect | null => {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.min(a.x + a.width, b.x + b.width) - x;
  const height = Math.min(a.y + a.height, b.y + b.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
};

/** The work area showing most of `bounds`, if it shows enough of it to grab and move. */
function displayShowing(bounds: Rect, workAreas: readonly Rect[]): Rect | null {
  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of workAreas) {
    const seen = overlap(bounds, area);
    if (!seen || seen.width < MIN_VISIBLE.width || seen.height < MIN_VISIBLE.height) continue;
    if (seen.width * seen.height > bestArea) {
      best = area;
      bestArea = seen.width * seen.height;
    }
  }
  return best;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(v, lo), hi);

/** `size` made to fit the work area (never below the window's minimum, never above the area). */
function fit(size: { width: number; height: number }, area: Rect) {
  return {
    width: Math.round(clamp(size.width, Math.min(MIN_SIZE.width, area.width), area.width)),
    height: Math.round(clamp(size.height, Math.min(MIN_SIZE.height, area.height), area.height)),
  };
}

const centred = (size: { width: number; height: number }, area: Rect): Rect => ({
  ...size,
  x: Math.round(area.x + (area.width - size.width) / 2),
  y: Math.round(area.y + (area.height - size.height) / 2),
});

/**
 * The window's bounds and maximised state at launch. Without a saved state: the default size,
 * centred on the primary display. A saved window that still shows enough of itself on some display
 * stays there, moved and shrunk as needed to lie wholly inside that display's work area; one on a
 * display that is gone (or pushed off every screen) opens at its size, centred on the primary one.
 */
export function placeWindow(
  saved: WindowState | null,
  workAreas: readonly Rect[],
  primary: Rect,
): WindowState {
  if (!saved) return { bounds: centred(fit(DEFAULT_SIZE, primary), primary), maximized: false };
  const area = displayShowing(saved.bounds, workAreas);
  if (!area) {
    return { bounds: centred(fit(saved.bounds, primary), primary), maximized: saved.maximized };
  }
  const size = fit(saved.bounds, area);
  return {
    bounds: {
      ...size,
      x: Math.round(clamp(saved.bounds.x, area.x, area.x + area.width - size.width)),
      y: Math.round(clamp(saved.bounds.y, area.y, area.y + area.height - size.height)),
    },
    maximized: saved.maximized,
  };
}
