import { useEffect, useState } from 'react';
import { bridge } from '../bridge';
import {
  dropRemovedItems,
  isVideoKind,
  next,
  previous,
  seekTo,
  selectCurrent,
  setVolume,
  setViewerOpen,
  toggleMute,
  togglePlay,
  usePlayerStore,
} from '../stores/player';
import { formatClock, spokenClock } from './format';
import { usePlayerKeys } from './media-keys';
import { QueueList } from './QueueList';
import { VideoViewer } from './VideoViewer';
import { Waveform } from './Waveform';
import './player.css';

/** The player bar under every panel: what plays, transport, seek, waveform, volume and the queue. */
export function PlayerBar() {
  const current = usePlayerStore(selectCurrent);
  const status = usePlayerStore((s) => s.status);
  const positionS = usePlayerStore((s) => s.positionS);
  const durationS = usePlayerStore((s) => s.durationS);
  const volume = usePlayerStore((s) => s.volume);
  const muted = usePlayerStore((s) => s.muted);
  const error = usePlayerStore((s) => s.error);
  const url = usePlayerStore((s) => s.url);
  const index = usePlayerStore((s) => s.index);
  const queueLength = usePlayerStore((s) => s.queue.length);
  const viewerOpen = usePlayerStore((s) => s.viewerOpen);
  const [queueOpen, setQueueOpen] = useState(false);
  usePlayerKeys();

  useEffect(() => {
    try {
      return bridge().on.libraryChanged((change) => dropRemovedItems(change.removed));
    } catch {
      return undefined;
    }
  }, []);

  const playing = status === 'playing';
  const max = Math.max(durationS, positionS, 0);
  return (
    <div
      className="player"
      role="region"
      aria-label="Player"
      data-status={status}
      data-src={url ?? undefined}
    >
      <VideoViewer />
      {queueOpen && <QueueList onClose={() => setQueueOpen(false)} />}
      <div className="player-bar">
        <div className="player-now">
          {current?.coverUrl ? (
            <img className="player-cover" src={current.coverUrl} alt="" />
          ) : (
            <div className="player-cover player-cover-empty" aria-hidden />
          )}
          <div className="player-titles">
            <p className="player-title" aria-live="polite">
              {current ? current.title : 'Nothing playing'}
            </p>
            {error ? (
              <p className="player-error small" role="alert">
                {error}
              </p>
            ) : (
              <p className="small muted">
                {current
                  ? status === 'loading'
                    ? 'Loading…'
                    : `${index + 1} of ${queueLength} in queue`
                  : 'Play something from the Library.'}
              </p>
            )}
          </div>
        </div>
        <div className="player-transport">
          <div className="player-buttons">
            <button
              type="button"
              className="player-button"
              onClick={previous}
              disabled={!current}
              aria-label="Previous"
              aria-keyshortcuts="Shift+P"
            >
              ⏮
            </button>
            <button
              type="button"
              className="player-button player-button-main"
              onClick={togglePlay}
              disabled={queueLength === 0}
              aria-label={playing ? 'Pause' : 'Play'}
              aria-keyshortcuts="Space K"
            >
              {playing ? '⏸' : '▶'}
            </button>
            <button
              type="button"
              className="player-button"
              onClick={next}
              disabled={index + 1 >= queueLength}
              aria-label="Next"
              aria-keyshortcuts="Shift+N"
            >
              ⏭
            </button>
          </div>
          <div className="player-seek">
            <span className="player-time small" aria-hidden>
              {formatClock(positionS)}
            </span>
            <div className="player-seek-track">
              <Waveform
                itemId={current?.itemId ?? null}
                positionS={positionS}
                durationS={durationS}
                onSeek={seekTo}
              />
              <input
                type="range"
                className="player-range"
                aria-label="Seek"
                aria-valuetext={`${spokenClock(positionS)} of ${spokenClock(durationS)}`}
                aria-keyshortcuts="J L"
                min={0}
                max={max || 0}
                step={0.1}
                value={Math.min(positionS, max)}
                disabled={!current || max === 0}
                onChange={(e) => seekTo(Number(e.currentTarget.value))}
              />
            </div>
            <span className="player-time small" aria-hidden>
              {formatClock(durationS)}
            </span>
          </div>
        </div>
        <div className="player-side">
          {current && isVideoKind(current.kind) && !viewerOpen && (
            <button
              type="button"
              className="button button-small"
              onClick={() => setViewerOpen(true)}
            >
              Show video
            </button>
          )}
          <button
            type="button"
            className="player-button"
            onClick={toggleMute}
            aria-label={muted ? 'Unmute' : 'Mute'}
            aria-pressed={muted}
            aria-keyshortcuts="M"
          >
            {muted || volume === 0 ? '🔇' : '🔊'}
          </button>
          <input
            type="range"
            className="player-volume"
            aria-label="Volume"
            aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
            min={0}
            max={100}
            step={1}
            value={Math.round((muted ? 0 : volume) * 100)}
            onChange={(e) => setVolume(Number(e.currentTarget.value) / 100)}
          />
          <button
            type="button"
            className="button button-small"
            aria-expanded={queueOpen}
            onClick={() => setQueueOpen((o) => !o)}
          >
            Queue ({queueLength})
          </button>
        </div>
      </div>
    </div>
  );
}
