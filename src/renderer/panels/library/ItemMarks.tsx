import { useEffect, useState } from 'react';
import type { AppErrorShape } from '@shared/errors';
import type { LibraryItemView } from '@shared/ipc/library';
import { Button } from '../../components';
import { errorText, useTranslation } from '../../i18n';
import { keepStarredTakes, RatingControl, StarButton, undoTrash } from '../shared/marks';
import { addToCollection, loadCollections, useCollections } from './collections-store';

/** How long "Keep starred takes" offers Undo (main keeps the batch a little longer). */
const UNDO_MS = 10_000;

/** The details' star, rating, "Keep starred takes" and "Add to collection". */
export function ItemMarks({ item }: { item: LibraryItemView }) {
  const { t } = useTranslation();
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [trashed, setTrashed] = useState<{ batchId: string; count: number } | null>(null);
  const collections = useCollections((s) => s.list);
  useEffect(() => {
    if (collections === null) void loadCollections();
  }, [collections]);
  useEffect(() => {
    if (!trashed) return;
    const timer = setTimeout(() => setTrashed(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [trashed]);

  const keepStarred = async () => {
    setError(null);
    const r = await keepStarredTakes([item.id]);
    if (r && 'code' in r) setError(r);
    else if (r) setTrashed({ batchId: r.batchId, count: r.itemIds.length });
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
        {item.variationGroup && item.favourite && (
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
      {trashed && (
        <p role="status" className="small item-marks-notice">
          {t('library:marks.keptStarred', { count: trashed.count })}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() =>
              void undoTrash(trashed.batchId).then((r) => {
                setTrashed(null);
                if (!r.ok) setError(r.error);
              })
            }
          >
            {t('library:marks.undo')}
          </button>
        </p>
      )}
      {error && (
        <p role="alert" className="small library-error">
          {errorText(error)}
        </p>
      )}
    </div>
  );
}
