/**
 * Item ids in the worker's index: unique, and which entries a refresh or a scan changed.
 */
import { createHash } from 'node:crypto';
import type { IndexEntry } from './index-entry';

/**
 * The paths whose entry is a new object: the refreshed ones and any whose id moved aside. By
 * `forEach`: spreading the map made a pair per entry (7 MB of the thread's garbage per refresh at
 * 50,000 items; issue 30).
 */
export function changedFrom(
  entries: ReadonlyMap<string, IndexEntry>,
  previous: ReadonlyMap<string, IndexEntry>,
): string[] {
  const changed: string[] = [];
  entries.forEach((e, rel) => {
    if (previous.get(rel) !== e) changed.push(rel);
  });
  return changed;
}

/**
 * Whether an entry at one of `rels` has an id another entry has too. `dedupeIds` maps every id
 * of the index (10 MB of garbage per refresh at 50,000 items); after a refresh of a few paths
 * only theirs can be shared, and most often none is.
 */
export function sharesAnId(
  entries: ReadonlyMap<string, IndexEntry>,
  rels: readonly string[],
): boolean {
  if (rels.length === 0) return false;
  const seen = new Map<string, number>();
  for (const rel of rels) {
    const id = entries.get(rel)?.item.id;
    if (id !== undefined) seen.set(id, 0);
  }
  let shared = false;
  entries.forEach((e) => {
    const n = seen.get(e.item.id);
    if (n === undefined) return;
    if (n > 0) shared = true;
    seen.set(e.item.id, n + 1);
  });
  return shared;
}

/**
 * Two sidecars with the same id (a copied song + sidecar pair): one keeps it, the others get a
 * derived id that is still a valid item id, so neither pair is locked out of any action. The one
 * that keeps it is not a copy found by re-linking (the file its sidecar names keeps it), then the
 * pair the index already knew under that id, else the older media file (a copy is newer), else
 * the first path.
 */
export function dedupeIds(
  entries: Map<string, IndexEntry>,
  previous: ReadonlyMap<string, IndexEntry>,
): void {
  // ids are almost always unique: one map of first paths, an array only for an id seen twice
  const first = new Map<string, string>();
  const shared = new Map<string, string[]>();
  for (const [rel, e] of entries) {
    const at = first.get(e.item.id);
    if (at === undefined) first.set(e.item.id, rel);
    else {
      const g = shared.get(e.item.id);
      if (g) g.push(rel);
      else shared.set(e.item.id, [at, rel]);
    }
  }
  if (shared.size === 0) return;
  const taken = new Set(first.keys());
  for (const id of first.keys()) {
    const rels = shared.get(id);
    if (!rels) continue;
    const rank = (rel: string): [number, number, string] => [
      (entries.get(rel)?.relink?.copyOf ? 2 : 0) + (previous.get(rel)?.item.id === id ? 0 : 1),
      (entries.get(rel) as IndexEntry).mediaMtimeMs,
      rel,
    ];
    rels.sort((a, b) => {
      const [ka, kb] = [rank(a), rank(b)];
      return ka[0] - kb[0] || ka[1] - kb[1] || (ka[2] < kb[2] ? -1 : ka[2] > kb[2] ? 1 : 0);
    });
    for (const rel of rels.slice(1)) {
      const entry = entries.get(rel) as IndexEntry;
      let derived = `${id.slice(0, 90)}-${createHash('sha1').update(rel).digest('hex').slice(0, 8)}`;
      for (let n = 2; taken.has(derived); n++) derived = `${derived.slice(0, 96)}-${n}`;
      taken.add(derived);
      entries.set(rel, { ...entry, item: { ...entry.item, id: derived } });
    }
  }
}
