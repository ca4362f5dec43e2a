import { useEffect, useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import type { LibraryItemView } from '@shared/ipc/library';
import { Button } from '../../components';
import { errorText, useTranslation } from '../../i18n';
import { useLibraryStore } from '../../stores/library';
import { keepStarredTakes, RatingControl, StarButton, starredGroupsOf } from '../shared/marks';
import { addToCollection, loadCollections, useCollections } from './collections-store';

/** The details' star, rating, "Keep starred takes" and "Add to collection". */
export function ItemMarks({ item }: { item: LibraryItemView }) {
  const { t } = useTranslation();
  const [error, setError] = useState<AppErrorShape | null>(null);
  const collections = useCollections((s) => s.list);
  useEffect(() => {
    if (collections === null) void loadCollections();
  }, [collections]);
  // offered on every take of a song with a starred take, not only on the starred one
  const group = item.variationGroup;
  const hasStarred = useLibraryStore((s) => !!group && starredGroupsOf(s.items).has(group));
  const keepStarred = async () => {
    setError(null);
    setError(await keepStarredTakes([item.id]));
  };
  return (
    <div className="item-marks">
      {/* two controls, apart: the favourite (a labelled toggle) and the 1–5 rating (labelled) */}
      <div className="item-marks-row">
        <StarButton
          id={item.id}
          title={item.title}
          starred={item.favourite === true}
          onError={setError}
          withLabel
        />
        <span className="item-marks-divider" aria-hidden />
        <span className="item-marks-rating">
          <span className="small muted" aria-hidden>
            {t('library:marks.rating')}
          </span>
          <RatingControl
            id={item.id}
            title={item.title}
            rating={item.rating ?? null}
            onError={setError}
          />
        </span>
      </div>
      <div className="item-marks-row">
        {hasStarred && (
          <Button size="small" onClick={() => void keepStarred()}>
            {t('library:marks.keepStarred')}
          </Button>
        )}
        {collections && collections.length > 0 && (
          <select
            className="input select item-marks-collect"
            aria-label={t('library:collections.addTo')}
            value=""
            onChange={(e) => {
              const id = e.currentTarget.value;
              if (id) void addToCollection(id, [item.id]);
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
      </div>
      {error && (
        <p role="alert" className="small library-error">
          {errorText(error)}
        </p>
      )}
    </div>
  );
}
