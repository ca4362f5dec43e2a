/**
 * Undo and Select All for the Library list, from the keyboard and from the application menu's
 * Edit items (lib/edit-commands.ts): Ctrl/Cmd+Z and Edit › Undo put the last trashed items back
 * while no text field has the focus; Edit › Select All selects every row shown while the list has
 * the focus (its own Ctrl/Cmd+A is the list's key handler). A text field keeps its own.
 */
import { useEffect, useRef } from 'react';
import { editsText } from '../../lib/keys';
import { onEditCommand } from '../../lib/edit-commands';
import { isMac } from '../../lib/platform';
import { listKey } from './keys';
import { undoTrash } from '../../stores/trash-undo';

/** The list's element (the listbox the rows are in). */
export const LIST_SELECTOR = '.library-list';

export function useListEdits(selectAll: () => void): void {
  const latest = useRef(selectAll);
  useEffect(() => {
    latest.current = selectAll;
  }, [selectAll]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (listKey(e, isMac()) !== 'undo' || editsText(e.target)) return;
      if (undoTrash()) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    const off = onEditCommand((command, focused) => {
      if (command === 'undo') return undoTrash();
      if (!focused?.closest(LIST_SELECTOR)) return false;
      latest.current();
      return true;
    });
    return () => {
      window.removeEventListener('keydown', onKey);
      off();
    };
  }, []);
}
