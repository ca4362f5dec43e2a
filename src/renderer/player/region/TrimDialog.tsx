/**
 * "Trim" for a library item: a dialog with the region editor, the selection played through the
 * one player, optional fades, and "Save as new item" (main renders it in the worker; the original
 * is left as it is).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import type { LibraryItemView } from '@shared/ipc/library';
import { FADE_CURVES, TrimRequestSchema, type FadeCurve } from '@shared/domain/trim';
import { bridge, call } from '../../bridge';
import { Button, Select, TextField } from '../../components';
import { Modal } from '../../components/Modal';
import { playRegion, selectCurrent, usePlayerStore } from '../../stores/player';
import { formatOf } from '../../stores/player/entries';
import { useWaveform } from '../Waveform';
import { errorText, t as translate, useFormat, useTranslation } from '../../i18n';
import { RegionEditor } from './RegionEditor';
import type { Region, View } from './region-math';

/** What the dialog needs to know of the item. */
export interface TrimSubject {
  itemId: string;
  title: string;
  file: string;
  durationMs: number | null;
  coverUrl?: string | null;
}

interface TrimDialogProps {
  subject: TrimSubject;
  onClose(): void;
  /** The new item, once saved. */
  onSaved?(item: LibraryItemView): void;
}

const CURVE_LABELS = {
  linear: 'edit:trim.curves.linear',
  'equal-power': 'edit:trim.curves.equalPower',
} as const satisfies Record<FadeCurve, string>;

/** Seconds typed in a fade field as whole milliseconds (blank is none); null when not a number. */
const fadeMs = (text: string): number | null => {
  if (!text.trim()) return 0;
  const s = Number(text);
  return Number.isFinite(s) && s >= 0 ? Math.round(s * 1000) : null;
};

export function TrimDialog({ subject, onClose, onSaved }: TrimDialogProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const curveOptions = FADE_CURVES.map((c) => ({ value: c, label: t(CURVE_LABELS[c]) }));
  const waveform = useWaveform(subject.itemId);
  const durationMs =
    subject.durationMs ??
    (waveform?.secondsPerPeak
      ? Math.round(waveform.peaks.length * waveform.secondsPerPeak * 1000)
      : null);
  const [region, setRegion] = useState<Region | null>(null);
  const [fadeIn, setFadeIn] = useState('');
  const [fadeOut, setFadeOut] = useState('');
  const [curve, setCurve] = useState<FadeCurve>('linear');
  // the new item is titled in the app's language when it is made
  const [name, setName] = useState(() =>
    translate('edit:trim.defaultName', { title: subject.title }),
  );
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  useEffect(
    () =>
      bridge().on.trimProgress((p) => {
        if (p.itemId === subject.itemId) setProgress(p.fraction);
      }),
    [subject.itemId],
  );
  const [error, setError] = useState<AppErrorShape | null>(null);
  /** Said after the render was stopped (nothing saved); the dialog stays open to try again. */
  const [stopped, setStopped] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const playKey = `trim:${subject.itemId}`;
  const playheadS = usePlayerStore((s) => (selectCurrent(s)?.key === playKey ? s.positionS : null));

  const chosen: Region | null = region ?? (durationMs ? { startMs: 0, endMs: durationMs } : null);
  const peaks =
    waveform && durationMs
      ? {
          peaks: waveform.peaks,
          secondsPerPeak: waveform.secondsPerPeak ?? durationMs / 1000 / waveform.peaks.length,
        }
      : null;

  const loadWindow = useCallback(
    async (view: View, bars: number) => {
      const r = await call((api) =>
        api.analysis.waveformWindow(subject.itemId, {
          fromMs: view.fromMs,
          toMs: view.fromMs + view.spanMs,
          bars,
        }),
      );
      return r.ok ? r.value : null;
    },
    [subject.itemId],
  );

  const playSelection = () => {
    if (!chosen) return;
    void playRegion(
      {
        key: playKey,
        itemId: subject.itemId,
        url: null,
        title: t('edit:trim.selectionTitle', { title: subject.title }),
        video: false,
        format: formatOf(subject.file),
        durationMs,
        coverUrl: subject.coverUrl ?? null,
        origin: t('edit:trim.origin'),
      },
      chosen.startMs / 1000,
      chosen.endMs / 1000,
    );
  };

  const save = async () => {
    if (!chosen) return;
    const fadeInMs = fadeMs(fadeIn);
    const fadeOutMs = fadeMs(fadeOut);
    if (fadeInMs === null || fadeOutMs === null) {
      setError({ code: 'validation', message: t('edit:trim.fadesInvalid') });
      return;
    }
    const request = {
      startMs: chosen.startMs,
      endMs: chosen.endMs,
      fadeInMs,
      fadeOutMs,
      fadeCurve: curve,
      title: name.trim() || undefined,
    };
    const checked = TrimRequestSchema.safeParse(request);
    if (!checked.success) {
      setError({
        code: 'validation',
        message: checked.error.issues[0]?.message ?? t('edit:trim.checkRegion'),
      });
      return;
    }
    setBusy(true);
    setProgress(0);
    setError(null);
    setStopped(null);
    const r = await call((api) => api.edit.trim(subject.itemId, checked.data));
    setBusy(false);
    if (!r.ok && r.error.code === 'cancelled') return setStopped(errorText(r.error));
    if (!r.ok) return setError(r.error);
    onSaved?.(r.value);
    onClose();
  };

  const stop = () => void call((api) => api.edit.cancel(subject.itemId));
  // Save turns disabled while it renders: the focus goes to Stop (so Escape and Enter still work)
  useEffect(() => {
    if (busy) cancelRef.current?.focus();
  }, [busy]);

  const fadeInMsNow = fadeMs(fadeIn) ?? 0;
  const fadeOutMsNow = fadeMs(fadeOut) ?? 0;
  return (
    <Modal
      title={t('edit:trim.title', { title: subject.title })}
      className="dialog-wide"
      initialFocusRef={cancelRef}
      onCancel={busy ? stop : onClose}
      actions={
        <>
          {chosen && durationMs ? (
            <Button className="dialog-action-start" onClick={playSelection}>
              {t('edit:trim.playSelection')}
            </Button>
          ) : null}
          {/* while it renders, the same button stops the render (Escape too) */}
          <Button ref={cancelRef} onClick={busy ? stop : onClose}>
            {busy ? t('common:stop') : t('common:cancel')}
          </Button>
          <Button variant="primary" onClick={() => void save()} disabled={busy || !chosen}>
            {busy ? t('edit:trim.saving') : t('edit:trim.save')}
          </Button>
        </>
      }
    >
      <p className="small">{t('edit:trim.intro')}</p>
      {!chosen || !durationMs ? (
        <p role="status">
          {waveform === undefined ? t('edit:trim.reading') : t('edit:trim.noLength')}
        </p>
      ) : (
        <>
          <RegionEditor
            durationMs={durationMs}
            peaks={peaks}
            region={chosen}
            onChange={setRegion}
            fadeInMs={fadeInMsNow}
            fadeOutMs={fadeOutMsNow}
            playheadMs={playheadS === null ? null : playheadS * 1000}
            loadWindow={loadWindow}
          />
          <div className="trim-options">
            <TextField
              label={t('edit:trim.fadeIn')}
              inputMode="decimal"
              className="trim-number"
              value={fadeIn}
              placeholder="0"
              onChange={(e) => setFadeIn(e.currentTarget.value)}
            />
            <TextField
              label={t('edit:trim.fadeOut')}
              inputMode="decimal"
              className="trim-number"
              value={fadeOut}
              placeholder="0"
              onChange={(e) => setFadeOut(e.currentTarget.value)}
            />
            <Select
              label={t('edit:trim.fadeShape')}
              value={curve}
              options={curveOptions}
              onChange={(e) => setCurve(e.currentTarget.value as FadeCurve)}
            />
            <TextField
              label={t('edit:trim.name')}
              className="trim-name"
              value={name}
              maxLength={120}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </div>
        </>
      )}
      {busy && (
        <div className="trim-progress">
          <progress max={1} value={progress} aria-label={t('edit:trim.making')} />
          <p role="status" className="small">
            {t('edit:trim.makingText', { percent: f.percent(progress) })}
          </p>
        </div>
      )}
      {error && (
        <p role="alert" className="library-error">
          {errorText(error)}
        </p>
      )}
      {stopped && !busy && (
        <p role="status" className="small">
          {stopped}
        </p>
      )}
    </Modal>
  );
}
