import type { JobResult } from '@shared/ipc/jobs';
import { Artwork, Menu, type MenuItem } from '../../components';
import { KIND_LABELS, formatLength } from '../../lib/format';
import { libraryEntry } from '../../stores/player/entries';
import { PlayButton } from '../../player/PlayButton';
import { showInLibrary, useLibraryStore } from '../../stores/library';
import { useFinishingActions } from './finishing';
import { errorText, useTranslation } from '../../i18n';

/**
 * A finished job's result as Songs shows a take: artwork, title, kind and length, Play, and a ⋯ menu
 * of what can be done with it in the library (Trim, Export, Show in library).
 */
export function ResultCard({
  item,
  origin,
}: {
  item: JobResult['items'][number];
  /** The panel it was made in, as the player bar names it. */
  origin: string;
}) {
  const { t } = useTranslation();
  const saved = useLibraryStore((s) => s.items.find((x) => x.id === item.itemId));
  const title = saved?.title ?? item.title;
  const coverUrl = saved?.coverUrl ?? null;
  const durationMs = saved?.durationMs ?? item.durationMs;
  const finishing = useFinishingActions({
    itemId: item.itemId,
    title,
    mediaUrl: item.mediaUrl,
    durationMs,
    coverUrl,
    parentId: null,
    kind: item.kind,
  });
  const items: MenuItem[] = [
    ...finishing.items,
    { label: t('songs:take.menu.show'), onSelect: () => showInLibrary(item.itemId) },
  ];
  return (
    <li className="result-card" aria-label={title} data-testid="result-card">
      <Artwork src={coverUrl} seed={title} size={56} />
      <div className="result-main">
        <p className="result-title" title={title} translate="no">
          {title}
        </p>
        <p className="result-meta muted small">
          <span className="result-badge">{t(KIND_LABELS[item.kind])}</span>
          <span>
            {t('songs:take.status.saved')}
            {durationMs ? ` · ${formatLength(durationMs / 1000)}` : ''}
          </span>
        </p>
        {finishing.status && (
          <p className="muted small" role="status">
            {finishing.status}
          </p>
        )}
        {finishing.exported}
        {finishing.error && (
          <p role="alert" className="inline-alert">
            {errorText(finishing.error)}
          </p>
        )}
      </div>
      <div className="result-actions">
        <PlayButton
          playKey={item.itemId}
          name={title}
          make={() => libraryEntry({ ...item, title, coverUrl, origin })}
        />
        <Menu label={t('songs:take.more', { name: title })} items={items} />
      </div>
      {finishing.dialogs}
    </li>
  );
}
