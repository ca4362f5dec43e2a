/**
 * Artist, album and genre of a selection (issue 31, point 2): what is typed is set on every item
 * (its sidecar at once, the list follows; the files Cadenza made are retagged in the background);
 * a field left empty stays as each item has it.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { AppErrorShape } from '@shared/errors';
import type { TagEdit } from '@shared/ipc/collections';
import { TextField } from '../../components';
import { Modal } from '../../components/Modal';
import { call } from '../../bridge';
import { errorText, useTranslation } from '../../i18n';

interface Props {
  ids: readonly string[];
  /**
   * One item's own values (the details pane): the fields start with them, and a field emptied
   * clears its value; without, an empty field leaves each item's as it is.
   */
  initial?: { artist?: string | null; album?: string | null; genre?: string | null };
  onClose(): void;
}

export function BulkTagsDialog({ ids, initial, onClose }: Props) {
  const { t } = useTranslation();
  const [artist, setArtist] = useState(initial?.artist ?? '');
  const [album, setAlbum] = useState(initial?.album ?? '');
  const [genre, setGenre] = useState(initial?.genre ?? '');
  const [error, setError] = useState<AppErrorShape | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const save = (e?: FormEvent) => {
    e?.preventDefault();
    const edit: TagEdit = {};
    const typed = { artist, album, genre };
    for (const k of ['artist', 'album', 'genre'] as const) {
      const v = typed[k].trim();
      if (!initial) {
        if (v) edit[k] = v;
      } else if (v !== (initial[k] ?? '')) edit[k] = v || null;
    }
    if (Object.keys(edit).length === 0) return onClose();
    void call((api) => api.collections.editTags([...ids], edit)).then((r) =>
      r.ok ? onClose() : setError(r.error),
    );
  };
  return (
    <Modal
      title={t('library:bulkTags.title', { count: ids.length })}
      initialFocusRef={first}
      onCancel={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button type="submit" form="bulk-tags" className="button button-primary">
            {t('library:bulkTags.save')}
          </button>
        </>
      }
    >
      <form id="bulk-tags" className="collection-album-form" onSubmit={save}>
        <p className="small muted">{t('library:bulkTags.hint')}</p>
        <TextField
          ref={first}
          label={t('library:bulkTags.artist')}
          value={artist}
          maxLength={200}
          onChange={(e) => setArtist(e.currentTarget.value)}
        />
        <TextField
          label={t('library:bulkTags.album')}
          value={album}
          maxLength={200}
          onChange={(e) => setAlbum(e.currentTarget.value)}
        />
        <TextField
          label={t('library:bulkTags.genre')}
          value={genre}
          maxLength={200}
          onChange={(e) => setGenre(e.currentTarget.value)}
        />
        {error && (
          <p role="alert" className="small library-error">
            {errorText(error)}
          </p>
        )}
      </form>
    </Modal>
  );
}
