/**
 * A region on an item's waveform, chosen with the mouse (drag across the waveform, drag either
 * handle) or the keyboard (the handles are sliders: arrows move 10 ms, Shift+arrows 1 s, Home and
 * End go to their limits; the time fields take exact times), with zoom (buttons, Ctrl+wheel, + and
 * −) and a scroll bar while zoomed. Presentational: the region lives with the caller.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { TRIM_MIN_LENGTH_MS } from '@shared/domain/trim-limits';
import { formatTimeMs } from '@shared/time';
import {
  BIG_STEP_MS,
  fractionOf,
  MIN_SPAN_MS,
  moveHandle,
  msAt,
  peaksInView,
  reveal,
  scrollTo,
  spanRegion,
  STEP_MS,
  wholeView,
  ZOOM_STEP,
  zoomLevel,
  zoomView,
  type Region,
  type View,
} from './region-math';
import { Button } from '../../components';
import { TimeField } from './TimeField';
import { useFormat, useTranslation } from '../../i18n';

/** Bars drawn across the visible part (the peaks of the window are reduced to this many). */
const BARS = 400;

export interface RegionEditorProps {
  durationMs: number;
  /** Peaks (0..1) of `secondsPerPeak` each, or null while loading or for a format without them. */
  peaks: { peaks: number[]; secondsPerPeak: number } | null;
  region: Region;
  onChange(region: Region): void;
  /** Drawn as ramps over the region. */
  fadeInMs?: number;
  fadeOutMs?: number;
  /** The play position to draw (ms), when the region's item plays. */
  playheadMs?: number | null;
  /**
   * Asks main for `bars` finer peaks of the view, used while zoomed in past the resolution of
   * `peaks` (the coarse bars are drawn until they come).
   */
  loadWindow?(view: View, bars: number): Promise<number[] | null>;
}

/** A finer window is asked for this long after the view last changed. */
const WINDOW_DELAY_MS = 120;

type Drag = { kind: 'start' | 'end' } | { kind: 'new'; anchorMs: number };

const pct = (f: number): string => `${(Math.min(1, Math.max(0, f)) * 100).toFixed(3)}%`;

/**
 * Finer peaks of `view` from `load` while its bars are narrower than the coarse peaks (one bar
 * per coarse peak or more is drawn from those); null until they come or when not needed.
 */
function useFinerWindow(
  view: View,
  bars: number,
  secondsPerPeak: number | null,
  load: RegionEditorProps['loadWindow'],
): number[] | null {
  const [fine, setFine] = useState<{ view: View; peaks: number[] } | null>(null);
  const needed = !!load && secondsPerPeak !== null && view.spanMs / bars < secondsPerPeak * 1000;
  useEffect(() => {
    if (!needed || !load) return;
    let live = true;
    const timer = setTimeout(() => {
      void load(view, bars).then((peaks) => {
        if (live && peaks && peaks.length === bars) setFine({ view, peaks });
      });
    }, WINDOW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [needed, load, view, bars]);
  return needed && fine && fine.view === view ? fine.peaks : null;
}

export function RegionEditor(props: RegionEditorProps) {
  const { durationMs, peaks, region, onChange, playheadMs = null } = props;
  const { t } = useTranslation();
  const f = useFormat();
  const [view, setView] = useState<View>(() => wholeView(durationMs));
  const trackRef = useRef<HTMLDivElement>(null);
  const focused = useRef<'start' | 'end' | null>(null);
  const latest = useRef({ region, view, onChange });
  useLayoutEffect(() => {
    latest.current = { region, view, onChange };
  });

  const coarse = useMemo(
    () => (peaks ? peaksInView(peaks.peaks, peaks.secondsPerPeak, view, BARS) : []),
    [peaks, view],
  );
  const fine = useFinerWindow(view, BARS, peaks?.secondsPerPeak ?? null, props.loadWindow);
  const bars = fine ?? coarse;
  const level = zoomLevel(view, durationMs);
  const minLength = Math.min(TRIM_MIN_LENGTH_MS, durationMs);
  const zoomed = view.spanMs < durationMs;

  const zoom = (factor: number, anchorMs?: number) =>
    setView((v) => {
      const r = latest.current.region;
      const anchor =
        anchorMs ??
        (focused.current === 'start'
          ? r.startMs
          : focused.current === 'end'
            ? r.endMs
            : (r.startMs + r.endMs) / 2);
      return zoomView(v, factor, anchor, durationMs);
    });

  const fractionAtX = (clientX: number): number => {
    const box = trackRef.current?.getBoundingClientRect();
    return box && box.width > 0 ? (clientX - box.left) / box.width : 0;
  };

  // Ctrl+wheel zooms around the pointer; a listener of our own, since React's wheel is passive.
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const anchor = msAt(latest.current.view, fractionAtX(e.clientX));
      zoom(e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, anchor);
    };
    track.addEventListener('wheel', onWheel, { passive: false });
    return () => track.removeEventListener('wheel', onWheel);
    // zoom and fractionAtX read refs only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [durationMs]);

  const startDrag = (drag: Drag) => {
    const onMove = (e: MouseEvent) => {
      const { region: r, view: v, onChange: change } = latest.current;
      const at = msAt(v, fractionAtX(e.clientX));
      change(
        drag.kind === 'new'
          ? spanRegion(drag.anchorMs, at, durationMs)
          : moveHandle(r, drag.kind, at, durationMs),
      );
    };
    const onUp = () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
    };
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
  };

  const setHandle = (handle: 'start' | 'end', ms: number) => {
    const next = moveHandle(region, handle, ms, durationMs);
    onChange(next);
    setView((v) => reveal(v, handle === 'start' ? next.startMs : next.endMs, durationMs));
  };

  const onHandleKey = (handle: 'start' | 'end') => (e: KeyboardEvent<HTMLDivElement>) => {
    const now = handle === 'start' ? region.startMs : region.endMs;
    const step = e.shiftKey ? BIG_STEP_MS : STEP_MS;
    const moves: Record<string, number> = {
      ArrowLeft: now - step,
      ArrowDown: now - step,
      ArrowRight: now + step,
      ArrowUp: now + step,
      PageDown: now - BIG_STEP_MS,
      PageUp: now + BIG_STEP_MS,
      Home: handle === 'start' ? 0 : region.startMs,
      End: handle === 'start' ? region.endMs : durationMs,
    };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    setHandle(handle, to);
  };

  const onEditorKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === '+' || e.key === '=') zoom(ZOOM_STEP);
    else if (e.key === '-' || e.key === '_') zoom(1 / ZOOM_STEP);
    else return;
    e.preventDefault();
  };

  const handle = (which: 'start' | 'end') => {
    const ms = which === 'start' ? region.startMs : region.endMs;
    const f = fractionOf(view, ms);
    return (
      <div
        role="slider"
        tabIndex={0}
        className={`region-handle region-handle-${which}${f < 0 || f > 1 ? ' region-handle-off' : ''}`}
        style={{ left: pct(f) }}
        aria-label={which === 'start' ? t('edit:region.start') : t('edit:region.end')}
        aria-valuemin={which === 'start' ? 0 : Math.min(durationMs, region.startMs + minLength)}
        aria-valuemax={which === 'start' ? Math.max(0, region.endMs - minLength) : durationMs}
        aria-valuenow={ms}
        aria-valuetext={formatTimeMs(ms)}
        onKeyDown={onHandleKey(which)}
        onFocus={() => (focused.current = which)}
        onBlur={() => (focused.current = null)}
        onMouseDown={(e) => {
          e.preventDefault();
          e.stopPropagation();
          e.currentTarget.focus();
          startDrag({ kind: which });
        }}
      />
    );
  };

  const x0 = fractionOf(view, region.startMs);
  const x1 = fractionOf(view, region.endMs);
  const fadeIn = fractionOf(view, region.startMs + (props.fadeInMs ?? 0));
  const fadeOut = fractionOf(view, region.endMs - (props.fadeOutMs ?? 0));
  const lengthMs = region.endMs - region.startMs;
  return (
    <div className="region-editor" onKeyDown={onEditorKey}>
      <div className="region-toolbar" role="group" aria-label={t('edit:region.zoom')}>
        <Button size="small" onClick={() => zoom(1 / ZOOM_STEP)} disabled={!zoomed}>
          {t('edit:region.zoomOut')}
        </Button>
        <Button
          size="small"
          onClick={() => zoom(ZOOM_STEP)}
          disabled={view.spanMs <= Math.min(durationMs, MIN_SPAN_MS)}
        >
          {t('edit:region.zoomIn')}
        </Button>
        <span className="small muted" data-testid="zoom-level">
          {level < 1.05
            ? t('edit:region.wholeLength')
            : t('edit:region.level', {
                level: f.number(level, {
                  minimumFractionDigits: level < 10 ? 1 : 0,
                  maximumFractionDigits: level < 10 ? 1 : 0,
                }),
              })}
          {` · ${t('edit:region.hint')}`}
        </span>
      </div>
      <div
        className="region-track"
        ref={trackRef}
        data-testid="region-track"
        data-from-ms={view.fromMs}
        data-span-ms={view.spanMs}
        onMouseDown={(e) => {
          if (e.button !== 0) return;
          e.preventDefault();
          const anchorMs = msAt(view, fractionAtX(e.clientX));
          onChange(spanRegion(anchorMs, anchorMs, durationMs));
          startDrag({ kind: 'new', anchorMs });
        }}
      >
        <svg
          className="region-wave"
          viewBox={`0 0 ${BARS} 40`}
          preserveAspectRatio="none"
          aria-hidden
          data-bars={bars.length}
          data-resolution={fine ? 'fine' : 'coarse'}
        >
          {bars.map((p, i) => {
            const h = Math.max(1, p * 38);
            return <rect key={i} x={i} y={20 - h / 2} width={0.7} height={h} />;
          })}
          {(props.fadeInMs ?? 0) > 0 && (
            <line className="region-fade" x1={x0 * BARS} y1={40} x2={fadeIn * BARS} y2={0} />
          )}
          {(props.fadeOutMs ?? 0) > 0 && (
            <line className="region-fade" x1={fadeOut * BARS} y1={0} x2={x1 * BARS} y2={40} />
          )}
        </svg>
        <div
          className="region-selection"
          aria-hidden
          style={{ left: pct(x0), width: pct(Math.min(1, x1) - Math.max(0, x0)) }}
        />
        {playheadMs !== null && fractionOf(view, playheadMs) >= 0 && (
          <div
            className="region-playhead"
            aria-hidden
            style={{ left: pct(fractionOf(view, playheadMs)) }}
          />
        )}
        {handle('start')}
        {handle('end')}
      </div>
      {zoomed && (
        <input
          type="range"
          className="region-scroll"
          aria-label={t('edit:region.scroll')}
          min={0}
          max={durationMs - view.spanMs}
          step={10}
          value={view.fromMs}
          aria-valuetext={t('edit:region.scrollValue', {
            from: formatTimeMs(view.fromMs),
            to: formatTimeMs(view.fromMs + view.spanMs),
          })}
          onChange={(e) => setView((v) => scrollTo(v, Number(e.currentTarget.value), durationMs))}
        />
      )}
      <dl className="region-readout">
        <div>
          <dt>{t('edit:region.readStart')}</dt>
          <dd data-testid="region-start">{formatTimeMs(region.startMs)}</dd>
        </div>
        <div>
          <dt>{t('edit:region.readEnd')}</dt>
          <dd data-testid="region-end">{formatTimeMs(region.endMs)}</dd>
        </div>
        <div>
          <dt>{t('edit:region.readLength')}</dt>
          <dd data-testid="region-length">{formatTimeMs(lengthMs)}</dd>
        </div>
      </dl>
      <div className="region-fields">
        <TimeField
          label={t('edit:region.startTime')}
          valueMs={region.startMs}
          onCommit={(ms) => setHandle('start', ms)}
        />
        <TimeField
          label={t('edit:region.endTime')}
          valueMs={region.endMs}
          onCommit={(ms) => setHandle('end', ms)}
        />
      </div>
    </div>
  );
}
