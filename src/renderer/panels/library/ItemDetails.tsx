import { useState, type FormEvent } from 'react';
import type { AppErrorShape } from '@shared/errors';
import { formatTimeMs } from '@shared/time';
import type { LibraryItemView } from '@shared/ipc/library';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { showItemInFolder } from '../../stores/library';
import { enqueue, toQueueEntry } from '../../stores/player';
import { canTrim, useTrimDialog } from '../../player/region/use-trim';
import { removeItem, renameItem } from '../shared/library-actions';
import type { ExportResult } from '@shared/ipc/export';
import { ExportDialog, ExportedFiles } from '../shared/ExportDialog';
import { canMakeWholeSong, useWholeSong, wholeSongProgressText } from '../shared/whole-song';
import { LyricsView } from './LyricsView';
import { useReuseActions } from './ReuseActions';
import { Button, Menu, type MenuItem } from '../../components';
import { formatDurationMs, KIND_LABELS } from '../../lib/format';
import { extensionChain, formatDate } from './view';

interface ItemDetailsProps {
  item: LibraryItemView;
  byId: ReadonlyMap<string, LibraryItemView>;
  /** Items that extend this one. */
  extensions: LibraryItemView[];
  onPlay(): void;
  onSelect(id: string): void;
}

/** The selected item: what is known about it and what can be done with it (keyed by item id). */
export function ItemDetails({ item, byId, extensions, onPlay, onSelect }: ItemDetailsProps) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(item.title);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showLyrics, setShowLyrics] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppErrorShape | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [exported, setExported] = useState<ExportResult | null>(null);
  const reuse = useReuseActions(item, busy);
  // the list follows main's libraryChanged for each of these: nothing to load here
  const trim = useTrimDialog((saved) => {
    setNotice(`Saved “${saved.title}” as a new item.`);
  });

  const whole = useWholeSong((saved) => {
    setNotice(`Saved “${saved.title}” as a new item.`);
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
      setNotice(`Renamed. The file is now “${r.value.file}”.`);
    });
  };
  const [exporting, setExporting] = useState(false);
  const doExport = () => {
    setError(null);
    setNotice(null);
    setExporting(true);
  };
  const doDelete = () => {
    setConfirmDelete(false);
    void run(async () => {
      const r = await removeItem(item.id);
      if (!r.ok) setError(r.error);
    });
  };

  const more: MenuItem[] = [
    ...reuse,
    {
      label: 'Rename',
      disabled: busy || renaming,
      onSelect: () => {
        setName(item.title);
        setRenaming(true);
      },
    },
    { label: 'Export…', disabled: busy, onSelect: doExport },
    {
      label: 'Show in folder',
      disabled: busy,
      onSelect: () => void showItemInFolder(item.id).then(setError),
    },
    { label: 'Delete', danger: true, disabled: busy, onSelect: () => setConfirmDelete(true) },
  ];

  const chain = extensionChain(item, byId);
  const video = item.kind === 'singing-video' || item.kind === 'subtitle-video';
  return (
    <section className="library-details card" aria-label="Item details">
      <div className="library-details-head">
        {item.coverUrl ? (
          <img
            className="library-details-cover"
            src={item.coverUrl}
            alt={`Cover of ${item.title}`}
          />
        ) : null}
        <div>
          <h2 className="card-title library-details-title">{item.title}</h2>
          <p className="small muted">
            {KIND_LABELS[item.kind]} · {formatDurationMs(item.durationMs)} ·{' '}
            {formatDate(item.createdAt)}
          </p>
        </div>
      </div>
      <div className="library-details-actions">
        <Button variant="primary" size="small" onClick={onPlay} disabled={busy}>
          {video ? 'Play video' : 'Play'}
        </Button>
        <Button size="small" onClick={() => enqueue(toQueueEntry(item))} disabled={busy}>
          Add to queue
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
            Trim…
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
            title="Join this extension to its song as a new item"
          >
            Whole song
          </Button>
        )}
        {item.hasLyrics && (
          <Button size="small" aria-expanded={showLyrics} onClick={() => setShowLyrics((s) => !s)}>
            Lyrics
          </Button>
        )}
        <Menu label={`More actions for ${item.title}`} items={more} />
      </div>
      {renaming && (
        <form className="library-rename" onSubmit={submitRename}>
          <label className="field-label" htmlFor={`rename-${item.id}`}>
            New name
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
              Save name
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => setRenaming(false)}
            >
              Cancel
            </button>
          </div>
          <p className="field-hint">
            The file and its sidecar are renamed together; characters files cannot hold are left
            out.
          </p>
        </form>
      )}
      {joining && (
        <div className="library-progress">
          <p role="status" className="small muted">
            {wholeSongProgressText(joining.fraction)}
          </p>
          <button type="button" className="button button-small" onClick={whole.stop}>
            Stop
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
          {(error ?? whole.error)!.message}
        </p>
      )}
      {notice && (
        <p role="status" className="small muted">
          {notice}
        </p>
      )}
      {exported && <ExportedFiles result={exported} onClose={() => setExported(null)} />}
      <dl className="library-facts">
        {item.tags.length > 0 && (
          <>
            <dt>Tags</dt>
            <dd>{item.tags.join(', ')}</dd>
          </>
        )}
        {item.prompt && (
          <>
            <dt>Prompt</dt>
            <dd>{item.prompt}</dd>
          </>
        )}
        {item.model && (
          <>
            <dt>Model</dt>
            <dd>{item.model}</dd>
          </>
        )}
        <dt>File</dt>
        <dd className="mono small">{item.file}</dd>
        {chain.length > 0 && (
          <>
            <dt>Extends</dt>
            <dd>
              <ol className="library-chain" aria-label="Extension chain">
                {chain.map((p) => (
                  <li key={p.id}>
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
            <dt>Extends</dt>
            <dd className="muted">an item no longer in the library</dd>
          </>
        )}
        {item.trimmedFrom && (
          <>
            <dt>Trimmed from</dt>
            <dd>
              {byId.has(item.trimmedFrom.sourceId) ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onSelect(item.trimmedFrom!.sourceId)}
                >
                  {byId.get(item.trimmedFrom.sourceId)?.title}
                </button>
              ) : (
                item.trimmedFrom.sourceTitle
              )}
              {`, ${formatTimeMs(item.trimmedFrom.startMs)} to ${formatTimeMs(item.trimmedFrom.endMs)}`}
            </dd>
          </>
        )}
        {extensions.length > 0 && (
          <>
            <dt>Extended by</dt>
            <dd>
              <ul className="library-chain" aria-label="Extensions">
                {extensions.map((c) => (
                  <li key={c.id}>
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
          what={`“${item.title}”`}
          onClose={() => setExporting(false)}
          onDone={(r) => {
            setExporting(false);
            setNotice(null);
            setExported(r);
          }}
        />
      )}
      {confirmDelete && (
        <ConfirmDialog
          title={`Move “${item.title}” to the trash?`}
          confirmLabel="Move to trash"
          tone="danger"
          onConfirm={doDelete}
          onCancel={() => setConfirmDelete(false)}
        >
          <p>
            The file, its cover and its sidecar go to the system trash, where you can restore them.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
