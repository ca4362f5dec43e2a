import { useEffect } from 'react';
import {
  next,
  pause,
  previous,
  seekBy,
  seekTo,
  selectCurrent,
  toggleMute,
  togglePlay,
  usePlayerStore,
} from '../stores/player';

/** Keys that belong to what has focus: typing, sliders, buttons and list navigation keep them. */
function keyBelongsToFocus(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
    return true;
  if (
    key === ' ' &&
    (target.tagName === 'BUTTON' ||
      target.tagName === 'A' ||
      target.getAttribute('role') === 'option')
  )
    return true;
  return false;
}

/**
 * Player keyboard shortcuts (window-wide, not while typing or while a modal is open):
 * Space/K play-pause, J/L back/forward 10 s, ←/→ with Alt 5 s, Shift+N next, Shift+P previous,
 * M mute; and the keyboard's media keys. Also feeds the OS media session (media keys, lock screen).
 */
export function usePlayerKeys(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey) return;
      const media: Record<string, () => void> = {
        MediaPlayPause: togglePlay,
        MediaTrackNext: next,
        MediaTrackPrevious: previous,
        MediaStop: pause,
      };
      const mediaAction = media[e.key];
      if (mediaAction) {
        e.preventDefault();
        mediaAction();
        return;
      }
      if (keyBelongsToFocus(e.target, e.key) || document.querySelector('[aria-modal="true"]'))
        return;
      if (usePlayerStore.getState().queue.length === 0) return;
      const k = e.key;
      const action =
        k === ' ' || k === 'k' || k === 'K'
          ? togglePlay
          : (k === 'j' || k === 'J') && !e.shiftKey
            ? () => seekBy(-10)
            : (k === 'l' || k === 'L') && !e.shiftKey
              ? () => seekBy(10)
              : k === 'ArrowLeft' && e.altKey
                ? () => seekBy(-5)
                : k === 'ArrowRight' && e.altKey
                  ? () => seekBy(5)
                  : k === 'N' && e.shiftKey
                    ? next
                    : k === 'P' && e.shiftKey
                      ? previous
                      : k === 'm' || k === 'M'
                        ? toggleMute
                        : null;
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session) return;
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['play', () => togglePlay()],
      ['pause', () => pause()],
      ['nexttrack', () => next()],
      ['previoustrack', () => previous()],
      ['seekbackward', (d) => seekBy(-(d.seekOffset ?? 10))],
      ['seekforward', (d) => seekBy(d.seekOffset ?? 10)],
      ['seekto', (d) => d.seekTime !== undefined && seekTo(d.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // an action this platform does not support
      }
    }
    const unsubscribe = usePlayerStore.subscribe((s, prev) => {
      const current = selectCurrent(s);
      if (current !== selectCurrent(prev) && typeof MediaMetadata !== 'undefined') {
        session.metadata = current
          ? new MediaMetadata({
              title: current.title,
              artist: 'Cadenza',
              artwork: current.coverUrl ? [{ src: current.coverUrl }] : [],
            })
          : null;
      }
      if (s.status !== prev.status)
        session.playbackState =
          s.status === 'playing' ? 'playing' : s.status === 'paused' ? 'paused' : 'none';
    });
    return () => {
      unsubscribe();
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // ignore
        }
      }
    };
  }, []);
}
