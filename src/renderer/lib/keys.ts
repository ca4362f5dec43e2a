/** Who owns a key: a text field keeps its own keys (shared by the app shell and the panels). */

/** Whether the key event's target edits text (a text field keeps its own Undo and Select All). */
export function editsText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'range', 'color', 'file'].includes(target.type);
}

/**
 * Ctrl+Z (Cmd+Z on macOS) on any layout: the letter the layout types (QWERTZ and AZERTY put Z
 * elsewhere), or the key's position where the layout types no Latin letter (Cyrillic, Greek).
 */
export function isUndoKey(
  e: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
  mac: boolean,
): boolean {
  const mod = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  if (!mod || e.altKey || e.shiftKey) return false;
  if (/^[a-z]$/i.test(e.key)) return e.key.toLowerCase() === 'z';
  return e.code === 'KeyZ' && e.key.length === 1;
}
