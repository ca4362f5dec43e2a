import { useEffect, useRef, useState } from 'react';
import {
  EXPORT_FORMAT_LABELS,
  TAG_TEXT_MAX_CHARS,
  type ExportProgress,
  type ExportTarget,
} from '@shared/domain/export';
import type { AppErrorShape } from '@shared/errors';
import type { ExportResult } from '@shared/ipc/export';
import { bridge, call } from '../../bridge';
import { Progress, SegmentedControl, TextField } from '../../components';
import { Modal } from '../../components/Modal';
import { cancelExport, exportItems } from './library-actions';

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

/**
 * Export options (format, artist, album, loudness), then main's folder dialog and the progress of
 * the export, which can be stopped. Defaults come from settings (the Settings page sets them).
 */
export function ExportDialog({ ids, what, albumSuggestion, onDone, onClose }: ExportDialogProps) {
  const [format, setFormat] = useState<ExportTarget>('mp3');
  const [artist, setArtist] = useState('');
  const [album, setAlbum] = useState(albumSuggestion ?? '');
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
    setError(null);
    setRunning(true);
    setProgress(null);
    stopped.current = false;
    const r = await exportItems(
      ids,
      tagged
        ? { format, artist: artist.trim(), album: album.trim(), normalise }
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
            <label className="library-check">
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
          <p role="alert" className="library-error">
            {error.message}
          </p>
        )}
      </div>
    </Modal>
  );
}
