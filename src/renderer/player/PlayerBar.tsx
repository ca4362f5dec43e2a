import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import {
  ListMusic,
  Music,
  Pause,
  Play,
  SkipBack,
  SkipForward,
  Video,
  Volume1,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { bridge } from '../bridge';
import {
  dropRemovedItems,
  hasNext,
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
import { formatClock, formatLength, spokenClock } from '../lib/format';
import { usePlayerKeys } from './media-keys';
import { QueueList } from './QueueList';
import { VideoViewer } from './VideoViewer';
import { Waveform } from './Waveform';
import './player.css';

const ICON = { size: 18, 'aria-hidden': true, focusable: false } as const;
/** Arrow keys on the seek slider move this far; Page Up/Down a tenth of the length. */
export const SEEK_STEP_S = 5;

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
  const solo = usePlayerStore((s) => s.solo !== null);
  const queueLength = usePlayerStore((s) => s.queue.length);
  const canNext = usePlayerStore(hasNext);
  const viewerOpen = usePlayerStore((s) => s.viewerOpen);
  const [queueOpen, setQueueOpen] = useState(false);
  const queueButton = useRef<HTMLButtonElement>(null);
  usePlayerKeys();

  useEffect(() => {
    try {
      return bridge().on.libraryChanged((change) => dropRemovedItems(change.removed));
    } catch {
      return undefined;
    }
  }, []);

  const closeQueue = () => {
    setQueueOpen(false);
    queueButton.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && queueOpen) {
      e.preventDefault();
      closeQueue();
    }
  };

  const playing = status === 'playing';
  const max = Math.max(durationS, positionS, 0);
  const onSeekKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const page = Math.max(SEEK_STEP_S, max / 10);
    const to: Record<string, number> = {
      ArrowLeft: positionS - SEEK_STEP_S,
      ArrowDown: positionS - SEEK_STEP_S,
      ArrowRight: positionS + SEEK_STEP_S,
      ArrowUp: positionS + SEEK_STEP_S,
      PageDown: positionS - page,
      PageUp: positionS + page,
      Home: 0,
      End: max,
    };
    const at = to[e.key];
    if (at === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    seekTo(at);
  };
  const volumePct = Math.round((muted ? 0 : volume) * 100);
  const where = !current
    ? 'Play a song from the Library or any panel.'
    : status === 'loading'
      ? `${current.origin} · loading…`
      : solo
        ? `${current.origin} · not in the queue`
        : `${current.origin} · ${index + 1} of ${queueLength} in the queue`;
  return (
    <div
      className="player"
      role="region"
      aria-label="Player"
      data-status={status}
      data-src={url ?? undefined}
      onKeyDown={onKeyDown}
    >
      <VideoViewer />
      {queueOpen && <QueueList onClose={closeQueue} />}
      <div className="player-bar">
        <div className="player-now">
          {current?.coverUrl ? (
            <img className="player-cover" src={current.coverUrl} alt="" />
          ) : (
            <div className="player-cover player-cover-empty" aria-hidden>
              <Music size={20} aria-hidden focusable={false} />
            </div>
          )}
          <div className="player-titles">
            <p className="player-title" data-testid="player-title">
              {current ? current.title : 'Nothing playing'}
            </p>
            {error ? (
              <p className="player-error small" role="alert">
                {error}
              </p>
            ) : (
              <p
                className={`small muted player-where${current ? '' : ' player-where-empty'}`}
                data-testid="player-origin"
              >
                {where}
              </p>
            )}
          </div>
          <p className="visually-hidden" aria-live="polite">
            {current ? `Now playing: ${current.title}, from ${current.origin}` : ''}
          </p>
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
              <SkipBack {...ICON} />
            </button>
            <button
              type="button"
              className="player-button player-button-main"
              onClick={togglePlay}
              disabled={!current && queueLength === 0}
              aria-label={playing ? 'Pause' : 'Play'}
              aria-keyshortcuts="Space K"
            >
              {playing ? <Pause {...ICON} /> : <Play {...ICON} />}
            </button>
            <button
              type="button"
              className="player-button"
              onClick={next}
              disabled={!canNext}
              aria-label="Next"
              aria-keyshortcuts="Shift+N"
            >
              <SkipForward {...ICON} />
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
                onKeyDown={onSeekKey}
                onChange={(e) => seekTo(Number(e.currentTarget.value))}
              />
            </div>
            <span className="player-time small" aria-hidden data-testid="player-duration">
              {formatLength(durationS)}
            </span>
          </div>
        </div>
        <div className="player-side">
          {current?.video && !viewerOpen && (
            <button
              type="button"
              className="button button-small"
              onClick={() => setViewerOpen(true)}
            >
              <Video size={16} aria-hidden focusable={false} />
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
            {muted || volume === 0 ? (
              <VolumeX {...ICON} />
            ) : volume < 0.5 ? (
              <Volume1 {...ICON} />
            ) : (
              <Volume2 {...ICON} />
            )}
          </button>
          <input
            type="range"
            className="slider player-volume"
            aria-label="Volume"
            aria-valuetext={`${volumePct}%`}
            min={0}
            max={100}
            step={5}
            value={volumePct}
            style={{ '--fill': `${volumePct}%` } as CSSProperties}
            onChange={(e) => setVolume(Number(e.currentTarget.value) / 100)}
          />
          <button
            ref={queueButton}
            type="button"
            className="button button-small player-queue-button"
            aria-expanded={queueOpen}
            aria-label={`Queue (${queueLength})`}
            onClick={() => (queueOpen ? closeQueue() : setQueueOpen(true))}
          >
            <ListMusic size={16} aria-hidden focusable={false} />
            Queue
            <span className="player-queue-count" aria-hidden>
              {queueLength}
            </span>
          </button>
        </div>
      </div>
    </div>
  );
}
