/**
 * Favourites and ratings (issue 31, point 3): the star on rows and take cards, the 1–5 rating in
 * the details, and "Keep starred takes". Main keeps them in the sidecar (and the file's rating
 * frame); the list follows through the library's change event.
 */
import { Star } from 'lucide-react';
import type { AppErrorShape } from '@shared/errors';
import type { Marks } from '@shared/ipc/collections';
import type { LibraryItemView } from '@shared/ipc/library';
import type { Result } from '@shared/result';
import { call } from '../../bridge';
import { trashWithUndo } from '../../stores/trash-undo';
import { useTranslation } from '../../i18n';
import './marks.css';

export const markItems = (ids: string[], marks: Marks): Promise<Result<null>> =>
  call((api) => api.collections.mark(ids, marks));

/**
 * "Keep starred takes": the other takes of the songs `ids` belong to (those not starred) go to
 * the trash with the Library's Undo (the toast names what went; Ctrl/Cmd+Z). Answers the error
 * to show, or null.
 */
export async function keepStarredTakes(ids: readonly string[]): Promise<AppErrorShape | null> {
  const others = await call((api) => api.collections.unstarredTakes([...ids]));
  if (!others.ok) return others.error;
  return trashWithUndo(others.value.map((id) => ({ id, title: '' })));
}

/**
 * The variation groups with a starred take, of a list of items (one set per list: the store
 * replaces its array on every change). "Keep starred takes" is offered for any take of these.
 */
export function starredGroupsOf(items: readonly LibraryItemView[] | null): ReadonlySet<string> {
  if (!items) return EMPTY_GROUPS;
  let groups = starredCache.get(items);
  if (!groups) {
    groups = new Set(
      items.flatMap((i) => (i.favourite && i.variationGroup ? [i.variationGroup] : [])),
    );
    starredCache.set(items, groups);
  }
  return groups;
}
const EMPTY_GROUPS: ReadonlySet<string> = new Set();
const starredCache = new WeakMap<readonly LibraryItemView[], ReadonlySet<string>>();

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
