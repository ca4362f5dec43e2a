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
import { cancelExport, exportItems } from './library-actions';
import './export-dialog.css';

const TARGETS: ExportTarget[] = ['mp3', 'wav', 'flac', 'original'];

interface ExportDialogProps {
  /** The items, in track order. */
  ids: string[];
  /** What is exported, for the title ("“Neon Tide”", "12 items"). */
  what: string;
  /** The album when settings name none (a selection's name). */
  albumSuggestion?: string;
  onDone(result: ExportResult): void;
  onClose(): void;
}

/** What a finished export says, for the panel's status line. */
export function exportedMessage(r: ExportResult): string {
  const n = r.files.length;
  const files = `${n} file${n === 1 ? '' : 's'}`;
  const done =
    r.reencoded > 0 ? `${files} exported to ${r.folder}` : `${files} copied to ${r.folder}`;
  return r.notes?.length ? `${done}. ${r.notes.join('; ')}.` : done;
}

/** The year typed in the Year field: a number, null when empty, or a problem in words. */
function parseYear(text: string): number | null | { problem: string } {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return /^\d{4}$/.test(t) && n >= EXPORT_YEAR_MIN && n <= EXPORT_YEAR_MAX
    ? n
    : { problem: `A year, like ${new Date().getFullYear()}.` };
}

/**
 * A finished export: how many files went where, their names, and Show in folder (main opens the
 * OS file manager on them; the renderer names the export, never a path).
 */
export function ExportedFiles({ result, onClose }: { result: ExportResult; onClose?(): void }) {
  const [error, setError] = useState<AppErrorShape | null>(null);
  const shown = result.files.slice(0, 5);
  return (
    <div className="exported" role="group" aria-label="Exported files">
      <p role="status">{exportedMessage(result)}</p>
      <ul className="exported-files">
        {shown.map((f) => (
          <li key={f}>{f}</li>
        ))}
        {result.files.length > shown.length && (
          <li className="muted">and {result.files.length - shown.length} more</li>
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
          Show in folder
        </Button>
        {onClose && (
          <Button size="small" variant="ghost" onClick={onClose}>
            Close
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="exported-error">
          {error.message}
        </p>
      )}
    </div>
  );
}

/**
 * Export options (format, artist, album, genre, year, loudness), then main's folder dialog and the progress of
 * the export, which can be stopped. Defaults come from settings (the Settings page sets them).
 */
export function ExportDialog({ ids, what, albumSuggestion, onDone, onClose }: ExportDialogProps) {
  const [format, setFormat] = useState<ExportTarget>('mp3');
  const [artist, setArtist] = useState('');
  const [album, setAlbum] = useState(albumSuggestion ?? '');
  const [genre, setGenre] = useState('');
  const [yearText, setYearText] = useState('');
  const [yearProblem, setYearProblem] = useState<string | null>(null);
  const [normalise, setNormalise] = useState(false);
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
      if (r.value.album) setAlbum(r.value.album);
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
  }, []);

  const tagged = format !== 'original';
  const start = async () => {
    const year = parseYear(yearText);
    if (tagged && year !== null && typeof year === 'object') {
      setYearProblem(year.problem);
      return;
    }
    setYearProblem(null);
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
          }
        : { format: 'original' },
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
      Stop
    </button>
  ) : (
    <>
      <button type="button" className="button" ref={first} onClick={onClose}>
        Cancel
      </button>
      <button type="button" className="button button-primary" onClick={() => void start()}>
        Choose folder and export…
      </button>
    </>
  );

  return (
    <Modal
      title={`Export ${what}`}
      initialFocusRef={first}
      onCancel={() => (running ? stop() : onClose())}
      actions={actions}
      className="export-dialog"
    >
      <div className="export-dialog-body">
        <SegmentedControl<ExportTarget>
          label="Format"
          showLabel
          segments={TARGETS.map((t) => ({ value: t, label: EXPORT_FORMAT_LABELS[t] }))}
          value={format}
          onChange={setFormat}
          disabled={running}
        />
        {tagged ? (
          <>
            <TextField
              label="Artist"
              value={artist}
              maxLength={TAG_TEXT_MAX_CHARS}
              onChange={(e) => setArtist(e.currentTarget.value)}
              disabled={running}
            />
            <TextField
              label="Album"
              value={album}
              maxLength={TAG_TEXT_MAX_CHARS}
              hint={ids.length > 1 ? 'Tracks are numbered in the order shown.' : undefined}
              onChange={(e) => setAlbum(e.currentTarget.value)}
              disabled={running}
            />
            <div className="export-dialog-pair">
              <TextField
                label="Genre"
                value={genre}
                maxLength={TAG_TEXT_MAX_CHARS}
                onChange={(e) => setGenre(e.currentTarget.value)}
                disabled={running}
              />
              <TextField
                label="Year"
                value={yearText}
                inputMode="numeric"
                maxLength={4}
                error={yearProblem ?? undefined}
                onChange={(e) => {
                  setYearText(e.currentTarget.value);
                  setYearProblem(null);
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
              Even out loudness (to the levelling target)
            </label>
            <p className="small muted">
              Title, lyrics, cover art and the prompt are written into each file. MP3s stay as they
              are unless loudness is evened out.
            </p>
          </>
        ) : (
          <p className="small muted">The files are copied as they are, without new tags.</p>
        )}
        {running && (
          <div>
            <Progress value={progress?.fraction ?? null} label="Export progress" />
            <p className="small muted" role="status">
              {progress?.current
                ? `Exporting “${progress.current}” (${progress.done + 1} of ${progress.total})…`
                : 'Waiting for a folder…'}
            </p>
          </div>
        )}
        {error && (
          <p role="alert" className="exported-error">
            {error.message}
          </p>
        )}
      </div>
    </Modal>
  );
}
