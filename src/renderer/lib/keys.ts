/** Who owns a key: a text field keeps its own keys (shared by the app shell and the panels). */

/** Whether the key event's target edits text (a text field keeps its own Undo and Select All). */
export function editsText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'range', 'color', 'file'].includes(target.type);
}
