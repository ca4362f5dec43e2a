import { useEffect, useRef } from 'react';
import type { JobView } from '@shared/ipc/jobs';
import { Artwork, Menu, type MenuItem } from '../../components';
import { formatLength } from '../../lib/format';
import { PlayButton } from '../../player/PlayButton';
import { selectLibrarySongs, showInLibrary, useLibraryStore } from '../../stores/library';
import { pause, positionOf, switchTo } from '../../stores/player';
import {
  discardVariation,
  keepTake,
  loadPreview,
  openExtend,
  useSongsStore,
} from '../../stores/songs';
import { useFinishingActions } from './finishing';
import { previewEntry, previewKey } from './take-entries';

const STATUS_TEXT: Record<JobView['outputs'][number]['status'], string> = {
  queued: 'Waiting to start',
  streaming: 'Generating — you can play it already',
  complete: 'Finished — saving to your library',
  saved: 'In your library',
  failed: 'Failed',
};

/** A take's title without the "(Take 2)" the service appends to the second one. */
export function takeTitle(title: string, fallback: string): string {
  return (title || fallback).replace(/\s*\((take|variation)\s*\d+\)\s*$/i, '').trim() || fallback;
}

/**
 * One take of a submission: artwork, title, what it is doing, play (while it streams, then from the
 * library), and a ⋯ menu of what can be done with it once it is in the library.
 */
export function TakeCard({ job, index }: { job: JobView; index: number }) {
  const o = job.outputs[index]!;
  const key = `${job.id}:${index}`;
  const url = useSongsStore((s) => s.previews[key]);
  const error = useSongsStore((s) => s.previewErrors[key]);
  const song = useLibraryStore((s) =>
    o.libraryItemId ? selectLibrarySongs(s)?.find((x) => x.itemId === o.libraryItemId) : undefined,
  );
  const kept = useSongsStore((s) => !!o.libraryItemId && !!s.kept[o.libraryItemId]);
  const trashed = useSongsStore((s) => !!o.libraryItemId && !!s.trashed[o.libraryItemId]);
  const discardError = useSongsStore((s) =>
    o.libraryItemId ? s.discardErrors[o.libraryItemId] : undefined,
  );
  const finishing = useFinishingActions(song ?? null);
  const title = takeTitle(song?.title ?? o.title, job.label);
  const name = `${title}, take ${index + 1}`;
  const playable =
    !trashed && (o.status === 'streaming' || o.status === 'complete' || o.status === 'saved');
  const playKey = previewKey(job.id, index);

  // Once saved, a playing preview goes on from the library file at the same position.
  const savedRef = useRef(o.status === 'saved');
  useEffect(() => {
    if (o.status === 'saved' && !savedRef.current && url)
      void loadPreview(job.id, index).then((saved) => {
        if (saved && positionOf(previewKey(job.id, index)) !== null)
          void switchTo(previewEntry(job, index, saved, name));
      });
    savedRef.current = o.status === 'saved';
  }, [o.status, url, job, index, name]);

  const items: MenuItem[] = song
    ? [
        {
          label: 'Extend',
          onSelect: () => openExtend(song.itemId),
          hidden: !song.songId || !song.durationMs,
        },
        ...finishing.items,
        { label: 'Keep', onSelect: () => keepTake(song.itemId), hidden: kept },
        {
          label: 'Delete',
          danger: true,
          onSelect: () => {
            if (positionOf(playKey) !== null || positionOf(song.itemId) !== null) pause();
            void discardVariation(song.itemId);
          },
        },
        { label: 'Show in library', onSelect: () => showInLibrary(song.itemId) },
      ]
    : [];

  const durationMs = song?.durationMs ?? o.durationMs;
  const status = trashed ? 'Moved to the trash' : STATUS_TEXT[o.status];
  return (
    <li
      className={`take-card${trashed ? ' take-card-gone' : ''}`}
      aria-label={name}
      data-testid="take"
    >
      <Artwork src={trashed ? null : song?.coverUrl} seed={title} size={56} />
      <div className="take-main">
        <p className="take-title" title={title}>
          {title}
        </p>
        <p className="take-meta muted small" data-testid="take-status">
          <span className="take-badge">Take {index + 1}</span>
          {kept && <span className="take-badge take-badge-kept">Kept</span>}
          <span>
            {status}
            {durationMs && !trashed ? ` · ${formatLength(durationMs / 1000)}` : ''}
          </span>
        </p>
        {/* one message per failure: a take's reason is said here only when the card has not */}
        {o.status === 'failed' && o.failReason && !job.error?.message.includes(o.failReason) && (
          <p role="alert" className="inline-alert">
            {o.failReason}
          </p>
        )}
        {error && (
          <p role="alert" className="inline-alert">
            {error.message}
          </p>
        )}
        {finishing.status && (
          <p className="muted small" role="status">
            {finishing.status}
          </p>
        )}
        {finishing.exported}
        {finishing.error && (
          <p role="alert" className="inline-alert">
            {finishing.error.message}
          </p>
        )}
        {discardError && (
          <p role="alert" className="inline-alert">
            {discardError.message}
          </p>
        )}
      </div>
      <div className="take-actions">
        {playable && (
          <PlayButton
            playKey={playKey}
            name={name}
            make={async () => {
              if (song) return previewEntry(job, index, song.mediaUrl, name, song.coverUrl ?? null);
              const u = url ?? (await loadPreview(job.id, index));
              return u ? previewEntry(job, index, u, name) : null;
            }}
          />
        )}
        {items.length > 0 && <Menu label={`More for ${name}`} items={items} />}
      </div>
      {finishing.dialogs}
    </li>
  );
}
