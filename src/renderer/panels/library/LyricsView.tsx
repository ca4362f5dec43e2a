import { useEffect, useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import type { Lyrics } from '@shared/ipc/library';
import { exportLyrics, loadLyrics } from '../shared/library-actions';
import { errorText, said, saidText, type Said, useTranslation } from '../../i18n';
import { lyricSections } from './view';

/** A song's lyrics by section, with Copy and Export as TXT (keyed by item id). */
export function LyricsView({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const [lyrics, setLyrics] = useState<Lyrics | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [notice, setNotice] = useState<Said | null>(null);

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
      setNotice(said('library:lyrics.copied'));
    } catch {
      setNotice(said('library:lyrics.noClipboard'));
    }
  };
  const exportTxt = async () => {
    const r = await exportLyrics(itemId);
    if (r.ok) setNotice(said('library:lyrics.savedTo', { path: r.value.path }));
    else if (r.error.code !== 'cancelled') setError(r.error);
  };

  if (error)
    return (
      <p role="alert" className="library-error">
        {errorText(error)}
      </p>
    );
  if (!lyrics) return <p className="muted small">{t('library:lyrics.loading')}</p>;
  if (!lyrics.lyrics) return <p className="muted small">{t('library:lyrics.none')}</p>;
  return (
    <section
      className="library-lyrics"
      aria-label={t('library:lyrics.aria', { title: lyrics.title })}
    >
      <div className="library-lyrics-actions">
        <button type="button" className="button button-small" onClick={() => void copy()}>
          {t('library:lyrics.copy')}
        </button>
        <button type="button" className="button button-small" onClick={() => void exportTxt()}>
          {t('library:lyrics.exportTxt')}
        </button>
      </div>
      {notice && (
        <p className="small muted" role="status">
          {saidText(notice)}
        </p>
      )}
      {lyricSections(lyrics.lyrics).map((section, i) => (
        <div key={i} className="library-lyrics-section" translate="no">
          {section.name && <h4 className="library-lyrics-name">{section.name}</h4>}
          <p className="library-lyrics-text">{section.lines.join('\n')}</p>
        </div>
      ))}
    </section>
  );
}
