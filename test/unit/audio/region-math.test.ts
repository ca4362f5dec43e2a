import { describe, expect, it } from 'vitest';
import {
  moveHandle,
  MIN_SPAN_MS,
  peaksInView,
  reveal,
  spanRegion,
  zoomView,
  wholeView,
} from '../../../src/renderer/player/region/region-math';

describe('the trim editor’s region arithmetic', () => {
  it('zooms around an anchor that stays in place, within the audio and down to MIN_SPAN_MS', () => {
    const whole = wholeView(120_000);
    const in2 = zoomView(whole, 2, 30_000, 120_000);
    expect(in2).toEqual({ fromMs: 15_000, spanMs: 60_000 });
    expect(zoomView(whole, 4, 119_000, 120_000)).toEqual({ fromMs: 89_250, spanMs: 30_000 });
    // zooming out where the anchor would push the view past the end: it stops at the end
    expect(zoomView({ fromMs: 100_000, spanMs: 20_000 }, 1 / 4, 100_000, 120_000)).toEqual({
      fromMs: 40_000,
      spanMs: 80_000,
    });
    let v = whole;
    for (let i = 0; i < 20; i++) v = zoomView(v, 2, 60_000, 120_000);
    expect(v.spanMs).toBe(MIN_SPAN_MS);
    expect(zoomView(v, 1 / 1024, 60_000, 120_000)).toEqual(whole);
    expect(reveal({ fromMs: 10_000, spanMs: 5000 }, 20_000, 120_000)).toEqual({
      fromMs: 15_000,
      spanMs: 5000,
    });
  });

  it('keeps a region inside the audio and at least 100 ms long', () => {
    const r = { startMs: 1000, endMs: 5000 };
    expect(moveHandle(r, 'start', 4990, 10_000)).toEqual({ startMs: 4900, endMs: 5000 });
    expect(moveHandle(r, 'end', 99_999, 10_000)).toEqual({ startMs: 1000, endMs: 10_000 });
    expect(moveHandle(r, 'start', -5, 10_000).startMs).toBe(0);
    expect(spanRegion(7000, 3000.4, 10_000)).toEqual({ startMs: 3000, endMs: 7000 });
    expect(spanRegion(9990, 9990, 10_000)).toEqual({ startMs: 9900, endMs: 10_000 });
  });

  it('draws the largest peak under each bar of the view', () => {
    const peaks = [0.1, 0.9, 0.2, 0.3, 0.8, 0.1, 0.05, 0.6]; // 8 peaks of 0.5 s
    expect(peaksInView(peaks, 0.5, { fromMs: 0, spanMs: 4000 }, 4)).toEqual([0.9, 0.3, 0.8, 0.6]);
    // zoomed past the peaks' resolution: each peak spans several bars
    expect(peaksInView(peaks, 0.5, { fromMs: 500, spanMs: 1000 }, 4)).toEqual([0.9, 0.9, 0.2, 0.2]);
    expect(peaksInView([], 0.5, { fromMs: 0, spanMs: 1000 }, 4)).toEqual([]);
  });
});
