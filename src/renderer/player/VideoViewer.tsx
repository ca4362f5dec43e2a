import { useEffect, useRef } from 'react';
import {
  currentVideoElement,
  selectCurrent,
  setViewerOpen,
  usePlayerStore,
} from '../stores/player';

/** Shows the current video item's `<video>` (owned by the player engine) above the player bar. */
export function VideoViewer() {
  const open = usePlayerStore((s) => s.viewerOpen);
  const current = usePlayerStore(selectCurrent);
  const url = usePlayerStore((s) => s.url);
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = currentVideoElement();
    if (!open || !url || !el || !host.current) return;
    el.setAttribute('aria-label', current ? `Video: ${current.title}` : 'Video');
    host.current.appendChild(el);
    return () => {
      el.remove();
    };
  }, [open, url, current]);

  if (!open || !current) return null;
  return (
    <section className="video-viewer" aria-label="Video viewer">
      <div className="video-viewer-head">
        <h2 className="card-title">{current.title}</h2>
        <button type="button" className="button button-small" onClick={() => setViewerOpen(false)}>
          Hide video
        </button>
      </div>
      <div className="video-viewer-frame" ref={host} />
    </section>
  );
}
