/**
 * The Library list's keys, per platform and keyboard layout. Letters are read from `key` (what the
 * layout types: Ctrl+A is the key labelled A on QWERTY, QWERTZ and AZERTY alike), and from `code`
 * only when the layout types no Latin letter there (Cyrillic, Greek); JIS types Latin letters too.
 */
export type ListCommand = 'selectAll' | 'undo' | 'clear' | 'trash' | 'rename' | 'play' | null;

interface KeyLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The Latin letter a key event stands for (lower case), or null. */
export function letterOf(e: Pick<KeyLike, 'key' | 'code'>): string | null {
  if (/^[a-z]$/i.test(e.key)) return e.key.toLowerCase();
  const fromCode = /^Key([A-Z])$/.exec(e.code)?.[1];
  return fromCode && e.key.length === 1 ? fromCode.toLowerCase() : null;
}

export function listKey(e: KeyLike, mac: boolean): ListCommand {
  const mod = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
  if (mod && !e.altKey && !e.shiftKey) {
    const letter = letterOf(e);
    if (letter === 'a') return 'selectAll';
    if (letter === 'z') return 'undo';
    if (mac && e.key === 'Backspace') return 'trash';
    if (mac && (e.key === 'ArrowDown' || letter === 'o')) return 'play';
    return null;
  }
  if (!plain || e.shiftKey) return null;
  if (e.key === 'Escape') return 'clear';
  if (e.key === 'Delete') return 'trash';
  if (e.key === 'F2') return 'rename';
  if (e.key === 'Enter') return mac ? 'rename' : 'play';
  return null;
}
