import { useState } from 'react';
import { importHistory, loadHistory, useSongsStore } from '../../stores/songs';
import { formatClock } from './extend-rules';

/**
 * The service's song history (/v3/music/tasks): finished songs that are not in the library yet
 * (matched by song id), with Import, which downloads them into the library with sidecars.
 */
export function HistoryCard() {
  const { history, historyLoading, historyError, importing, importError } = useSongsStore();
  const [picked, setPicked] = useState<string[]>([]);
  const [imported, setImported] = useState<string | null>(null);
  const toggle = (id: string, on: boolean) =>
    setPicked((p) => (on ? [...p.filter((x) => x !== id), id] : p.filter((x) => x !== id)));

  async function run(ids: string[]) {
    const job = await importHistory(ids);
    if (!job) return;
    setPicked((p) => p.filter((x) => !ids.includes(x)));
    setImported(
      `Importing ${ids.length === 1 ? '1 song' : `${ids.length} songs`} into the library — follow it under Your songs.`,
    );
  }

  const songs = history?.songs ?? [];
  return (
    <section className="card" aria-label="Song history">
      <div className="card-head">
        <h2 className="card-title">History on the service</h2>
        <button
          type="button"
          className="button button-small"
          disabled={historyLoading}
          onClick={() => void loadHistory()}
        >
          {historyLoading ? 'Checking…' : history ? 'Check again' : 'Check the service'}
        </button>
      </div>
      {!history && !historyError && (
        <p className="muted small">
          Find songs made with your key outside Cadenza and bring them into your library.
        </p>
      )}
      {historyError && (
        <p role="alert" className="inline-alert">
          {historyError.message}
        </p>
      )}
      {history && (
        <p className="muted small" data-testid="history-summary">
          {songs.length === 0
            ? 'Every finished song the service lists is in your library.'
            : `${songs.length} finished ${songs.length === 1 ? 'song is' : 'songs are'} not in your library.`}
          {history.inLibrary > 0 && ` ${history.inLibrary} already in the library.`}
          {history.unfinished > 0 && ` ${history.unfinished} still generating or failed.`}
        </p>
      )}
      {songs.length > 0 && (
        <ul className="song-history">
          {songs.map((s) => (
            <li key={s.songId} aria-label={`History: ${s.title}`}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={picked.includes(s.songId)}
                  onChange={(e) => toggle(s.songId, e.target.checked)}
                />
                {s.title}
              </label>{' '}
              <span className="muted small">
                {s.durationMs ? formatClock(s.durationMs / 1000) : 'length unknown'}
                {s.style ? ` · ${s.style}` : ''}
                {s.hasLyrics ? ' · with lyrics' : ''}
              </span>{' '}
              <button
                type="button"
                className="button button-small"
                disabled={importing}
                onClick={() => void run([s.songId])}
              >
                Import {s.title}
              </button>
            </li>
          ))}
        </ul>
      )}
      {songs.length > 1 && (
        <button
          type="button"
          className="button"
          disabled={importing || picked.length === 0}
          onClick={() => void run(picked)}
        >
          Import selected ({picked.length})
        </button>
      )}
      {importError && (
        <p role="alert" className="inline-alert">
          {importError.message}
        </p>
      )}
      {imported && (
        <p role="status" className="muted small">
          {imported}
        </p>
      )}
    </section>
  );
}
