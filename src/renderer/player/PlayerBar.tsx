import { EntryTitle } from './EntryTitle';
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
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
import { formatClock, formatLength } from '../lib/format';
import { useFormat, useTranslation } from '../i18n';
import { usePlayerKeys } from './media-keys';
import { Waveform } from './Waveform';
import './player.css';

const ICON = { size: 18, 'aria-hidden': true, focusable: false } as const;
/** Arrow keys on the seek slider move this far; Page Up/Down a tenth of the length. */
export const SEEK_STEP_S = 5;
/** The queue and the video viewer: their own chunks, fetched when first shown (first-screen budget). */
const QueueList = lazy(() => import('./QueueList').then((m) => ({ default: m.QueueList })));
const VideoViewer = lazy(() => import('./VideoViewer').then((m) => ({ default: m.VideoViewer })));

/** The player bar under every panel: what plays, transport, seek, waveform, volume and the queue. */
export function PlayerBar() {
  const { t } = useTranslation();
  const f = useFormat();
  const current = usePlayerStore(selectCurrent);
  const status = usePlayerStore((s) => s.status);
  const positionS = usePlayerStore((s) => s.positionS);
  const durationS = usePlayerStore((s) => s.durationS);
  const live = usePlayerStore((s) => s.live);
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
  // a stream still arriving with no announced length: no end to show, and none to seek to
  const unknownEnd = live && durationS <= 0;
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
    ? t('player:bar.empty')
    : status === 'loading'
      ? t('player:bar.loading', { origin: current.origin })
      : solo
        ? t('player:bar.solo', { origin: current.origin })
        : t('player:bar.inQueue', {
            origin: current.origin,
            position: f.number(index + 1),
            total: f.number(queueLength),
          });
  return (
    <div
      className="player"
      role="region"
      aria-label={t('player:bar.region')}
      data-status={status}
      data-src={url ?? undefined}
      onKeyDown={onKeyDown}
    >
      {viewerOpen && (
        <Suspense fallback={null}>
          <VideoViewer />
        </Suspense>
      )}
      {queueOpen && (
        <Suspense fallback={null}>
          <QueueList onClose={closeQueue} />
        </Suspense>
      )}
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
            {current ? (
              <p className="player-title" data-testid="player-title">
                <EntryTitle entry={current} />
              </p>
            ) : (
              <p className="player-title" data-testid="player-title">
                {t('player:bar.nothing')}
              </p>
            )}
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
            {current
              ? t('player:bar.nowPlaying', { title: current.title, origin: current.origin })
              : ''}
          </p>
        </div>
        <div className="player-transport">
          <div className="player-buttons">
            <button
              type="button"
              className="player-button"
              onClick={previous}
              disabled={!current}
              aria-label={t('player:bar.previous')}
              aria-keyshortcuts="Shift+P"
            >
              <SkipBack {...ICON} />
            </button>
            <button
              type="button"
              className="player-button player-button-main"
              onClick={togglePlay}
              disabled={!current && queueLength === 0}
              aria-label={playing ? t('player:button.pause') : t('player:button.play')}
              aria-keyshortcuts="Space K"
            >
              {playing ? <Pause {...ICON} /> : <Play {...ICON} />}
            </button>
            <button
              type="button"
              className="player-button"
              onClick={next}
              disabled={!canNext}
              aria-label={t('player:bar.next')}
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
                aria-label={t('player:bar.seek')}
                aria-valuetext={
                  unknownEnd
                    ? t('player:bar.seekValueLive', { position: f.duration(positionS) })
                    : t('player:bar.seekValue', {
                        position: f.duration(positionS),
                        duration: f.duration(durationS),
                      })
                }
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
            <span
              className={`player-time small${unknownEnd ? ' player-time-live' : ''}`}
              aria-hidden
              data-testid="player-duration"
              title={unknownEnd ? t('player:bar.liveHint') : undefined}
            >
              {unknownEnd ? t('player:bar.live') : formatLength(durationS)}
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
              {t('player:bar.showVideo')}
            </button>
          )}
          <button
            type="button"
            className="player-button"
            onClick={toggleMute}
            aria-label={muted ? t('player:bar.unmute') : t('player:bar.mute')}
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
            aria-label={t('player:bar.volume')}
            aria-valuetext={f.percent(volumePct / 100)}
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
            aria-label={t('player:bar.queueAria', { n: f.number(queueLength) })}
            onClick={() => (queueOpen ? closeQueue() : setQueueOpen(true))}
          >
            <ListMusic size={16} aria-hidden focusable={false} />
            {t('player:bar.queue')}
            <span className="player-queue-count" aria-hidden>
              {queueLength}
            </span>
          </button>
        </div>
      </div>
    </div>
  );
}
