import { useState } from 'react';
import type { LibrarySong } from '@shared/ipc/songs';
import { libraryEntry } from '../../player/entries';
import { formatLength } from '../../player/format';
import { PlayButton } from '../../player/PlayButton';
import { pause, positionOf, switchTo, type PlayEntry } from '../../stores/player';
import { discardVariation, openExtend, useSongsStore } from '../../stores/songs';
import { formatClock } from './extend-rules';

type Side = 'A' | 'B';
const SIDES: readonly Side[] = ['A', 'B'];

const takeEntry = (side: Side, song: LibrarySong): PlayEntry =>
  libraryEntry({ ...song, title: `${song.title} (take ${side})`, origin: 'Songs · A/B' });

/**
 * The two songs of one submission side by side: an A/B toggle that switches the player between
 * them at the same position (one engine: the other take stops), and Keep both / Delete A /
 * Delete B (delete = library remove, which moves the files to the trash).
 */
export function TakeCompare({ label, itemIds }: { label: string; itemIds: [string, string] }) {
  const songs = useSongsStore((s) => s.librarySongs);
  const discardErrors = useSongsStore((s) => s.discardErrors);
  const [active, setActive] = useState<Side>('A');
  const [position, setPosition] = useState<string | null>(null);
  const [kept, setKept] = useState(false);
  const [busy, setBusy] = useState<Side | null>(null);
  const [removed, setRemoved] = useState<Side[]>([]);
  if (!songs) return null;
  const take: Record<Side, LibrarySong | undefined> = {
    A: songs.find((s) => s.itemId === itemIds[0]),
    B: songs.find((s) => s.itemId === itemIds[1]),
  };
  const present = SIDES.filter((s) => take[s] && !removed.includes(s));
  if (present.length === 0) return null;
  const shown: Side = present.includes(active) ? active : present[0]!;

  function switchSide(next: Side) {
    if (next === shown) return;
    const from = take[shown];
    const to = take[next];
    const atS = from ? positionOf(from.itemId) : null;
    // The player had this pair's other take: the new one takes over at the same position.
    if (to && atS !== null) void switchTo(takeEntry(next, to));
    setActive(next);
    setPosition(atS !== null ? `${next} from ${formatClock(atS)}` : `Playing ${next}`);
  }

  async function remove(side: Side) {
    const song = take[side];
    if (!song) return;
    setBusy(side);
    if (positionOf(song.itemId) !== null) pause();
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
            onClick={() => switchSide(side)}
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
              {side}: {song.title} · {formatLength((song.durationMs ?? 0) / 1000)}
            </p>
            <PlayButton
              playKey={song.itemId}
              name={`take ${side}`}
              make={() => takeEntry(side, song)}
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
