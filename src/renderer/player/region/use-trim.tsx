/**
 * The Trim action for any panel: `const trim = useTrimDialog(onSaved)`, then a menu item or button
 * calls `trim.open({ itemId, title, file, durationMs })` and the panel renders `{trim.dialog}`.
 * The Library's details use it; the Songs take ⋯ menu can too.
 */
import { useState, type ReactNode } from 'react';
import type { LibraryItemView } from '@shared/ipc/library';
import { TrimDialog, type TrimSubject } from './TrimDialog';

export type { TrimSubject } from './TrimDialog';

export interface TrimDialogHandle {
  open(subject: TrimSubject): void;
  /** The dialog while open (render it anywhere: it is portalled to the document). */
  dialog: ReactNode;
}

export function useTrimDialog(onSaved?: (item: LibraryItemView) => void): TrimDialogHandle {
  const [subject, setSubject] = useState<TrimSubject | null>(null);
  return {
    open: setSubject,
    dialog: subject ? (
      <TrimDialog
        key={subject.itemId}
        subject={subject}
        onClose={() => setSubject(null)}
        onSaved={onSaved}
      />
    ) : null,
  };
}

/** Trimming needs decoded audio: the formats main decodes (not AAC, not video). */
export const canTrim = (item: { file: string; kind: string }): boolean =>
  !item.kind.endsWith('video') && /\.(mp3|wav|flac)$/i.test(item.file);
