/**
 * A collection's album details (issue 31, point 4): the album artist and which track's cover is
 * the album's. Both are kept in the `.m3u8` (#EXTART, #EXTIMG) and go into an album export.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { CollectionView } from '@shared/ipc/collections';
import type { LibraryItemView } from '@shared/ipc/library';
import { Select, TextField } from '../../components';
import { Modal } from '../../components/Modal';
import { useTranslation } from '../../i18n';
import { setCollectionAlbum } from './collections-store';

interface Props {
  collection: CollectionView;
  /** The collection's items, in order. */
  items: readonly LibraryItemView[];
  onClose(): void;
}

/** The value of "the first track with a cover" in the cover select. */
const FIRST = '';

export function CollectionAlbumDialog({ collection, items, onClose }: Props) {
  const { t } = useTranslation();
  const [artist, setArtist] = useState(collection.artist ?? '');
  const [cover, setCover] = useState(collection.coverItemId ?? FIRST);
  const first = useRef<HTMLInputElement>(null);
  const withCovers = items.filter((i) => i.coverUrl);
  const save = (e?: FormEvent) => {
    e?.preventDefault();
    void setCollectionAlbum(collection.id, {
      artist: artist.trim() || null,
      coverItemId: cover || null,
    }).then((c) => c && onClose());
  };
  return (
    <Modal
      title={t('library:collections.album.title', { name: collection.name })}
      initialFocusRef={first}
      onCancel={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common:cancel')}
          </button>
          <button type="submit" form="collection-album" className="button button-primary">
            {t('library:collections.album.save')}
          </button>
        </>
      }
    >
      <form id="collection-album" className="collection-album-form" onSubmit={save}>
        <TextField
          ref={first}
          label={t('library:collections.album.artist')}
          hint={t('library:collections.album.artistHint')}
          value={artist}
          maxLength={200}
          onChange={(e) => setArtist(e.currentTarget.value)}
        />
        <Select
          label={t('library:collections.album.cover')}
          value={cover}
          onChange={(e) => setCover(e.currentTarget.value)}
          options={[
            { value: FIRST, label: t('library:collections.album.coverFirst') },
            ...withCovers.map((i) => ({ value: i.id, label: i.title })),
          ]}
        />
      </form>
    </Modal>
  );
}
