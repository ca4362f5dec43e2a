import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createWindowStateStore,
  placeWindow,
  WINDOW_STATE_FILE,
  type Rect,
} from '../../../src/main/services/window-state';

const laptop: Rect = { x: 0, y: 0, width: 1920, height: 1040 };
const rightMonitor: Rect = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('placeWindow', () => {
  it('opens a first window at 1280×800, centred on the primary display', () => {
    expect(placeWindow(null, [laptop], laptop)).toEqual({
      bounds: { x: 320, y: 120, width: 1280, height: 800 },
      maximized: false,
    });
  });

  it('keeps a saved window where it was, on whichever display it was, maximised or not', () => {
    const onRight = { bounds: { x: 2100, y: 80, width: 1500, height: 900 }, maximized: true };
    expect(placeWindow(onRight, [laptop, rightMonitor], laptop)).toEqual(onRight);
  });

  it('moves a window whose display is gone onto the primary display, centred, at its size', () => {
    const onRight = { bounds: { x: 2100, y: 80, width: 1500, height: 900 }, maximized: false };
    expect(placeWindow(onRight, [laptop], laptop)).toEqual({
      bounds: { x: 210, y: 70, width: 1500, height: 900 },
      maximized: false,
    });
  });

  it('pulls a window partly off-screen (title bar above the top) wholly inside the work area', () => {
    const peeking = { bounds: { x: 1500, y: -300, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(peeking, [laptop], laptop).bounds).toEqual({
      x: 920,
      y: 0,
      width: 1000,
      height: 700,
    });
  });

  it('treats a window showing only a sliver on any display as lost', () => {
    const sliver = { bounds: { x: 1880, y: 100, width: 1200, height: 800 }, maximized: false };
    expect(placeWindow(sliver, [laptop], laptop).bounds).toEqual({
      x: 360,
      y: 120,
      width: 1200,
      height: 800,
    });
  });

  it('shrinks a window larger than its display to the work area, and never below 900×600', () => {
    const huge = { bounds: { x: 0, y: 0, width: 3000, height: 2000 }, maximized: false };
    expect(placeWindow(huge, [laptop], laptop).bounds).toEqual(laptop);
    const tiny = { bounds: { x: 10, y: 10, width: 200, height: 100 }, maximized: false };
    expect(placeWindow(tiny, [laptop], laptop).bounds).toMatchObject({ width: 900, height: 600 });
  });

  it('fits a display smaller than the minimum size', () => {
    const small: Rect = { x: 0, y: 0, width: 800, height: 560 };
    expect(placeWindow(null, [small], small).bounds).toEqual(small);
  });
});

describe('window-state.json', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cadenza-window-state-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('round-trips the state, and reads nothing from a missing or damaged file', async () => {
    const store = createWindowStateStore(dir);
    expect(store.read()).toBeNull();
    const state = { bounds: { x: -1200, y: 40, width: 1100, height: 720 }, maximized: true };
    await store.write(state);
    expect(store.read()).toEqual(state);
    expect(JSON.parse(await readFile(join(dir, WINDOW_STATE_FILE), 'utf8'))).toMatchObject({
      schema_version: 1,
    });
    await writeFile(join(dir, WINDOW_STATE_FILE), '{"schema_version":1,"bounds":{"x":"a"}}');
    expect(store.read()).toBeNull();
    await writeFile(join(dir, WINDOW_STATE_FILE), 'not json');
    expect(store.read()).toBeNull();
  });
});
