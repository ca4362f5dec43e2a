/**
 * `screen` of the double: a set of displays a test chooses (one 1920×1080 display by default,
 * its work area 40 px short for a taskbar), with Electron's lookups over them. `setDisplays`
 * (double-only) swaps the set, emitting 'display-removed' and 'display-added' as Electron does.
 */
import { EventEmitter } from 'node:events';
import { makeEvent } from './events';

export interface DoubleRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DisplaySpec {
  bounds: DoubleRect;
  /** The part windows may use (defaults to the bounds). */
  workArea?: DoubleRect;
  scaleFactor?: number;
}

export interface DoubleDisplay {
  id: number;
  bounds: DoubleRect;
  workArea: DoubleRect;
  size: { width: number; height: number };
  workAreaSize: { width: number; height: number };
  scaleFactor: number;
  rotation: number;
  internal: boolean;
}

export const DEFAULT_DISPLAYS: readonly DisplaySpec[] = [
  {
    bounds: { x: 0, y: 0, width: 1920, height: 1080 },
    workArea: { x: 0, y: 0, width: 1920, height: 1040 },
  },
];

let nextDisplayId = 1;
const toDisplay = (spec: DisplaySpec): DoubleDisplay => {
  const workArea = spec.workArea ?? spec.bounds;
  return {
    id: nextDisplayId++,
    bounds: { ...spec.bounds },
    workArea: { ...workArea },
    size: { width: spec.bounds.width, height: spec.bounds.height },
    workAreaSize: { width: workArea.width, height: workArea.height },
    scaleFactor: spec.scaleFactor ?? 1,
    rotation: 0,
    internal: false,
  };
};

const overlapArea = (a: DoubleRect, b: DoubleRect): number =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** Squared distance from a point to a rectangle (0 inside). */
const distance2 = (p: { x: number; y: number }, r: DoubleRect): number => {
  const dx = Math.max(r.x - p.x, 0, p.x - (r.x + r.width));
  const dy = Math.max(r.y - p.y, 0, p.y - (r.y + r.height));
  return dx * dx + dy * dy;
};

export class DoubleScreen extends EventEmitter {
  private displays: DoubleDisplay[];

  constructor(specs: readonly DisplaySpec[] = DEFAULT_DISPLAYS) {
    super();
    if (specs.length === 0) throw new Error('electron double: screen needs at least one display');
    this.displays = specs.map(toDisplay);
  }

  getAllDisplays(): DoubleDisplay[] {
    return this.displays.map((d) => structuredClone(d));
  }

  /** The first display is the primary one. */
  getPrimaryDisplay(): DoubleDisplay {
    return structuredClone(this.displays[0] as DoubleDisplay);
  }

  getDisplayNearestPoint(point: { x: number; y: number }): DoubleDisplay {
    let best = this.displays[0] as DoubleDisplay;
    for (const d of this.displays)
      if (distance2(point, d.bounds) < distance2(point, best.bounds)) best = d;
    return structuredClone(best);
  }

  /** The display a rectangle overlaps most; the nearest one to its centre when it overlaps none. */
  getDisplayMatching(rect: DoubleRect): DoubleDisplay {
    let best: DoubleDisplay | null = null;
    let bestArea = 0;
    for (const d of this.displays) {
      const area = overlapArea(rect, d.bounds);
      if (area > bestArea) {
        best = d;
        bestArea = area;
      }
    }
    if (best) return structuredClone(best);
    return this.getDisplayNearestPoint({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 });
  }

  getCursorScreenPoint(): { x: number; y: number } {
    return { x: 0, y: 0 };
  }

  /** Double-only: the displays change (a monitor unplugged, or plugged in). */
  setDisplays(specs: readonly DisplaySpec[]): void {
    if (specs.length === 0) throw new Error('electron double: screen needs at least one display');
    const removed = this.displays;
    this.displays = specs.map(toDisplay);
    for (const d of removed) this.emit('display-removed', makeEvent(), structuredClone(d));
    for (const d of this.displays) this.emit('display-added', makeEvent(), structuredClone(d));
  }
}
