import { useRef, useState } from 'react';
import type { LibrarySong } from '@shared/ipc/songs';
import { discardVariation, openExtend, useSongsStore } from '../../stores/songs';
import { formatClock } from './extend-rules';

type Side = 'A' | 'B';
const SIDES: readonly Side[] = ['A', 'B'];

/**
 * The two songs of one submission side by side: an A/B toggle that switches playback between
 * them at the same position, and Keep both / Delete A / Delete B (delete = library remove, which
 * moves the files to the trash).
 */
export function TakeCompare({ label, itemIds }: { label: string; itemIds: [string, string] }) {
  const songs = useSongsStore((s) => s.librarySongs);
  const discardErrors = useSongsStore((s) => s.discardErrors);
  const [active, setActive] = useState<Side>('A');
  const [position, setPosition] = useState<string | null>(null);
  const [kept, setKept] = useState(false);
  const [busy, setBusy] = useState<Side | null>(null);
  const [removed, setRemoved] = useState<Side[]>([]);
  const players = { A: useRef<HTMLAudioElement>(null), B: useRef<HTMLAudioElement>(null) };
  if (!songs) return null;
  const take: Record<Side, LibrarySong | undefined> = {
    A: songs.find((s) => s.itemId === itemIds[0]),
    B: songs.find((s) => s.itemId === itemIds[1]),
  };
  const present = SIDES.filter((s) => take[s] && !removed.includes(s));
  if (present.length === 0) return null;
  const shown: Side = present.includes(active) ? active : present[0]!;

  function switchTo(next: Side) {
    if (next === shown) return;
    const from = players[shown].current;
    const to = players[next].current;
    const atS = from?.currentTime ?? 0;
    const wasPlaying = !!from && !from.paused;
    from?.pause();
    // Before the metadata is loaded this sets the default start position; the browser seeks there.
    if (to) to.currentTime = atS;
    if (to && wasPlaying) void to.play()?.catch(() => undefined);
    setActive(next);
    setPosition(`${next} from ${formatClock(atS)}`);
  }

  async function remove(side: Side) {
    const song = take[side];
    if (!song) return;
    setBusy(side);
    players[side].current?.pause();
    const ok = await discardVariation(song.itemId);
    setBusy(null);
    if (ok) setRemoved((r) => [...r, side]);
  }

  const decided = kept || removed.length > 0;
  return (
    <section className="take-compare" aria-label={`Compare takes: ${label}`}>
      <div className="field-row" role="group" aria-label="Play take">
        {SIDES.map((side) => (
          <button
            key={side}
            type="button"
            className="button button-small"
            aria-pressed={shown === side}
            disabled={!present.includes(side)}
            onClick={() => switchTo(side)}
          >
            {side}
          </button>
        ))}
        <span className="muted small" data-testid="ab-position" aria-live="polite">
          {position ?? `Playing ${shown}`}
        </span>
      </div>
      {SIDES.map((side) => {
        const song = take[side];
        if (!song || removed.includes(side)) return null;
        return (
          <div key={side} hidden={side !== shown} data-testid={`take-${side}`}>
            <p className="song-take-title">
              {side}: {song.title} · {formatClock((song.durationMs ?? 0) / 1000)}
            </p>
            <audio
              ref={players[side]}
              controls
              preload="metadata"
              src={song.mediaUrl}
              aria-label={`Take ${side} player`}
            />
            {song.songId && (
              <button
                type="button"
                className="button button-small"
                onClick={() => openExtend(song.itemId)}
              >
                Extend take {side}
              </button>
            )}
            {discardErrors[song.itemId] && (
              <p role="alert" className="inline-alert">
                {discardErrors[song.itemId]!.message}
              </p>
            )}
          </div>
        );
      })}
      {!decided && present.length === 2 ? (
        <div className="field-row" role="group" aria-label="Keep or delete takes">
          <button type="button" className="button button-small" onClick={() => setKept(true)}>
            Keep both
          </button>
          {SIDES.map((side) => (
            <button
              key={side}
              type="button"
              className="button button-small"
              disabled={busy !== null}
              onClick={() => void remove(side)}
            >
              Delete {side}
            </button>
          ))}
        </div>
      ) : (
        <p className="muted small" role="status">
          {kept
            ? 'Kept both takes.'
            : removed.map((s) => `Take ${s} moved to the trash.`).join(' ')}
        </p>
      )}
    </section>
  );
}
