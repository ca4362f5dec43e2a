/**
 * Favourites and ratings (issue 31, point 3): the star on rows and take cards, the 1–5 rating in
 * the details, and "Keep starred takes". Main keeps them in the sidecar (and the file's rating
 * frame); the list follows through the library's change event.
 */
import { Star } from 'lucide-react';
import type { AppErrorShape } from '@shared/errors';
import type { Marks } from '@shared/ipc/collections';
import type { Result } from '@shared/result';
import { call } from '../../bridge';
import { useTranslation } from '../../i18n';
import './marks.css';

export const markItems = (ids: string[], marks: Marks): Promise<Result<null>> =>
  call((api) => api.collections.mark(ids, marks));

/**
 * "Keep starred takes": the other takes of the songs `ids` belong to (those not starred) go to
 * the trash with Undo (library:trash). Answers the batch to undo, or null when nothing went.
 */
export async function keepStarredTakes(
  ids: string[],
): Promise<{ batchId: string; itemIds: string[] } | null | AppErrorShape> {
  const others = await call((api) => api.collections.unstarredTakes(ids));
  if (!others.ok) return others.error;
  if (others.value.length === 0) return null;
  const trashed = await call((api) => api.library.trash(others.value));
  return trashed.ok ? trashed.value : trashed.error;
}

export const undoTrash = (batchId: string): Promise<Result<string[]>> =>
  call((api) => api.library.undoTrash(batchId));

interface StarButtonProps {
  id: string;
  title: string;
  starred: boolean;
  onError?(error: AppErrorShape): void;
  className?: string;
  /** Shows the word beside the star (the details: a toggle of its own, apart from the rating). */
  withLabel?: boolean;
}

/** A toggle star: pressed when the item is a favourite. */
export function StarButton({ id, title, starred, onError, className, withLabel }: StarButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`star-button${starred ? ' star-button-on' : ''}${withLabel ? ' star-button-labelled' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={starred}
      aria-label={t('library:marks.starAria', { title })}
      title={t(starred ? 'library:marks.unstar' : 'library:marks.star')}
      onClick={(e) => {
        e.stopPropagation();
        void markItems([id], { favourite: !starred }).then((r) => {
          if (!r.ok) onError?.(r.error);
        });
      }}
      onDoubleClick={(e) => e.stopPropagation()}
    >
      <Star size={16} aria-hidden fill={starred ? 'currentColor' : 'none'} />
      {withLabel && <span>{t('library:marks.star')}</span>}
    </button>
  );
}

/**
 * A row's star: the mouse toggles it; it stays out of the tab order and the accessibility tree
 * (a list option holds no controls) — the details' star button is the keyboard's.
 */
export function RowStar({ id, starred, onError }: Omit<StarButtonProps, 'title' | 'className'>) {
  const { t } = useTranslation();
  return (
    <span
      className={`row-star${starred ? ' row-star-on' : ''}`}
      aria-hidden
      title={t(starred ? 'library:marks.unstar' : 'library:marks.star')}
      data-testid="row-star"
      data-starred={starred}
      onClick={(e) => {
        e.stopPropagation();
        void markItems([id], { favourite: !starred }).then((r) => {
          if (!r.ok) onError?.(r.error);
        });
      }}
      onDoubleClick={(e) => e.stopPropagation()}
    >
      <Star size={14} fill={starred ? 'currentColor' : 'none'} />
    </span>
  );
}

interface RatingProps {
  id: string;
  title: string;
  rating: number | null;
  onError?(error: AppErrorShape): void;
}

/** Five stars as a radio group; choosing the current rating again clears it. */
export function RatingControl({ id, title, rating, onError }: RatingProps) {
  const { t } = useTranslation();
  const set = (r: number | null) =>
    void markItems([id], { rating: r }).then((x) => {
      if (!x.ok) onError?.(x.error);
    });
  return (
    <div
      className="rating-control"
      role="radiogroup"
      aria-label={t('library:marks.ratingAria', { title })}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={rating === n}
          aria-label={t('library:marks.stars', { count: n })}
          className={`rating-star${rating !== null && n <= rating ? ' rating-star-on' : ''}`}
          onClick={() => set(rating === n ? null : n)}
          onKeyDown={(e) => {
            const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[e.key];
            if (!step) return;
            e.preventDefault();
            const next = Math.min(5, Math.max(1, (rating ?? 0) + step));
            set(next);
            const group = e.currentTarget.parentElement;
            (group?.children[next - 1] as HTMLElement | undefined)?.focus();
          }}
          tabIndex={(rating ?? 1) === n ? 0 : -1}
        >
          <Star
            size={16}
            aria-hidden
            fill={rating !== null && n <= rating ? 'currentColor' : 'none'}
          />
        </button>
      ))}
    </div>
  );
}
