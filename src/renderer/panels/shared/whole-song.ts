/**
 * Finishing actions on library items that other panels can offer too (the Songs take menu):
 *
 *   const whole = useWholeSong((saved) => …);
 *   canMakeWholeSong(item) && <button onClick={() => void whole.start(item.id)}>Whole song</button>
 *   whole.running?.fraction   // 0..1 while main renders it
 *   whole.stop()              // stops it: nothing is saved (whole.stopped says so)
 *
 * "Whole song" joins an extension (and the extensions before it) to its song in main's worker and
 * saves the result as a new item; the original items are not changed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import type { LibraryItemView } from '@shared/ipc/library';
import type { Result } from '@shared/result';
import { bridge, call } from '../../bridge';
import { currentLanguage, errorText, formattersFor, t } from '../../i18n';

/** An extension of a song in the library (so there is a whole song to make). */
export const canMakeWholeSong = (
  item: Pick<LibraryItemView, 'kind' | 'parentId' | 'isWholeSong'>,
): boolean => item.kind === 'song' && item.parentId !== null && !item.isWholeSong;

export interface WholeSongState {
  /** The render under way (one at a time from this hook), with how far it has come. */
  running: { itemId: string; fraction: number } | null;
  error: AppErrorShape | null;
  /** What to say after a render was stopped (nothing was saved), until the next start. */
  stopped: string | null;
  start(itemId: string): Promise<Result<LibraryItemView>>;
  /** Stops the render under way; its call then answers `cancelled`. */
  stop(): void;
}

export function useWholeSong(onSaved?: (item: LibraryItemView) => void): WholeSongState {
  const [running, setRunning] = useState<WholeSongState['running']>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [stopped, setStopped] = useState<string | null>(null);
  const saved = useRef(onSaved);
  useEffect(() => {
    saved.current = onSaved;
  }, [onSaved]);

  useEffect(
    () =>
      bridge().on.wholeSongProgress((p) =>
        setRunning((r) => (r && r.itemId === p.itemId ? { ...r, fraction: p.fraction } : r)),
      ),
    [],
  );

  const start = useCallback(async (itemId: string) => {
    setError(null);
    setStopped(null);
    setRunning({ itemId, fraction: 0 });
    const r = await call((api) => api.edit.wholeSong(itemId));
    setRunning(null);
    if (r.ok) saved.current?.(r.value);
    else if (r.error.code === 'cancelled') setStopped(errorText(r.error));
    else setError(r.error);
    return r;
  }, []);

  const itemId = running?.itemId;
  const stop = useCallback(() => {
    if (itemId) void call((api) => api.edit.cancel(itemId));
  }, [itemId]);

  return { running, error, stopped, start, stop };
}

/** "Joining… 40%" for a render under way. */
export const wholeSongProgressText = (fraction: number): string =>
  t('edit:wholeSong.progress', { percent: formattersFor(currentLanguage()).percent(fraction) });
