import { useState } from 'react';
import { importHistory, loadHistory, useSongsStore } from '../../stores/songs';
import { formatClock } from './extend-rules';
import { errorText, Trans, useTranslation } from '../../i18n';

/**
 * The service's song history (/v3/music/tasks): finished songs that are not in the library yet
 * (matched by song id), with Import, which downloads them into the library with sidecars.
 */
export function HistoryCard() {
  const { t } = useTranslation();
  const { history, historyLoading, historyError, importing, importError } = useSongsStore();
  const [picked, setPicked] = useState<string[]>([]);
  const [imported, setImported] = useState<string | null>(null);
  const toggle = (id: string, on: boolean) =>
    setPicked((p) => (on ? [...p.filter((x) => x !== id), id] : p.filter((x) => x !== id)));

  async function run(ids: string[]) {
    const job = await importHistory(ids);
    if (!job) return;
    setPicked((p) => p.filter((x) => !ids.includes(x)));
    setImported(t('songs:history.importing', { count: ids.length }));
  }

  const songs = history?.songs ?? [];
  return (
    <section className="card" aria-label={t('songs:history.aria')}>
      <div className="card-head">
        <h2 className="card-title">{t('songs:history.title')}</h2>
        <button
          type="button"
          className="button button-small"
          disabled={historyLoading}
          onClick={() => void loadHistory()}
        >
          {historyLoading
            ? t('songs:history.checking')
            : history
              ? t('songs:history.again')
              : t('songs:history.check')}
        </button>
      </div>
      {!history && !historyError && <p className="muted small">{t('songs:history.intro')}</p>}
      {historyError && (
        <p role="alert" className="inline-alert">
          {errorText(historyError)}
        </p>
      )}
      {history && (
        <p className="muted small" data-testid="history-summary">
          {[
            songs.length === 0
              ? t('songs:history.allIn')
              : t('songs:history.missing', { count: songs.length }),
            history.inLibrary > 0 && t('songs:history.inLibrary', { count: history.inLibrary }),
            history.unfinished > 0 && t('songs:history.unfinished', { count: history.unfinished }),
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
      )}
      {songs.length > 0 && (
        <ul className="song-history">
          {songs.map((s) => (
            <li key={s.songId} aria-label={t('songs:history.itemAria', { title: s.title })}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={picked.includes(s.songId)}
                  onChange={(e) => toggle(s.songId, e.target.checked)}
                />
                <span translate="no">{s.title}</span>
              </label>{' '}
              <span className="muted small">
                {s.durationMs ? formatClock(s.durationMs / 1000) : t('songs:history.lengthUnknown')}
                {s.style && (
                  <>
                    {' · '}
                    <span translate="no">{s.style}</span>
                  </>
                )}
                {s.hasLyrics ? ` · ${t('songs:history.withLyrics')}` : ''}
              </span>{' '}
              <button
                type="button"
                className="button button-small"
                disabled={importing}
                onClick={() => void run([s.songId])}
              >
                <Trans
                  i18nKey="songs:history.import"
                  values={{ title: s.title }}
                  components={{ title: <span dir="auto" translate="no" /> }}
                />
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
          {t('songs:history.importSelected', { n: picked.length })}
        </button>
      )}
      {importError && (
        <p role="alert" className="inline-alert">
          {errorText(importError)}
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
