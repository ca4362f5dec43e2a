import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AppErrorShape } from '@shared/errors';
import { formatTimeMs } from '@shared/time';
import type { LibraryItemView } from '@shared/ipc/library';
import { showItemInFolder } from '../../stores/library';
import { enqueue, toQueueEntry } from '../../stores/player';
import { canTrim, useTrimDialog } from '../../player/region/use-trim';
import { renameItem } from '../shared/library-actions';
import { trashWithUndo } from '../../stores/trash-undo';
import type { ExportResult } from '@shared/ipc/export';
import { ExportDialog, ExportedFiles } from '../shared/ExportDialog';
import { canMakeWholeSong, useWholeSong, wholeSongProgressText } from '../shared/whole-song';
import { LyricsView } from './LyricsView';
import { ItemMarks } from './ItemMarks';
import { ItemTags } from './ItemTags';
import { useReuseActions } from './ReuseActions';
import { Button, Menu, type MenuItem } from '../../components';
import { formatDurationMs } from '../../lib/format';
import { errorText, said, saidText, type Said, useFormat, useTranslation } from '../../i18n';
import { extensionChain, formatDate, KIND_LABELS } from './view';

interface ItemDetailsProps {
  item: LibraryItemView;
  byId: ReadonlyMap<string, LibraryItemView>;
  /** Items that extend this one. */
  extensions: LibraryItemView[];
  onPlay(): void;
  onSelect(id: string): void;
  /** Counts the list's F2 (Enter on macOS): each new count opens the rename field. */
  renameAsk?: number;
}

/** The selected item: what is known about it and what can be done with it (keyed by item id). */
export function ItemDetails({
  item,
  byId,
  extensions,
  onPlay,
  onSelect,
  renameAsk = 0,
}: ItemDetailsProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(item.title);
  const [showLyrics, setShowLyrics] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [notice, setNotice] = useState<Said | null>(null);
  const [exported, setExported] = useState<ExportResult | null>(null);
  const reuse = useReuseActions(item, busy);
  const renameAsked = useRef(renameAsk);
  useEffect(() => {
    if (renameAsk === renameAsked.current) return;
    renameAsked.current = renameAsk;
    setName(item.title);
    setRenaming(true);
  }, [renameAsk, item.title]);
  // the list follows main's libraryChanged for each of these: nothing to load here
  const trim = useTrimDialog((saved) => {
    setNotice(said('library:details.saved', { title: saved.title }));
  });

  const whole = useWholeSong((saved) => {
    setNotice(said('library:details.saved', { title: saved.title }));
  });
  const joining = whole.running?.itemId === item.id ? whole.running : null;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const submitRename = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const r = await renameItem(item.id, name);
      if (!r.ok) return setError(r.error);
      setRenaming(false);
      setNotice(said('library:details.renamed', { file: r.value.file }));
    });
  };
  const [exporting, setExporting] = useState(false);
  const doExport = () => {
    setError(null);
    setNotice(null);
    setExporting(true);
  };
  // the same move to the trash as the list's selection: undoable from the toast and Ctrl/Cmd+Z
  const doDelete = () => {
    void run(async () => {
      const error = await trashWithUndo([{ id: item.id, title: item.title }]);
      if (error) setError(error);
    });
  };

  const more: MenuItem[] = [
    ...reuse,
    {
      label: t('library:details.rename'),
      disabled: busy || renaming,
      onSelect: () => {
        setName(item.title);
        setRenaming(true);
      },
    },
    { label: t('library:details.export'), disabled: busy, onSelect: doExport },
    {
      label: t('library:details.showInFolder'),
      disabled: busy,
      onSelect: () => void showItemInFolder(item.id).then(setError),
    },
    {
      label: t('library:trash.confirm'),
      danger: true,
      disabled: busy,
      onSelect: doDelete,
    },
  ];

  const chain = extensionChain(item, byId);
  const video = item.kind === 'singing-video' || item.kind === 'subtitle-video';
  return (
    <section className="library-details card" aria-label={t('library:details.aria')}>
      <div className="library-details-head">
        {item.coverUrl ? (
          <img
            className="library-details-cover"
            src={item.coverUrl}
            alt={t('library:details.coverAlt', { title: item.title })}
          />
        ) : null}
        <div>
          <h2 className="card-title library-details-title" translate="no">
            {item.title}
          </h2>
          <p className="small muted">
            {t(KIND_LABELS[item.kind])} · {formatDurationMs(item.durationMs)} ·{' '}
            {/* Intl's words in the app's language already */}
            <time dateTime={item.createdAt} translate="no">
              {formatDate(item.createdAt, f.date)}
            </time>
          </p>
        </div>
      </div>
      <ItemMarks item={item} />
      <ItemTags item={item} />
      <div className="library-details-actions">
        <Button variant="primary" size="small" onClick={onPlay} disabled={busy}>
          {video ? t('library:details.playVideo') : t('library:details.play')}
        </Button>
        <Button size="small" onClick={() => enqueue(toQueueEntry(item))} disabled={busy}>
          {t('library:details.addToQueue')}
        </Button>
        {canTrim(item) && (
          <Button
            size="small"
            onClick={() =>
              trim.open({
                itemId: item.id,
                title: item.title,
                file: item.file,
                durationMs: item.durationMs,
                coverUrl: item.coverUrl,
              })
            }
            disabled={busy}
          >
            {t('library:details.trim')}
          </Button>
        )}
        {canMakeWholeSong(item) && (
          <Button
            size="small"
            onClick={() => {
              setNotice(null);
              void whole.start(item.id);
            }}
            disabled={busy || joining !== null}
            title={t('library:details.wholeSongHint')}
          >
            {t('library:details.wholeSong')}
          </Button>
        )}
        {item.hasLyrics && (
          <Button size="small" aria-expanded={showLyrics} onClick={() => setShowLyrics((s) => !s)}>
            {t('library:details.lyrics')}
          </Button>
        )}
        <Menu label={t('library:details.more', { title: item.title })} items={more} />
      </div>
      {renaming && (
        <form className="library-rename" onSubmit={submitRename}>
          <label className="field-label" htmlFor={`rename-${item.id}`}>
            {t('library:details.newName')}
          </label>
          <div className="field-row">
            <input
              id={`rename-${item.id}`}
              className="input"
              value={name}
              maxLength={120}
              onChange={(e) => setName(e.currentTarget.value)}
              autoFocus
            />
            <button
              type="submit"
              className="button button-small button-primary"
              disabled={busy || !name.trim()}
            >
              {t('library:details.saveName')}
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => setRenaming(false)}
            >
              {t('common:cancel')}
            </button>
          </div>
          <p className="field-hint">{t('library:details.renameHint')}</p>
        </form>
      )}
      {joining && (
        <div className="library-progress">
          <p role="status" className="small muted">
            {wholeSongProgressText(joining.fraction)}
          </p>
          <button type="button" className="button button-small" onClick={whole.stop}>
            {t('common:stop')}
          </button>
        </div>
      )}
      {!joining && whole.stopped && (
        <p role="status" className="small muted">
          {whole.stopped}
        </p>
      )}
      {(error ?? whole.error) && (
        <p role="alert" className="library-error">
          {errorText((error ?? whole.error)!)}
        </p>
      )}
      {notice && (
        <p role="status" className="small muted">
          {saidText(notice)}
        </p>
      )}
      {exported && <ExportedFiles result={exported} onClose={() => setExported(null)} />}
      <dl className="library-facts">
        {item.tags.length > 0 && (
          <>
            <dt>{t('library:facts.tags')}</dt>
            <dd translate="no">{item.tags.join(', ')}</dd>
          </>
        )}
        {item.prompt && (
          <>
            <dt>{t('library:facts.prompt')}</dt>
            <dd translate="no">{item.prompt}</dd>
          </>
        )}
        {item.model && (
          <>
            <dt>{t('library:facts.model')}</dt>
            <dd translate="no">{item.model}</dd>
          </>
        )}
        <dt>{t('library:facts.file')}</dt>
        <dd className="mono small" translate="no">
          {item.file}
        </dd>
        {chain.length > 0 && (
          <>
            <dt>{t('library:facts.extends')}</dt>
            <dd>
              <ol className="library-chain" aria-label={t('library:facts.chain')}>
                {chain.map((p) => (
                  <li key={p.id} translate="no">
                    <button type="button" className="link-button" onClick={() => onSelect(p.id)}>
                      {p.title}
                    </button>
                  </li>
                ))}
              </ol>
            </dd>
          </>
        )}
        {item.parentId && chain.length === 0 && (
          <>
            <dt>{t('library:facts.extends')}</dt>
            <dd className="muted">{t('library:facts.gone')}</dd>
          </>
        )}
        {item.trimmedFrom && (
          <>
            <dt>{t('library:facts.trimmedFrom')}</dt>
            <dd>
              {byId.has(item.trimmedFrom.sourceId) ? (
                <button
                  type="button"
                  className="link-button"
                  translate="no"
                  onClick={() => onSelect(item.trimmedFrom!.sourceId)}
                >
                  {byId.get(item.trimmedFrom.sourceId)?.title}
                </button>
              ) : (
                <span translate="no">{item.trimmedFrom.sourceTitle}</span>
              )}
              {`, ${t('library:facts.range', {
                start: formatTimeMs(item.trimmedFrom.startMs),
                end: formatTimeMs(item.trimmedFrom.endMs),
              })}`}
            </dd>
          </>
        )}
        {extensions.length > 0 && (
          <>
            <dt>{t('library:facts.extendedBy')}</dt>
            <dd>
              <ul className="library-chain" aria-label={t('library:facts.extensions')}>
                {extensions.map((c) => (
                  <li key={c.id} translate="no">
                    <button type="button" className="link-button" onClick={() => onSelect(c.id)}>
                      {c.title}
                    </button>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      {showLyrics && <LyricsView key={item.id} itemId={item.id} />}
      {trim.dialog}
      {exporting && (
        <ExportDialog
          ids={[item.id]}
          what={t('library:exportWhat.one', { title: item.title })}
          onClose={() => setExporting(false)}
          onDone={(r) => {
            setExporting(false);
            setNotice(null);
            setExported(r);
          }}
        />
      )}
    </section>
  );
}
