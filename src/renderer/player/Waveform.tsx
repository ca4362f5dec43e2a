import { useEffect, useMemo, useState } from 'react';
import type { Waveform as WaveformData } from '@shared/ipc/analysis';
import { call } from '../bridge';

/** Bars drawn; the cached peaks (up to 2000) are reduced to this many by taking maxima. */
const BARS = 160;

/** Peak maxima over `n` equal slices of `peaks`. */
export function reducePeaks(peaks: readonly number[], n: number): number[] {
  if (peaks.length <= n) return [...peaks];
  const out = new Array<number>(n).fill(0);
  peaks.forEach((p, i) => {
    const b = Math.floor((i * n) / peaks.length);
    out[b] = Math.max(out[b] ?? 0, p);
  });
  return out;
}

/**
 * An item's waveform from main (computed once there from the decoded audio and cached on disk by
 * id and mtime): undefined while loading, null when the item has none (AAC, video, a failure).
 */
export function useWaveform(itemId: string | null): WaveformData | null | undefined {
  const [loaded, setLoaded] = useState<{ itemId: string; waveform: WaveformData | null } | null>(
    null,
  );
  useEffect(() => {
    if (!itemId) return;
    let live = true;
    void call((api) => api.analysis.waveform(itemId)).then((r) => {
      if (live) setLoaded({ itemId, waveform: r.ok ? r.value : null });
    });
    return () => {
      live = false;
    };
  }, [itemId]);
  if (!itemId) return null;
  return loaded?.itemId === itemId ? loaded.waveform : undefined;
}

/** Waveform peaks of an item (null while loading and for items without). */
function usePeaks(itemId: string | null): number[] | null {
  return useWaveform(itemId)?.peaks ?? null;
}

interface WaveformProps {
  itemId: string | null;
  positionS: number;
  durationS: number;
}

/**
 * The current item's waveform with the played part drawn in the accent colour (a plain track when
 * the item has no peaks, e.g. a sample). It is drawn under the bar's seek slider, which takes the
 * clicks and arrow keys, so a click on the waveform seeks there.
 */
export function Waveform({ itemId, positionS, durationS }: WaveformProps) {
  const peaks = usePeaks(itemId);
  const bars = useMemo(() => (peaks ? reducePeaks(peaks, BARS) : null), [peaks]);
  const played = durationS > 0 ? Math.min(1, Math.max(0, positionS / durationS)) : 0;
  if (!bars)
    return (
      <div className="waveform waveform-empty" aria-hidden data-played={played.toFixed(3)}>
        <div className="waveform-line-played" style={{ width: `${played * 100}%` }} />
      </div>
    );
  const w = 100 / bars.length;
  return (
    <svg
      className="waveform"
      data-testid="waveform"
      data-bars={bars.length}
      data-played={played.toFixed(3)}
      viewBox="0 0 100 40"
      preserveAspectRatio="none"
      aria-hidden
    >
      {bars.map((p, i) => {
        const h = Math.max(1.5, p * 38);
        return (
          <rect
            key={i}
            x={i * w}
            y={20 - h / 2}
            width={w * 0.7}
            height={h}
            className={(i + 0.5) / bars.length <= played ? 'waveform-played' : 'waveform-rest'}
          />
        );
      })}
    </svg>
  );
}
