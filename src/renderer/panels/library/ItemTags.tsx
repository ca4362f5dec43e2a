/**
 * One item's artist, album and genre in the details pane (issue 31, point 2): shown when set, and
 * edited here for this item alone (its sidecar at once, its file's tags in the background), the
 * same dialog as a selection's with the item's own values filled in.
 */
import { useState } from 'react';
import { Tags } from 'lucide-react';
import type { LibraryItemView } from '@shared/ipc/library';
import { useTranslation } from '../../i18n';
import { BulkTagsDialog } from './BulkTagsDialog';

export function ItemTags({ item }: { item: LibraryItemView }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const shown = [item.artist, item.album, item.genre].filter((v): v is string => !!v);
  return (
    <div className="library-details-tags small">
      {shown.length > 0 && <span className="muted">{shown.join(' · ')}</span>}
      <button type="button" className="button button-small" onClick={() => setEditing(true)}>
        <Tags size={14} aria-hidden /> {t('library:selection.editTags')}
      </button>
      {editing && (
        <BulkTagsDialog
          ids={[item.id]}
          initial={{ artist: item.artist, album: item.album, genre: item.genre }}
          onClose={() => setEditing(false)}
        />
      )}
    </div>
  );
}
