import type { LibraryKind } from '@shared/domain/library';
import type { AppErrorShape } from '@shared/errors';
import type { MouseEvent } from 'react';
import { AudioLines, Clapperboard, Disc3, Music, Subtitles, type LucideIcon } from 'lucide-react';
import { Artwork } from '../../components';
import { formatDurationMs } from '../../lib/format';
import { baseTitle, takeName } from '../../lib/take-title';
import { useFormat, useTranslation } from '../../i18n';
import { startDragOut } from '../shared/library-actions';
import { RowStar } from '../shared/marks';
import { carryItems } from './collections-store';
import type { Row } from './rows';
import { formatDate, KIND_LABELS } from './view';

/** What an item without a cover shows in its placeholder art. */
const KIND_ICONS: Record<LibraryKind, LucideIcon> = {
  song: Music,
  tts: AudioLines,
  cover: Disc3,
  'singing-video': Clapperboard,
  'subtitle-video': Subtitles,
};
interface LibraryRowProps {
  row: Row;
  index: number;
  count: number;
  selected: boolean;
  style: { top: number; height: number };
  onSelect(event: MouseEvent): void;
  onPlay(): void;
  /** The items a drag from this row carries: the selection it belongs to, else the row's own. */
  dragIds(): readonly string[];
  onDragError(error: AppErrorShape | null): void;
}

/** One row of the Library's list: art, title (and take), what it extends or its tags, kind, length, date. */
export function LibraryRow({
  row,
  index,
  count,
  selected,
  style,
  onSelect,
  onPlay,
  dragIds,
  onDragError,
}: LibraryRowProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const { item } = row;
  const kind = t(KIND_LABELS[item.kind]);
  const duration = formatDurationMs(item.durationMs);
  return (
    <div
      id={`library-row-${item.id}`}
      role="option"
      aria-selected={selected}
      aria-setsize={count}
      aria-posinset={index + 1}
      aria-label={t('library:list.rowAria', {
        title: row.take ? takeName(item.title, row.take) : item.title,
        kind,
        duration,
      })}
      className={`library-row${selected ? ' library-row-selected' : ''}${row.grouped ? ' library-row-grouped' : ''}`}
      style={{ top: style.top, height: style.height }}
      onClick={onSelect}
      onDoubleClick={onPlay}
      draggable
      onDragStart={(e) => {
        // the OS drag (main's webContents.startDrag) carries the real files to other programs
        // (and a drop on a collection in the sidebar adds the carried items to it)
        e.preventDefault();
        const ids = dragIds();
        carryItems(ids);
        void startDragOut(ids).then(onDragError);
      }}
    >
      <Artwork src={item.coverUrl} seed={item.title} size={36} icon={KIND_ICONS[item.kind]} />
      <span className="library-row-main">
        <span className="library-row-title">
          <span translate="no">{row.take ? baseTitle(item.title) : item.title}</span>
          {row.take && (
            <span className="library-badge">{t('library:list.take', { take: row.take })}</span>
          )}
        </span>
        {row.parentTitle ? (
          <span className="library-row-sub small muted">
            {t('library:list.extends', { title: row.parentTitle })}
          </span>
        ) : (
          <span className="library-row-sub small muted" translate="no">
            {[item.artist, item.album, item.genre].filter(Boolean).join(' · ') ||
              item.tags.slice(0, 3).join(', ') ||
              item.prompt ||
              ''}
          </span>
        )}
      </span>
      <RowStar id={item.id} starred={item.favourite === true} onError={onDragError} />
      <span className="library-row-kind small">{kind}</span>
      <span className="library-row-duration small">{duration}</span>
      <span className="library-row-date small muted" translate="no">
        {formatDate(item.createdAt, f.date)}
      </span>
    </div>
  );
}
