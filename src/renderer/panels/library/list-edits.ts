/**
 * Select All for the Library list from the application menu's Edit item (lib/edit-commands.ts):
 * Edit › Select All selects every row shown while the list has the focus (its own Ctrl/Cmd+A is
 * the list's key handler). A text field keeps its own. Undo (Ctrl/Cmd+Z, Edit › Undo) is the
 * trash toast's, in the Library and Songs alike (shared/TrashToast.tsx).
 */
import { useEffect, useRef } from 'react';
import { onEditCommand } from '../../lib/edit-commands';

/** The list's element (the listbox the rows are in). */
export const LIST_SELECTOR = '.library-list';

export function useListEdits(selectAll: () => void): void {
  const latest = useRef(selectAll);
  useEffect(() => {
    latest.current = selectAll;
  }, [selectAll]);
  useEffect(() => {
    const off = onEditCommand((command, focused) => {
      if (command !== 'selectAll' || !focused?.closest(LIST_SELECTOR)) return false;
      latest.current();
      return true;
    });
    return off;
  }, []);
}
