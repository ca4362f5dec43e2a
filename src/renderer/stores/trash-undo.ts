/**
 * Move to the trash with Undo: main moves the items to a hidden folder of the library; the toast
 * offers Undo for about ten seconds (and Ctrl/Cmd+Z while no text field has the focus), then the
 * batch goes to the OS trash. One batch is undoable at a time: a new one closes the last one's
 * window.
 */
import { create } from 'zustand';
import type { AppErrorShape } from '@shared/errors';
import type { LibraryItemView } from '@shared/ipc/library';
import { call } from '../bridge';
import { takeName, takeNumbersOf } from '../lib/take-title';
import { useLibraryStore } from './library';

/** How long the toast offers Undo (main keeps the batch a little longer). */
export const UNDO_TOAST_MS = 10_000;

export interface TrashUndoState {
  /** The batch that Undo would put back, with what the toast says. */
  pending: { batchId: string; count: number; title: string | null } | null;
  /** The last Undo put back this many items (the toast says so), or null. */
  restored: number | null;
  error: AppErrorShape | null;
}

export const useTrashUndo = create<TrashUndoState>()(() => ({
  pending: null,
  restored: null,
  error: null,
}));

let timer: ReturnType<typeof setTimeout> | undefined;

const restoredListeners = new Set<(ids: readonly string[]) => void>();

/** Called with the ids an Undo put back (a panel that hid them shows them again). */
export function onTrashRestored(listener: (ids: readonly string[]) => void): () => void {
  restoredListeners.add(listener);
  return () => restoredListeners.delete(listener);
}

/** The undo window closed: the batch goes to the OS trash. */
function finish(): void {
  clearTimeout(timer);
  const pending = useTrashUndo.getState().pending;
  if (!pending) return;
  useTrashUndo.setState({ pending: null });
  void call((api) => api.library.finishTrash(pending.batchId));
}

/**
 * What the toast calls one trashed item: its name as the list shows it ("Harbour Lights · Take 2"
 * for a take), else the title the caller gave; null when neither is known.
 */
function shownName(
  id: string,
  given: ReadonlyArray<{ id: string; title: string }>,
  all: readonly LibraryItemView[],
): string | null {
  const item = all.find((i) => i.id === id);
  const title = item?.title || given.find((i) => i.id === id)?.title || null;
  const n = item ? takeNumbersOf(all).get(id) : undefined;
  return title && n ? takeName(title, n) : title;
}

/** Moves the items to the trash; answers the error to show, or null. */
export async function trashWithUndo(
  items: ReadonlyArray<{ id: string; title: string }>,
): Promise<AppErrorShape | null> {
  if (items.length === 0) return null;
  finish();
  // the list as it was: main's change event may take the items out before its answer arrives
  const before = useLibraryStore.getState().items ?? [];
  const r = await call((api) => api.library.trash(items.map((i) => i.id)));
  if (!r.ok) {
    useTrashUndo.setState({ error: r.error, restored: null });
    return r.error;
  }
  const count = r.value.itemIds.length;
  const title = count === 1 ? shownName(r.value.itemIds[0] ?? '', items, before) : null;
  useTrashUndo.setState({
    pending: { batchId: r.value.batchId, count, title },
    restored: null,
    error: null,
  });
  timer = setTimeout(finish, UNDO_TOAST_MS);
  return null;
}

/** Puts the last batch back (the toast's Undo, Ctrl/Cmd+Z); false when there is none. */
export function undoTrash(): boolean {
  const pending = useTrashUndo.getState().pending;
  if (!pending) return false;
  clearTimeout(timer);
  useTrashUndo.setState({ pending: null });
  void call((api) => api.library.undoTrash(pending.batchId)).then((r) => {
    useTrashUndo.setState(
      r.ok ? { restored: r.value.length, error: null } : { error: r.error, restored: null },
    );
    if (r.ok) for (const listener of restoredListeners) listener(r.value);
  });
  return true;
}

export const dismissTrashNotice = (): void =>
  useTrashUndo.setState({ restored: null, error: null });

export function resetTrashUndo(): void {
  clearTimeout(timer);
  useTrashUndo.setState({ pending: null, restored: null, error: null });
}
