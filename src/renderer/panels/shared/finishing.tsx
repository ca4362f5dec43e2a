import { useState, type ReactNode } from 'react';
import type { AppErrorShape } from '@shared/errors';
import type { LibraryKind } from '@shared/domain/library';
import type { LibrarySong } from '../../lib/library-views';
import type { MenuItem } from '../../components';
import { canTrim, useTrimDialog } from '../../player/region/use-trim';
import type { ExportResult } from '@shared/ipc/export';
import { ExportDialog, ExportedFiles } from './ExportDialog';
import { canMakeWholeSong, useWholeSong, wholeSongProgressText } from './whole-song';
import { Trans, t } from '../../i18n';

/** The library file of a song, from its `cadenza-media://library/…` address. */
export function libraryFileOf(mediaUrl: string): string {
  const at = mediaUrl.indexOf('://library/');
  return at < 0
    ? ''
    : mediaUrl
        .slice(at + '://library/'.length)
        .split('/')
        .map(decodeURIComponent)
        .join('/');
}

/** What the finishing tools need of a library item: a song, or a cover (its kind says which). */
export type FinishingSubject = Pick<
  LibrarySong,
  'itemId' | 'title' | 'mediaUrl' | 'durationMs' | 'coverUrl' | 'parentId'
> & { kind?: LibraryKind };

export interface FinishingActions {
  /** Menu items for the take's ⋯ menu (none while the take is not in the library). */
  items: MenuItem[];
  /** What a finishing action is doing or did ("Joining the parts… 40%", "Saved …"). */
  status: ReactNode;
  error: AppErrorShape | null;
  /** A finished export: its files and Show in folder (null when there is none to show). */
  exported: ReactNode;
  /** The dialogs they open; render them once in the take's card. */
  dialogs: ReactNode;
}

/**
 * The finishing tools of a saved take for its ⋯ menu, the same the Library offers: Whole song (an
 * extension joined to the song it continues), Trim and Export. Each makes or writes something new;
 * the take itself is only read.
 */
export function useFinishingActions(song: FinishingSubject | null): FinishingActions {
  const [status, setStatus] = useState<ReactNode>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const saved = (title: string) => {
    setStatus(
      <Trans
        i18nKey="songs:finishing.saved"
        values={{ title }}
        components={{ title: <span dir="auto" translate="no" /> }}
      />,
    );
  };
  const trim = useTrimDialog((item) => saved(item.title));
  const whole = useWholeSong((item) => saved(item.title));
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<ExportResult | null>(null);
  const exportDialog =
    song && exporting ? (
      <ExportDialog
        ids={[song.itemId]}
        what={t('songs:finishing.exportWhat', { title: song.title })}
        onClose={() => setExporting(false)}
        onDone={(r) => {
          setExporting(false);
          setExported(r);
        }}
      />
    ) : null;
  if (!song) return { items: [], status: null, error: null, exported: null, dialogs: trim.dialog };
  const file = libraryFileOf(song.mediaUrl);
  const kind = song.kind ?? 'song';
  const joining = whole.running?.itemId === song.itemId ? whole.running : null;
  const items: MenuItem[] = [
    {
      label: t('songs:finishing.whole'),
      hidden: !canMakeWholeSong({ kind, parentId: song.parentId, isWholeSong: false }),
      disabled: joining !== null,
      onSelect: () => {
        setStatus(null);
        setError(null);
        void whole.start(song.itemId);
      },
    },
    { label: t('songs:finishing.stop'), hidden: joining === null, onSelect: whole.stop },
    {
      label: t('songs:finishing.trim'),
      hidden: !canTrim({ file, kind }),
      onSelect: () =>
        trim.open({
          itemId: song.itemId,
          title: song.title,
          file,
          durationMs: song.durationMs,
          coverUrl: song.coverUrl ?? null,
        }),
    },
    {
      label: t('songs:finishing.export'),
      onSelect: () => {
        setStatus(null);
        setError(null);
        setExported(null);
        setExporting(true);
      },
    },
  ];
  return {
    items,
    status: joining ? wholeSongProgressText(joining.fraction) : (status ?? whole.stopped),
    error: error ?? whole.error,
    exported: exported && <ExportedFiles result={exported} onClose={() => setExported(null)} />,
    dialogs: (
      <>
        {trim.dialog}
        {exportDialog}
      </>
    ),
  };
}
