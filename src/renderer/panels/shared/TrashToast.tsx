import { useEffect } from 'react';
import { errorText, useTranslation } from '../../i18n';
import { onEditCommand } from '../../lib/edit-commands';
import { editsText, isUndoKey } from '../../lib/keys';
import { isMac } from '../../lib/platform';
import { dismissTrashNotice, undoTrash, useTrashUndo } from '../../stores/trash-undo';
import './trash-toast.css';

/**
 * Ctrl/Cmd+Z and Edit › Undo put the last trashed items back wherever the toast is shown (the
 * Library, and Songs after a take's Delete) while no text field has the focus: a text field
 * keeps its own Undo (lib/edit-commands.ts).
 */
function useUndoKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isUndoKey(e, isMac()) || editsText(e.target)) return;
      if (undoTrash()) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    const off = onEditCommand((command) => command === 'undo' && undoTrash());
    return () => {
      window.removeEventListener('keydown', onKey);
      off();
    };
  }, []);
}

/** The toast after a move to the trash: what went, and Undo; then what Undo put back. */
export function TrashToast() {
  const { t } = useTranslation();
  const { pending, restored, error } = useTrashUndo();
  useUndoKeys();
  // "Put back" and errors leave on their own after a while too
  useEffect(() => {
    if (restored === null && !error) return;
    const id = setTimeout(dismissTrashNotice, 8000);
    return () => clearTimeout(id);
  }, [restored, error]);
  if (!pending && restored === null && !error) return null;
  return (
    <div className="library-toast" role={error ? 'alert' : 'status'} aria-live="polite">
      {pending ? (
        <>
          <span>
            {pending.title
              ? t('library:undo.trashedOne', { title: pending.title })
              : t('library:undo.trashed', { count: pending.count })}
          </span>
          <button type="button" className="button button-small" onClick={() => undoTrash()}>
            {t('library:undo.action')}
          </button>
        </>
      ) : error ? (
        <span>{errorText(error)}</span>
      ) : (
        <span>{t('library:undo.restored', { count: restored ?? 0 })}</span>
      )}
    </div>
  );
}
