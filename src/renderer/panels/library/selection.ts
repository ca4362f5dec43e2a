/**
 * The Library list's selection, as desktop lists do it: a click selects one row, Ctrl/Cmd-click
 * adds or removes one, Shift-click and Shift+arrows select the range from the anchor, Ctrl/Cmd+A
 * selects every row shown, Escape clears. Pure functions of the rows shown (ids only), so 50,000
 * rows cost one pass at most.
 */
import type { Row } from './rows';

export interface Selection {
  /** The selected items' ids. */
  ids: ReadonlySet<string>;
  /** The focused row's item (the details pane shows it), whether or not it is selected. */
  current: string | null;
  /** Where a Shift range starts. */
  anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), current: null, anchor: null };

/** One item selected and focused (a plain click, an arrow key, "Show in library"). */
export const single = (id: string | null): Selection =>
  id ? { ids: new Set([id]), current: id, anchor: id } : EMPTY_SELECTION;

function range(rows: readonly Row[], from: number, to: number): Set<string> {
  const ids = new Set<string>();
  const [a, b] = from <= to ? [from, to] : [to, from];
  for (let i = Math.max(0, a); i <= b && i < rows.length; i++) ids.add(rows[i]!.item.id);
  return ids;
}

const indexOf = (rows: readonly Row[], id: string | null): number =>
  id === null ? -1 : rows.findIndex((r) => r.item.id === id);

/** A click on the row at `index` with these modifiers. */
export function clickAt(
  sel: Selection,
  rows: readonly Row[],
  index: number,
  mods: { toggle: boolean; extend: boolean },
): Selection {
  const id = rows[index]?.item.id;
  if (!id) return sel;
  if (mods.extend) {
    const anchorAt = indexOf(rows, sel.anchor);
    const spanned = range(rows, anchorAt < 0 ? index : anchorAt, index);
    // Ctrl/Cmd+Shift adds the range to what was selected
    const ids = mods.toggle ? new Set([...sel.ids, ...spanned]) : spanned;
    return { ids, current: id, anchor: anchorAt < 0 ? id : sel.anchor };
  }
  if (mods.toggle) {
    const ids = new Set(sel.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, current: id, anchor: id };
  }
  return single(id);
}

/** The focus moved to the row at `index` by the keyboard; Shift extends from the anchor. */
export function moveTo(
  sel: Selection,
  rows: readonly Row[],
  index: number,
  extend: boolean,
): Selection {
  const at = Math.max(0, Math.min(rows.length - 1, index));
  const id = rows[at]?.item.id;
  if (!id) return sel;
  if (!extend) return single(id);
  const anchorAt = indexOf(rows, sel.anchor ?? sel.current);
  return {
    ids: range(rows, anchorAt < 0 ? at : anchorAt, at),
    current: id,
    anchor: anchorAt < 0 ? id : (sel.anchor ?? sel.current),
  };
}

/** Every row shown, the focus kept. */
export function selectAll(sel: Selection, rows: readonly Row[]): Selection {
  const ids = new Set<string>();
  for (const r of rows) ids.add(r.item.id);
  const current = sel.current && ids.has(sel.current) ? sel.current : (rows[0]?.item.id ?? null);
  return { ids, current, anchor: sel.anchor ?? current };
}

/** The selected rows among those shown, in the list's order. */
export function selectedRows(sel: Selection, rows: readonly Row[]): Row[] {
  if (sel.ids.size === 0) return [];
  if (sel.ids.size === 1) {
    const only = rows.find((r) => sel.ids.has(r.item.id));
    return only ? [only] : [];
  }
  return rows.filter((r) => sel.ids.has(r.item.id));
}
