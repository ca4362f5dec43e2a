import { EntryTitle } from './EntryTitle';
import { useEffect, useRef } from 'react';
import {
  currentVideoElement,
  selectCurrent,
  setViewerOpen,
  usePlayerStore,
} from '../stores/player';
import { useTranslation } from '../i18n';

/** Shows the current video item's `<video>` (owned by the player engine) above the player bar. */
export function VideoViewer() {
  const { t } = useTranslation();
  const open = usePlayerStore((s) => s.viewerOpen);
  const current = usePlayerStore(selectCurrent);
  const url = usePlayerStore((s) => s.url);
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = currentVideoElement();
    if (!open || !url || !el || !host.current) return;
    el.setAttribute(
      'aria-label',
      current ? t('player:video.aria', { title: current.title }) : t('player:video.plain'),
    );
    host.current.appendChild(el);
    return () => {
      el.remove();
    };
  }, [open, url, current, t]);

  if (!open || !current) return null;
  return (
    <section className="video-viewer" aria-label={t('player:video.viewer')}>
      <div className="video-viewer-head">
        <h2 className="card-title">
          <EntryTitle entry={current} />
        </h2>
        <button type="button" className="button button-small" onClick={() => setViewerOpen(false)}>
          {t('player:video.hide')}
        </button>
      </div>
      <div className="video-viewer-frame" ref={host} />
    </section>
  );
}
