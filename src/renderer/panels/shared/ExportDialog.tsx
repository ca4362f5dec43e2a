import { useEffect, useRef, useState } from 'react';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_YEAR_MAX,
  EXPORT_YEAR_MIN,
  TAG_TEXT_MAX_CHARS,
  type ExportProgress,
  type ExportTarget,
} from '@shared/domain/export';
import type { AppErrorShape } from '@shared/errors';
import type { ExportResult } from '@shared/ipc/export';
import { bridge, call } from '../../bridge';
import { Button, Progress, SegmentedControl, TextField } from '../../components';
import { Modal } from '../../components/Modal';
import { errorText, t as translate, useTranslation } from '../../i18n';
import { cancelExport, exportItems } from './library-actions';
import './export-dialog.css';

const TARGETS: ExportTarget[] = ['mp3', 'wav', 'flac', 'original'];
/** "Original files" is words; the formats' names stay as they are. */
const targetLabel = (target: ExportTarget): string =>
  target === 'original' ? translate('edit:export.original') : EXPORT_FORMAT_LABELS[target];

interface ExportDialogProps {
  /** The items, in track order. */
  ids: string[];
  /** What is exported, for the title ("“Neon Tide”", "12 items"). */
  what: string;
  /** The album when settings name none (a selection's name). */
  albumSuggestion?: string;
  /** A collection exported as its album: its name is the album, its artist and cover go in. */
  collection?: { id: string; name: string };
  onDone(result: ExportResult): void;
  onClose(): void;
}

/** What a finished export says, for the panel's status line. */
export function exportedMessage(r: ExportResult): string {
  const count = r.files.length;
  const done =
    r.reencoded > 0
      ? translate('edit:exported.exported', { count, folder: r.folder })
      : translate('edit:exported.copied', { count, folder: r.folder });
  if (!r.notes?.length) return done;
  // each note kept by key with its item's title, said in the language of the moment
  const notes = r.notes.map((n) =>
    translate('edit:exported.itemNote', { title: n.title, note: translate(n.key, n.params ?? {}) }),
  );
  return translate('edit:exported.withNotes', { done, notes: notes.join('; ') });
}

/** The year typed in the Year field: a number, null when empty, or 'problem' (said where shown). */
function parseYear(text: string): number | null | 'problem' {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return /^\d{4}$/.test(t) && n >= EXPORT_YEAR_MIN && n <= EXPORT_YEAR_MAX ? n : 'problem';
}

/**
 * A finished export: how many files went where, their names, and Show in folder (main opens the
 * OS file manager on them; the renderer names the export, never a path).
 */
export function ExportedFiles({ result, onClose }: { result: ExportResult; onClose?(): void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<AppErrorShape | null>(null);
  const shown = result.files.slice(0, 5);
  return (
    <div className="exported" role="group" aria-label={t('edit:exported.aria')}>
      <p role="status">{exportedMessage(result)}</p>
      <ul className="exported-files" translate="no">
        {shown.map((f) => (
          <li key={f}>{f}</li>
        ))}
        {result.files.length > shown.length && (
          <li className="muted" translate="yes">
            {t('edit:exported.more', { count: result.files.length - shown.length })}
          </li>
        )}
      </ul>
      <div className="exported-actions">
        <Button
          size="small"
          onClick={() =>
            void call((api) => api.export.showInFolder(result.exportId)).then((r) =>
              setError(r.ok ? null : r.error),
            )
          }
        >
          {t('edit:exported.showInFolder')}
        </Button>
        {onClose && (
          <Button size="small" variant="ghost" onClick={onClose}>
            {t('edit:exported.close')}
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="exported-error">
          {errorText(error)}
        </p>
      )}
    </div>
  );
}

/**
 * Export options (format, artist, album, genre, year, loudness, without Cadenza data), then main's folder dialog and the progress of
 * the export, which can be stopped. Defaults come from settings (the Settings page sets them).
 */
export function ExportDialog({
  ids,
  what,
  albumSuggestion,
  collection,
  onDone,
  onClose,
}: ExportDialogProps) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ExportTarget>('mp3');
  const [artist, setArtist] = useState('');
  const [album, setAlbum] = useState(collection?.name ?? albumSuggestion ?? '');
  const forCollection = collection !== undefined;
  const [genre, setGenre] = useState('');
  const [yearText, setYearText] = useState('');
  // kept as a flag, said in the language shown (a switch while it shows changes its words)
  const [yearProblem, setYearProblem] = useState(false);
  const [normalise, setNormalise] = useState(false);
  const [withoutCadenzaData, setWithoutCadenzaData] = useState(false);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const first = useRef<HTMLButtonElement>(null);
  const stopped = useRef(false);

  useEffect(() => {
    let live = true;
    void call((api) => api.export.defaults()).then((r) => {
      if (!live || !r.ok) return;
      if (r.value.format) setFormat(r.value.format);
      if (r.value.artist) setArtist(r.value.artist);
      if (r.value.album && !forCollection) setAlbum(r.value.album);
    });
    let off: (() => void) | undefined;
    try {
      off = bridge().on.exportProgress(setProgress);
    } catch {
      // no bridge: the export call says so
    }
    return () => {
      live = false;
      off?.();
    };
  }, [forCollection]);

  const tagged = format !== 'original';
  const start = async () => {
    const year = parseYear(yearText);
    if (tagged && year === 'problem') {
      setYearProblem(true);
      return;
    }
    setYearProblem(false);
    setError(null);
    setRunning(true);
    setProgress(null);
    stopped.current = false;
    const r = await exportItems(
      ids,
      tagged
        ? {
            format,
            artist: artist.trim(),
            album: album.trim(),
            ...(genre.trim() ? { genre: genre.trim() } : {}),
            ...(typeof year === 'number' ? { year } : {}),
            normalise,
            ...(withoutCadenzaData ? { withoutCadenzaData } : {}),
            ...(collection ? { collection: collection.id } : {}),
          }
        : { format: 'original', ...(withoutCadenzaData ? { withoutCadenzaData } : {}) },
    );
    setRunning(false);
    if (r.ok) onDone(r.value);
    // a dismissed folder dialog says nothing; a stopped export says how far it came
    else if (r.error.code !== 'cancelled' || stopped.current) setError(r.error);
  };

  const stop = () => {
    stopped.current = true;
    void cancelExport();
  };
  const actions = running ? (
    <button type="button" className="button" ref={first} onClick={stop}>
      {t('common:stop')}
    </button>
  ) : (
    <>
      <button type="button" className="button" ref={first} onClick={onClose}>
        {t('common:cancel')}
      </button>
      <button type="button" className="button button-primary" onClick={() => void start()}>
        {t('edit:export.submit')}
      </button>
    </>
  );

  return (
    <Modal
      title={t('edit:export.title', { what })}
      initialFocusRef={first}
      onCancel={() => (running ? stop() : onClose())}
      actions={actions}
      className="export-dialog"
    >
      <div className="export-dialog-body">
        <SegmentedControl<ExportTarget>
          label={t('edit:export.format')}
          showLabel
          segments={TARGETS.map((target) => ({ value: target, label: targetLabel(target) }))}
          value={format}
          onChange={setFormat}
          disabled={running}
        />
        {tagged ? (
          <>
            <div className="export-dialog-pair export-dialog-pair-even">
              <TextField
                label={t('edit:export.artist')}
                value={artist}
                maxLength={TAG_TEXT_MAX_CHARS}
                onChange={(e) => setArtist(e.currentTarget.value)}
                disabled={running}
              />
              <TextField
                label={t('edit:export.album')}
                value={album}
                maxLength={TAG_TEXT_MAX_CHARS}
                hint={ids.length > 1 ? t('edit:export.albumHint') : undefined}
                onChange={(e) => setAlbum(e.currentTarget.value)}
                disabled={running}
              />
            </div>
            <div className="export-dialog-pair">
              <TextField
                label={t('edit:export.genre')}
                value={genre}
                maxLength={TAG_TEXT_MAX_CHARS}
                onChange={(e) => setGenre(e.currentTarget.value)}
                disabled={running}
              />
              <TextField
                label={t('edit:export.year')}
                value={yearText}
                inputMode="numeric"
                maxLength={4}
                error={
                  yearProblem
                    ? t('edit:export.yearProblem', { year: new Date().getFullYear() })
                    : undefined
                }
                onChange={(e) => {
                  setYearText(e.currentTarget.value);
                  setYearProblem(false);
                }}
                disabled={running}
              />
            </div>
            <label className="export-dialog-check">
              <input
                type="checkbox"
                checked={normalise}
                onChange={(e) => setNormalise(e.currentTarget.checked)}
                disabled={running}
              />{' '}
              {t('edit:export.normalise')}
            </label>
            <p className="small muted">{t('edit:export.taggedNote')}</p>
          </>
        ) : (
          <p className="small muted">{t('edit:export.copyNote')}</p>
        )}
        <label className="export-dialog-check">
          <input
            type="checkbox"
            checked={withoutCadenzaData}
            onChange={(e) => setWithoutCadenzaData(e.currentTarget.checked)}
            disabled={running}
          />{' '}
          {t('edit:export.withoutCadenza')}
        </label>
        {running && (
          <div>
            <Progress value={progress?.fraction ?? null} label={t('edit:export.progress')} />
            <p className="small muted" role="status">
              {progress?.current
                ? t('edit:export.exporting', {
                    title: progress.current,
                    n: progress.done + 1,
                    total: progress.total,
                  })
                : t('edit:export.waiting')}
            </p>
          </div>
        )}
        {error && (
          <p role="alert" className="exported-error">
            {errorText(error)}
          </p>
        )}
      </div>
    </Modal>
  );
}
