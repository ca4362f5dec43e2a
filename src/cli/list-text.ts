/**
 * `cadenza library list` without `--json`: title, kind, length and file of each item, in columns.
 * Its own file, without the schemas: the quick listing (quick-list.ts) prints the same.
 */
import type { LibraryItem } from '@shared/domain/library';

const duration = (ms: number | null): string => {
  if (ms === null) return '';
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function listText(
  items: readonly Pick<LibraryItem, 'title' | 'kind' | 'duration_ms' | 'file'>[],
): string {
  const rows = items.map((i) => [i.title, i.kind, duration(i.duration_ms), i.file] as const);
  // each column's width once (per row, it was 9,000 passes over 3,000 rows)
  const [w0, w1, w2] = ([0, 1, 2] as const).map((n) =>
    rows.reduce((m, r) => Math.max(m, r[n].length), 0),
  );
  return rows
    .map((r) => `${r[0].padEnd(w0!)}  ${r[1].padEnd(w1!)}  ${r[2].padStart(w2!)}  ${r[3]}`)
    .join('\n');
}

/** What `cadenza library list` says (on stderr) of a library without items. */
export const emptyLibraryNote = (dir: string): string => `The library at ${dir} is empty.`;
