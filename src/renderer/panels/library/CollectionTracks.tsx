/**
 * An open collection: its items in order, numbered as an album's tracks, reordered by dragging
 * (or Alt+↑/↓, or the Move buttons), each removable; play it, set its album details (artist,
 * cover), export it as an album (in its order, numbered, with its artist and cover), or delete the collection (the items stay in the library).
 */
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { ArrowDown, ArrowUp, GripVertical, Trash2, X } from 'lucide-react';
import type { CollectionView } from '@shared/ipc/collections';
import type { ExportResult } from '@shared/ipc/export';
import type { LibraryItemView } from '@shared/ipc/library';
import { Button } from '../../components';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDurationMs } from '../../lib/format';
import { takeName, takeNumbersOf } from '../../lib/take-title';
import { useLibraryStore } from '../../stores/library';
import { useTranslation } from '../../i18n';
import { playEntries, toQueueEntry } from '../../stores/player';
import { ExportDialog } from '../shared/ExportDialog';
import { CollectionAlbumDialog } from './CollectionAlbumDialog';
import {
  deleteCollection,
  openCollection,
  removeFromCollection,
  reorderCollection,
} from './collections-store';

interface Props {
  collection: CollectionView;
  byId: ReadonlyMap<string, LibraryItemView>;
  selectedId: string | null;
  onSelect(id: string): void;
  onExported(r: ExportResult): void;
}

const NO_ITEMS: readonly LibraryItemView[] = [];

const moved = (ids: readonly string[], from: number, to: number): string[] => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, id);
  return next;
};

export function CollectionTracks({ collection, byId, selectedId, onSelect, onExported }: Props) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [editingAlbum, setEditingAlbum] = useState(false);
  const items = collection.itemIds.flatMap((id) => byId.get(id) ?? []);
  // a take is named as in the list ("Harbour Lights · Take 2"): two takes of a song stay apart
  const takes = takeNumbersOf(useLibraryStore((s) => s.items) ?? NO_ITEMS);
  const nameOf = (item: LibraryItemView) => {
    const n = takes.get(item.id);
    return n ? takeName(item.title, n) : item.title;
  };
  const ids = items.map((i) => i.id);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    void reorderCollection(collection.id, moved(ids, from, to));
  };
  const onKey = (e: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const to = index + (e.key === 'ArrowUp' ? -1 : 1);
      move(index, to);
      const list = e.currentTarget.parentElement;
      requestAnimationFrame(() => (list?.children[to] as HTMLElement | undefined)?.focus());
    } else if (e.key === 'Enter') onSelect(ids[index]!);
  };
  return (
    <section className="collection-tracks" aria-labelledby="collection-name">
      <header className="collection-head">
        <div>
          <h2 className="card-title" id="collection-name" translate="no">
            {collection.name}
          </h2>
          <p className="small muted">
            {t('library:collections.tracks', { count: items.length })}
            {collection.artist ? (
              <>
                {' · '}
                <span translate="no">{collection.artist}</span>
              </>
            ) : null}
          </p>
        </div>
        <div className="collection-actions">
          <Button
            size="small"
            variant="primary"
            disabled={items.length === 0}
            onClick={() =>
              void playEntries(
                items.map((i) => toQueueEntry(i)),
                0,
              )
            }
          >
            {t('library:collections.play')}
          </Button>
          <Button size="small" onClick={() => setEditingAlbum(true)}>
            {t('library:collections.album.open')}
          </Button>
          <Button size="small" disabled={items.length === 0} onClick={() => setExporting(true)}>
            {t('library:collections.exportAlbum')}
          </Button>
          {/* an icon (its name and tooltip say it): the head's buttons keep to one row */}
          <Button
            size="small"
            variant="ghost"
            onClick={() => setConfirmDelete(true)}
            aria-label={t('library:collections.delete')}
            title={t('library:collections.delete')}
          >
            <Trash2 size={14} aria-hidden />
          </Button>
        </div>
      </header>
      {items.length === 0 ? (
        // a new collection says how songs get in: drag rows onto it (from All items) or the bar
        <div className="collection-empty">
          <p className="small muted">{t('library:collections.empty', { name: collection.name })}</p>
          <Button size="small" onClick={() => openCollection(null)}>
            {t('library:collections.showAll')}
          </Button>
        </div>
      ) : (
        <ol className="collection-list" aria-label={t('library:collections.orderAria')}>
          {items.map((item, index) => (
            <li
              key={item.id}
              className={`collection-track${item.id === selectedId ? ' collection-track-selected' : ''}${dragging === index ? ' collection-track-dragging' : ''}`}
              tabIndex={0}
              aria-current={item.id === selectedId ? 'true' : undefined}
              draggable
              data-testid="collection-track"
              onClick={() => onSelect(item.id)}
              onKeyDown={(e) => onKey(e, index)}
              onDragStart={(e: DragEvent) => {
                setDragging(index);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', item.id);
              }}
              onDragOver={(e) => {
                if (dragging !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) move(dragging, index);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
            >
              <GripVertical size={14} aria-hidden className="collection-grip" />
              <span className="collection-number small muted">{index + 1}</span>
              <span className="collection-title" translate="no">
                {nameOf(item)}
              </span>
              <span className="collection-duration small muted">
                {formatDurationMs(item.durationMs)}
              </span>
              <span className="collection-buttons">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('library:collections.moveUp', { title: nameOf(item) })}
                  disabled={index === 0}
                  onClick={(e) => {
                    e.stopPropagation();
                    move(index, index - 1);
                  }}
                >
                  <ArrowUp size={14} aria-hidden />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('library:collections.moveDown', { title: nameOf(item) })}
                  disabled={index === items.length - 1}
                  onClick={(e) => {
                    e.stopPropagation();
                    move(index, index + 1);
                  }}
                >
                  <ArrowDown size={14} aria-hidden />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('library:collections.remove', { title: nameOf(item) })}
                  onClick={(e) => {
                    e.stopPropagation();
                    void removeFromCollection(collection.id, [item.id]);
                  }}
                >
                  <X size={14} aria-hidden />
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {exporting && (
        <ExportDialog
          ids={ids}
          what={collection.name}
          collection={collection}
          onClose={() => setExporting(false)}
          onDone={(r) => {
            setExporting(false);
            onExported(r);
          }}
        />
      )}
      {editingAlbum && (
        <CollectionAlbumDialog
          collection={collection}
          items={items}
          onClose={() => setEditingAlbum(false)}
        />
      )}
      {confirmDelete && (
        <ConfirmDialog
          title={t('library:collections.deleteTitle', { name: collection.name })}
          confirmLabel={t('library:collections.delete')}
          onConfirm={() => {
            setConfirmDelete(false);
            void deleteCollection(collection.id);
          }}
          onCancel={() => setConfirmDelete(false)}
        >
          {t('library:collections.deleteBody')}
        </ConfirmDialog>
      )}
    </section>
  );
}
