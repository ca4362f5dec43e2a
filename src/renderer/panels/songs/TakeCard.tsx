import { useEffect, useRef } from 'react';
import type { JobView } from '@shared/ipc/jobs';
import { Artwork, Menu, type MenuItem } from '../../components';
import { formatLength } from '../../lib/format';
import { PlayButton } from '../../player/PlayButton';
import { selectLibrarySongs, showInLibrary, useLibraryStore } from '../../stores/library';
import {
  announceLength,
  pause,
  positionOf,
  selectCurrent,
  switchTo,
  usePlayerStore,
} from '../../stores/player';
import {
  discardVariation,
  loadPreview,
  openExtend,
  reuseSongSettings,
  useSongsStore,
} from '../../stores/songs';
import { useFinishingActions } from '../shared/finishing';
import { markItems } from '../shared/marks';
import { previewEntry, previewKey } from './take-entries';
import { errorText, reasonText, useTranslation } from '../../i18n';
import { baseTitle, takeName } from '../../lib/take-title';

const STATUS_TEXT: Record<JobView['outputs'][number]['status'], string> = {
  queued: 'songs:take.status.queued',
  streaming: 'songs:take.status.streaming',
  complete: 'songs:take.status.complete',
  saved: 'songs:take.status.saved',
  failed: 'songs:take.status.failed',
};

/** A take's title without the service's own mark ("(Take 2)" on the second in description mode). */
export const takeTitle = (title: string, fallback: string): string =>
  baseTitle(title || fallback, fallback);

/**
 * One take of a submission: artwork, title, what it is doing, play (while it streams, then from the
 * library), and a ⋯ menu of what can be done with it once it is in the library.
 */
export function TakeCard({ job, index }: { job: JobView; index: number }) {
  const { t } = useTranslation();
  const o = job.outputs[index]!;
  const key = `${job.id}:${index}`;
  const url = useSongsStore((s) => s.previews[key]);
  const error = useSongsStore((s) => s.previewErrors[key]);
  const song = useLibraryStore((s) =>
    o.libraryItemId ? selectLibrarySongs(s)?.find((x) => x.itemId === o.libraryItemId) : undefined,
  );
  // the star is the library's (the sidecar keeps it), not this session's
  const starred = useLibraryStore(
    (s) => !!o.libraryItemId && s.items?.find((i) => i.id === o.libraryItemId)?.favourite === true,
  );
  const trashed = useSongsStore((s) => !!o.libraryItemId && !!s.trashed[o.libraryItemId]);
  const discardError = useSongsStore((s) =>
    o.libraryItemId ? s.discardErrors[o.libraryItemId] : undefined,
  );
  const finishing = useFinishingActions(song ?? null);
  const title = takeTitle(song?.title ?? o.title, job.label);
  const name = takeName(title, index + 1);
  const playable =
    !trashed && (o.status === 'streaming' || o.status === 'complete' || o.status === 'saved');
  const playKey = previewKey(job.id, index);

  // Once saved, a playing preview goes on from the library file at the same position.
  const savedRef = useRef(o.status === 'saved');
  useEffect(() => {
    if (o.status === 'saved' && !savedRef.current && url)
      void loadPreview(job.id, index).then((saved) => {
        if (saved && positionOf(previewKey(job.id, index)) !== null)
          void switchTo(previewEntry(job, index, saved, title));
      });
    savedRef.current = o.status === 'saved';
  }, [o.status, url, job, index, title]);

  // the service's length of a take still streaming stands in for the stream's unknown end
  const announcedMs = o.durationMs;
  const liveHere = usePlayerStore((s) => s.live && selectCurrent(s)?.key === playKey);
  useEffect(() => {
    if (liveHere && announcedMs) announceLength(playKey, announcedMs / 1000);
  }, [liveHere, announcedMs, playKey]);

  // a take moved to the trash offers nothing more, even before the library's change arrives
  const items: MenuItem[] =
    song && !trashed
      ? [
          {
            label: t('songs:take.menu.extend'),
            onSelect: () => openExtend(song.itemId),
            hidden: !song.songId || !song.durationMs,
          },
          ...finishing.items,
          {
            label: t('songs:take.menu.reuse'),
            onSelect: () => void reuseSongSettings(song.itemId, song.title),
            hidden: !song.prompt?.trim(),
          },
          {
            label: t(starred ? 'library:marks.unstar' : 'library:marks.star'),
            onSelect: () => void markItems([song.itemId], { favourite: !starred }),
          },
          {
            label: t('songs:take.menu.delete'),
            danger: true,
            onSelect: () => {
              if (positionOf(playKey) !== null || positionOf(song.itemId) !== null) pause();
              void discardVariation(song.itemId);
            },
          },
          { label: t('songs:take.menu.show'), onSelect: () => showInLibrary(song.itemId) },
        ]
      : [];

  const durationMs = song?.durationMs ?? o.durationMs;
  const status = t(trashed ? 'songs:take.status.trashed' : STATUS_TEXT[o.status]);
  return (
    <li
      className={`take-card${trashed ? ' take-card-gone' : ''}`}
      aria-label={name}
      data-testid="take"
    >
      <Artwork src={trashed ? null : song?.coverUrl} seed={title} size={56} />
      <div className="take-main">
        <p className="take-title" title={title} translate="no">
          {title}
        </p>
        <p className="take-meta muted small" data-testid="take-status">
          <span className="take-badge">{t('songs:take.badge', { n: index + 1 })}</span>
          {starred && <span className="take-badge take-badge-kept">{t('songs:take.starred')}</span>}
          <span>
            {status}
            {durationMs && !trashed ? ` · ${formatLength(durationMs / 1000)}` : ''}
          </span>
        </p>
        {/* one message per failure: a take's reason is said here only when the card has not */}
        {o.status === 'failed' && o.failReason && !job.error?.message.includes(o.failReason) && (
          <p role="alert" className="inline-alert">
            {reasonText(o)}
          </p>
        )}
        {error && (
          <p role="alert" className="inline-alert">
            {errorText(error)}
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
            {errorText(finishing.error)}
          </p>
        )}
        {discardError && (
          <p role="alert" className="inline-alert">
            {errorText(discardError)}
          </p>
        )}
      </div>
      <div className="take-actions">
        {playable && (
          <PlayButton
            playKey={playKey}
            name={name}
            make={async () => {
              if (song)
                return previewEntry(job, index, song.mediaUrl, title, song.coverUrl ?? null);
              const u = url ?? (await loadPreview(job.id, index));
              return u ? previewEntry(job, index, u, title) : null;
            }}
          />
        )}
        {items.length > 0 && <Menu label={t('songs:take.more', { name })} items={items} />}
      </div>
      {finishing.dialogs}
    </li>
  );
}
