import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { AppErrorShape } from '@shared/errors';
import { clearReveal, ensureLibraryItems, useLibraryStore } from '../../stores/library';
import { enqueue, playEntries, toQueueEntry } from '../../stores/player';
import type { ExportResult } from '@shared/ipc/export';
import { ExportDialog, ExportedFiles } from '../shared/ExportDialog';
import { ItemDetails } from './ItemDetails';
import { LibraryRow } from './LibraryRow';
import { LibraryBig } from 'lucide-react';
import { Button, EmptyState } from '../../components';
import { showPanel } from '../../stores/ui';
import { MissingResults } from './MissingResults';
import { UpgradeCard } from './UpgradeCard';
import { useMainMatches } from './lyrics-search';
import { VirtualList, type VirtualListHandle } from './VirtualList';
import { KIND_FILTERS, SORTS, type KindFilterId, type SortId } from './view';
import { errorText, useTranslation } from '../../i18n';
import { buildRows, deriveView, warmSearch, type Row } from './rows';
import * as selection from './selection';
import { SelectionBar } from './SelectionBar';
import { TrashToast } from '../shared/TrashToast';
import { trashWithUndo } from '../../stores/trash-undo';
import { useListEdits } from './list-edits';
import { listKey } from './keys';
import { isMac } from '../../lib/platform';
import { CollectionsSidebar } from './Collections';
import { CollectionTracks } from './CollectionTracks';
import { useCollections, useRevealedCollection } from './collections-store';
import { OptionSelect } from './OptionSelect';
import './library.css';

export const ROW_HEIGHT = 52;

/** Playing from the list queues the chosen item and up to this many after it. */
const QUEUE_AHEAD = 99;

/** The library folder's items: search, filter, sort, play, and act on one. */
export function LibraryPanel() {
  const { t } = useTranslation();
  const items = useLibraryStore((s) => s.items);
  const itemsError = useLibraryStore((s) => s.itemsError);
  const [text, setText] = useState('');
  const [kind, setKind] = useState<KindFilterId>('all');
  const [sort, setSort] = useState<SortId>('newest');
  const [withLyrics, setWithLyrics] = useState(false);
  const [sel, setSel] = useState<selection.Selection>(selection.EMPTY_SELECTION);
  const selectedId = sel.current;
  const setSelectedId = (id: string | null) => setSel(selection.single(id));
  const [favourites, setFavourites] = useState(false);
  const openCollection = useCollections((s) => s.list?.find((c) => c.id === s.openId) ?? null);
  const [loaded, setLoaded] = useState(false);
  const [listError, setListError] = useState<AppErrorShape | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [exported, setExported] = useState<ExportResult | null>(null);
  const list = useRef<VirtualListHandle>(null);

  useEffect(() => {
    void ensureLibraryItems().then(() => setLoaded(true));
  }, []);
  useRevealedCollection();
  // the id index, extensions and sorted views, patched in place when a change only edits items
  const { byId, childrenOf } = useMemo(() => deriveView(items), [items]);
  // the rows follow each keystroke in the same render (filtering 50,000 items takes a few ms once
  // their search text is prepared, which happens in the background as soon as they arrive)
  useEffect(() => warmSearch(items, sort), [items, sort]);
  const mainMatches = useMainMatches(text, items);
  const alsoMatching = mainMatches?.ids;
  const rows = useMemo(
    () => buildRows(items, { text: text, kind, sort, withLyrics, favourites, alsoMatching }),
    [items, text, kind, sort, withLyrics, favourites, alsoMatching],
  );
  const selectedIndex = useMemo(
    () => (selectedId ? rows.findIndex((r) => r.item.id === selectedId) : -1),
    [rows, selectedId],
  );
  const picked = useMemo(() => selection.selectedRows(sel, rows), [sel, rows]);
  // the details follow the filter: an item the search leaves out is not offered to play or trim;
  // two or more selected show the selection bar instead (an open collection shows its own items)
  const shown = openCollection
    ? openCollection.itemIds.includes(selectedId ?? '')
    : selectedIndex >= 0 && picked.length < 2;
  const selected = shown && selectedId ? (byId.get(selectedId) ?? null) : null;
  const search = useRef<HTMLInputElement>(null);
  const filtered = text.trim() !== '' || kind !== 'all' || withLyrics || favourites;
  /** Shows every item again (the no-match state's action; revealing an item filtered out). */
  const clearFilters = () => {
    setText('');
    setKind('all');
    setWithLyrics(false);
    setFavourites(false);
  };

  const select = (index: number, extend = false) => {
    const at = Math.max(0, Math.min(rows.length - 1, index));
    if (!rows[at]) return;
    setSel((s) => selection.moveTo(s, rows, at, extend));
    list.current?.scrollToIndex(at);
  };
  const selectId = (id: string) => {
    setSelectedId(id);
    const i = rows.findIndex((r) => r.item.id === id);
    if (i >= 0) list.current?.scrollToIndex(i);
    else if (byId.has(id)) clearFilters(); // an extension the filter leaves out: show everything
  };
  // "Show in library" from another panel: select the item once it is listed (during render, as
  // React adjusts state to a changed input), then scroll to it and say it was done
  const revealId = useLibraryStore((s) => s.revealId);
  if (revealId && byId.has(revealId) && selectedId !== revealId) setSelectedId(revealId);
  // an item the search or filters leave out is shown by showing everything again
  if (revealId && byId.has(revealId) && filtered && !rows.some((r) => r.item.id === revealId))
    clearFilters();
  useEffect(() => {
    if (!revealId || selectedId !== revealId) return;
    const i = rows.findIndex((r) => r.item.id === revealId);
    if (i < 0) return; // filtered out: the filters are cleared (above), this runs again
    clearReveal();
    list.current?.scrollToIndex(i);
  }, [revealId, selectedId, rows]);
  /** A row's queue entry: a take is named "Title · Take 2" in the queue and the player too. */
  const entryOf = (r: Row) => toQueueEntry(r.item);
  const playFrom = (index: number) => {
    const slice = rows.slice(index, index + 1 + QUEUE_AHEAD).map(entryOf);
    if (slice.length > 0) void playEntries(slice, 0);
  };

  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = list.current?.pageSize() ?? 10;
    const moves: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: page,
      PageUp: -page,
    };
    const key = listKey(e, isMac());
    if (e.key in moves)
      select((selectedIndex < 0 ? -1 : selectedIndex) + (moves[e.key] ?? 0), e.shiftKey);
    else if (e.key === 'Home') select(0, e.shiftKey);
    else if (e.key === 'End') select(rows.length - 1, e.shiftKey);
    else if (key === 'selectAll') setSel((s) => selection.selectAll(s, rows));
    else if (key === 'clear' && sel.ids.size > 0) setSel(selection.EMPTY_SELECTION);
    else if (key === 'trash' && picked.length > 0) trashPicked();
    else if (key === 'play' && selectedIndex >= 0) playFrom(selectedIndex);
    else if (key === 'rename' && selected) setRenameAsk((n) => n + 1);
    else return;
    e.preventDefault();
  };

  const [exporting, setExporting] = useState<string[] | null>(null);
  /** F2 (Enter on macOS) asks the details pane to rename its item: counts the asks. */
  const [renameAsk, setRenameAsk] = useState(0);
  const exportRows = (these: readonly Row[]) => {
    setNotice(null);
    setExported(null);
    setListError(null);
    setExporting(these.slice(0, 10_000).map((row) => row.item.id));
  };
  const exportShown = () => exportRows(rows);
  const trashPicked = () => {
    const these = picked.slice(0, 10_000).map((r) => ({ id: r.item.id, title: r.item.title }));
    setSel(selection.EMPTY_SELECTION);
    void trashWithUndo(these).then(setListError);
  };
  // Ctrl/Cmd+Z and Edit › Undo put the last trashed items back; Edit › Select All selects the rows
  useListEdits(() => setSel((s) => selection.selectAll(s, rows)));
  /** The shown selection's name, suggested as the album: the search words, else the kind. */
  const kindLabel = KIND_FILTERS.find((k) => k.id === kind)?.label;
  const selectionName = text.trim() || (kind === 'all' || !kindLabel ? undefined : t(kindLabel));

  const renderRow = (index: number, style: { top: number; height: number }) => {
    const row = rows[index] as Row;
    return (
      <LibraryRow
        key={row.item.id}
        row={row}
        index={index}
        count={rows.length}
        selected={sel.ids.has(row.item.id)}
        style={style}
        onSelect={(e) =>
          setSel((s) =>
            selection.clickAt(s, rows, index, {
              toggle: isMac() ? e.metaKey : e.ctrlKey,
              extend: e.shiftKey,
            }),
          )
        }
        onPlay={() => playFrom(index)}
        dragIds={() => (sel.ids.has(row.item.id) ? picked.map((r) => r.item.id) : [row.item.id])}
        onDragError={setListError}
      />
    );
  };

  return (
    <section className="panel library-panel" aria-labelledby="library-title">
      <header className="panel-header library-header">
        <div className="library-heading">
          <h1 className="panel-title" id="library-title">
            {t('library:title')}
          </h1>
          <p
            className="small muted library-count"
            role="status"
            aria-live="polite"
            data-testid="library-count"
            data-query={text}
            data-lyrics-query={mainMatches ? mainMatches.text : undefined}
          >
            {rows.length === items.length
              ? t('library:count.all', { count: items.length })
              : t('library:count.some', { shown: rows.length, count: items.length })}
          </p>
        </div>
        <p className="panel-lede">{t('library:lede')}</p>
      </header>
      <MissingResults />
      <div className="library-toolbar" role="search">
        <input
          ref={search}
          type="search"
          className="input library-search"
          aria-label={t('library:toolbar.search')}
          placeholder={t('library:toolbar.searchPlaceholder')}
          title={t('library:toolbar.searchHint')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <OptionSelect<KindFilterId>
          label={t('library:toolbar.kind')}
          options={KIND_FILTERS}
          value={kind}
          onChange={setKind}
        />
        <OptionSelect<SortId>
          label={t('library:toolbar.sort')}
          options={SORTS}
          value={sort}
          onChange={setSort}
        />
        <label className="checkbox library-check">
          <input
            type="checkbox"
            checked={withLyrics}
            onChange={(e) => setWithLyrics(e.currentTarget.checked)}
          />
          {t('library:toolbar.withLyrics')}
        </label>
        <label className="checkbox library-check">
          <input
            type="checkbox"
            checked={favourites}
            onChange={(e) => setFavourites(e.currentTarget.checked)}
          />
          {t('library:toolbar.starred')}
        </label>
        <button
          type="button"
          className="button button-small"
          onClick={exportShown}
          disabled={rows.length === 0}
        >
          {t('library:toolbar.exportShown')}
        </button>
      </div>
      {(itemsError ?? listError) && (
        <p role="alert" className="library-error">
          {errorText((itemsError ?? listError)!)}
        </p>
      )}
      {notice && (
        <p role="status" className="small muted">
          {notice}
        </p>
      )}
      {picked.length > 1 && (
        <SelectionBar
          items={picked.map((r) => r.item)}
          onPlay={() => void playEntries(picked.slice(0, 1 + QUEUE_AHEAD).map(entryOf), 0)}
          onQueue={() => picked.slice(0, 1 + QUEUE_AHEAD).forEach((r) => enqueue(entryOf(r)))}
          onExport={() => exportRows(picked)}
          onTrash={trashPicked}
          onClear={() => setSel(selection.EMPTY_SELECTION)}
          onError={setListError}
        />
      )}
      <TrashToast />
      {exported && <ExportedFiles result={exported} onClose={() => setExported(null)} />}
      {exporting && (
        <ExportDialog
          ids={exporting}
          what={t('library:exportWhat.items', { count: exporting.length })}
          albumSuggestion={selectionName}
          onClose={() => setExporting(null)}
          onDone={(r) => {
            setExporting(null);
            setNotice(null);
            setExported(r);
          }}
        />
      )}
      <div className="library-body">
        {/* the sidebar: collections (a drop target for rows), then the older files' tags card */}
        <div className="library-side">
          <CollectionsSidebar />
          <UpgradeCard />
        </div>
        {openCollection ? (
          <CollectionTracks
            collection={openCollection}
            byId={byId}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onExported={setExported}
          />
        ) : loaded && items.length === 0 && !itemsError ? (
          <div className="library-empty">
            <EmptyState
              icon={<LibraryBig size={20} aria-hidden />}
              title={t('library:empty.title')}
              action={
                <Button variant="primary" onClick={() => showPanel('songs')}>
                  {t('library:empty.action')}
                </Button>
              }
            >
              {t('library:empty.body')}
            </EmptyState>
          </div>
        ) : loaded && rows.length === 0 && filtered && !itemsError ? (
          <div className="library-empty">
            <EmptyState
              title={
                text.trim()
                  ? t('library:noMatch.title', { query: text.trim() })
                  : t('library:noMatch.titleFilters')
              }
              action={
                <Button
                  onClick={() => {
                    clearFilters();
                    search.current?.focus();
                  }}
                >
                  {t('library:noMatch.clear')}
                </Button>
              }
            >
              {t('library:noMatch.body', { count: items.length })}
            </EmptyState>
          </div>
        ) : (
          <VirtualList
            handle={list}
            className="library-list"
            role="listbox"
            aria-label={t('library:list.aria')}
            aria-multiselectable
            tabIndex={0}
            aria-activedescendant={selectedIndex >= 0 ? `library-row-${selectedId}` : undefined}
            onKeyDown={onListKey}
            count={rows.length}
            resetKey={`${text}|${kind}|${sort}|${withLyrics}|${favourites}`}
            rowHeight={ROW_HEIGHT}
            renderRow={renderRow}
          />
        )}
        {selected && (
          <ItemDetails
            key={selected.id}
            item={selected}
            byId={byId}
            extensions={childrenOf.get(selected.id) ?? []}
            renameAsk={renameAsk}
            onSelect={selectId}
            onPlay={() =>
              selectedIndex >= 0
                ? playFrom(selectedIndex)
                : void playEntries([toQueueEntry(selected)], 0)
            }
          />
        )}
      </div>
    </section>
  );
}
