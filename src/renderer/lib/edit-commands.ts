/**
 * Edit › Undo and Edit › Select All of the application menu (main sends `menuEdit` to the focused
 * window). A text field keeps its own: the browser's editing command runs there, as the menu's
 * roles did. Elsewhere the part of the window that registered a handler acts (the Library list
 * selects its rows, Undo puts the last trashed items back); Select All with no taker selects the
 * page's text, as the role did. The keyboard's Ctrl/Cmd+Z and +A reach the same places through
 * the page's own key handlers first (a handled key never reaches the menu).
 */
import { editsText } from './keys';

export type EditCommand = 'undo' | 'selectAll';

/** Acts on the command for the focused element; true when it did (nothing else runs then). */
export type EditHandler = (command: EditCommand, focused: Element | null) => boolean;

const handlers: EditHandler[] = [];

/** Registers a handler (the newest is asked first); answers the unregister function. */
export function onEditCommand(handler: EditHandler): () => void {
  handlers.push(handler);
  return () => {
    const at = handlers.indexOf(handler);
    if (at >= 0) handlers.splice(at, 1);
  };
}

/** Runs a menu's edit command where the focus is. */
export function runEditCommand(command: EditCommand): void {
  const focused = document.activeElement;
  if (editsText(focused)) {
    if (command === 'selectAll' && 'select' in focused! && typeof focused.select === 'function')
      (focused as HTMLInputElement).select();
    else execCommand(command);
    return;
  }
  for (const handler of [...handlers].reverse()) if (handler(command, focused)) return;
  if (command === 'selectAll') execCommand('selectAll');
}

function execCommand(command: EditCommand): void {
  // the editing commands Chromium runs for its own Edit menu (absent in test DOMs)
  if (typeof document.execCommand === 'function') document.execCommand(command);
}
