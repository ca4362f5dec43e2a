import { useEffect, useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import type { Lyrics } from '@shared/ipc/library';
import { exportLyrics, loadLyrics } from '../shared/library-actions';
import { lyricSections } from './view';

/** A song's lyrics by section, with Copy and Export as TXT (keyed by item id). */
export function LyricsView({ itemId }: { itemId: string }) {
  const [lyrics, setLyrics] = useState<Lyrics | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void loadLyrics(itemId).then((r) => {
      if (!live) return;
      if (r.ok) setLyrics(r.value);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [itemId]);

  const copy = async () => {
    if (!lyrics?.lyrics) return;
    try {
      await navigator.clipboard.writeText(lyrics.lyrics);
      setNotice('Lyrics copied.');
    } catch {
      setNotice('Cadenza could not use the clipboard. Select the text and copy it instead.');
    }
  };
  const exportTxt = async () => {
    const r = await exportLyrics(itemId);
    if (r.ok) setNotice(`Saved to ${r.value.path}`);
    else if (r.error.code !== 'cancelled') setError(r.error);
  };

  if (error)
    return (
      <p role="alert" className="library-error">
        {error.message}
      </p>
    );
  if (!lyrics) return <p className="muted small">Loading lyrics…</p>;
  if (!lyrics.lyrics) return <p className="muted small">This item has no lyrics.</p>;
  return (
    <section className="library-lyrics" aria-label={`Lyrics of ${lyrics.title}`}>
      <div className="library-lyrics-actions">
        <button type="button" className="button button-small" onClick={() => void copy()}>
          Copy lyrics
        </button>
        <button type="button" className="button button-small" onClick={() => void exportTxt()}>
          Export as TXT…
        </button>
      </div>
      {notice && (
        <p className="small muted" role="status">
          {notice}
        </p>
      )}
      {lyricSections(lyrics.lyrics).map((section, i) => (
        <div key={i} className="library-lyrics-section">
          {section.name && <h4 className="library-lyrics-name">{section.name}</h4>}
          <p className="library-lyrics-text">{section.lines.join('\n')}</p>
        </div>
      ))}
    </section>
  );
}
