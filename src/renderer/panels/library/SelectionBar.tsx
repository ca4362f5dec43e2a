import { useEffect, useState } from 'react';
import { ListPlus, Play, Star, StarCheck, Tags, Trash2, Upload, X } from 'lucide-react';
import type { AppErrorShape } from '@shared/errors';
import type { LibraryItemView } from '@shared/ipc/library';
import { useTranslation } from '../../i18n';
import { useLibraryStore } from '../../stores/library';
import { keepStarredTakes, markItems, starredGroupsOf } from '../shared/marks';
import { BulkTagsDialog } from './BulkTagsDialog';
import { addToCollection, loadCollections, useCollections } from './collections-store';

interface SelectionBarProps {
  /** The selected items, in the list's order. */
  items: readonly LibraryItemView[];
  onPlay(): void;
  onQueue(): void;
  onExport(): void;
  onTrash(): void;
  onClear(): void;
  onError(error: AppErrorShape | null): void;
}

/**
 * A button's words: shown where the bar has room; in a narrow bar only the icon shows and the words
 * stay the button's accessible name (the bar's container query hides them visually).
 */
const Label = ({ text }: { text: string }) => (
  <span className="library-selection-label">{text}</span>
);

/** The value of the rating select that clears the ratings. */
const NO_RATING = 'none';

/**
 * What a selection of two or more rows can do: its count and the bulk actions — play, queue,
 * star, rate, add to a collection, artist/album/genre, export, keep the starred takes, trash.
 */
export function SelectionBar({
  items,
  onPlay,
  onQueue,
  onExport,
  onTrash,
  onClear,
  onError,
}: SelectionBarProps) {
  const { t } = useTranslation();
  const collections = useCollections((s) => s.list);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (collections === null) void loadCollections();
  }, [collections]);
  const ids = items.slice(0, 10_000).map((i) => i.id);
  const allStarred = items.every((i) => i.favourite === true);
  const mark = (marks: Parameters<typeof markItems>[1]) =>
    void markItems(ids, marks).then((r) => onError(r.ok ? null : r.error));
  // offered when a selected item is a take of a song with a starred take (starred or not)
  const starredGroups = useLibraryStore((s) => starredGroupsOf(s.items));
  const withTakes = items.some((i) => i.variationGroup && starredGroups.has(i.variationGroup));
  const keepStarred = async () => onError(await keepStarredTakes(ids));
  return (
    <div className="library-selection-bar" role="toolbar" aria-label={t('library:selection.aria')}>
      <span className="library-selection-count" role="status" aria-live="polite">
        {t('library:selection.count', { count: items.length })}
      </span>
      <button
        type="button"
        className="button button-small"
        onClick={onPlay}
        title={t('library:selection.play')}
      >
        <Play size={14} aria-hidden /> <Label text={t('library:selection.play')} />
      </button>
      <button
        type="button"
        className="button button-small"
        onClick={onQueue}
        title={t('library:selection.queue')}
      >
        <ListPlus size={14} aria-hidden /> <Label text={t('library:selection.queue')} />
      </button>
      <button
        type="button"
        className="button button-small"
        aria-pressed={allStarred}
        onClick={() => mark({ favourite: !allStarred })}
        title={t(allStarred ? 'library:selection.unstar' : 'library:selection.star')}
      >
        <Star size={14} aria-hidden fill={allStarred ? 'currentColor' : 'none'} />{' '}
        <Label text={t(allStarred ? 'library:selection.unstar' : 'library:selection.star')} />
      </button>
      <select
        className="input select library-selection-select"
        aria-label={t('library:selection.rate')}
        value=""
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (v) mark({ rating: v === NO_RATING ? null : Number(v) });
        }}
      >
        <option value="">{t('library:selection.rate')}</option>
        {[5, 4, 3, 2, 1].map((n) => (
          <option key={n} value={String(n)}>
            {t('library:marks.stars', { count: n })}
          </option>
        ))}
        <option value={NO_RATING}>{t('library:selection.noRating')}</option>
      </select>
      {collections && collections.length > 0 && (
        <select
          className="input select library-selection-select"
          aria-label={t('library:collections.addTo')}
          value=""
          onChange={(e) => {
            const id = e.currentTarget.value;
            if (id) void addToCollection(id, ids);
          }}
        >
          <option value="">{t('library:collections.addTo')}</option>
          {collections.map((c) => (
            <option key={c.id} value={c.id} translate="no">
              {c.name}
            </option>
          ))}
        </select>
      )}
      <button
        type="button"
        className="button button-small"
        onClick={() => setEditing(true)}
        title={t('library:selection.editTags')}
      >
        <Tags size={14} aria-hidden /> <Label text={t('library:selection.editTags')} />
      </button>
      <button
        type="button"
        className="button button-small"
        onClick={onExport}
        title={t('library:selection.export')}
      >
        <Upload size={14} aria-hidden /> <Label text={t('library:selection.export')} />
      </button>
      {withTakes && (
        <button
          type="button"
          className="button button-small"
          onClick={() => void keepStarred()}
          title={t('library:marks.keepStarred')}
        >
          <StarCheck size={14} aria-hidden /> <Label text={t('library:marks.keepStarred')} />
        </button>
      )}
      <button
        type="button"
        className="button button-small button-danger"
        onClick={onTrash}
        title={t('library:selection.trash')}
      >
        <Trash2 size={14} aria-hidden /> <Label text={t('library:selection.trash')} />
      </button>
      <button
        type="button"
        className="button button-small button-ghost library-selection-clear"
        onClick={onClear}
        aria-label={t('library:selection.clear')}
        title={t('library:selection.clear')}
      >
        <X size={14} aria-hidden />
      </button>
      {editing && <BulkTagsDialog ids={ids} onClose={() => setEditing(false)} />}
    </div>
  );
}
