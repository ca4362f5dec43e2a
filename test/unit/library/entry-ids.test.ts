/**
 * A refresh checks only the ids of what it read for a shared one (not every id of the index), and
 * still gives a copy read now with an id the index has a derived id of its own, as a scan does.
 */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { refreshEntries, scanLibrary } from '../../../src/main/services/library/indexer';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cadenza-entry-ids-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A media file and its sidecar with `id`, made at the `n`th second of 2026. */
async function pair(rel: string, id: string, n: number): Promise<void> {
  const made = new Date(Date.UTC(2026, 0, 1, 0, 0, n));
  const sidecar = {
    schema_version: 1,
    id,
    kind: 'song',
    title: rel,
    created_at: made.toISOString(),
  };
  await writeFile(join(dir, `${rel}.json`), JSON.stringify(sidecar));
  await writeFile(join(dir, rel), String(n));
  await utimes(join(dir, rel), made, made);
}

it('gives a copy refreshed with an id the index has a derived id; the original keeps its own', async () => {
  await pair('a.mp3', 'same', 1);
  await pair('b.mp3', 'other', 2);
  const scanned = await scanLibrary(dir, new Map());
  await pair('copy.mp3', 'same', 3);
  const { entries, changed } = await refreshEntries(dir, scanned, ['copy.mp3']);
  expect(entries.get('a.mp3')?.item.id).toBe('same');
  expect(entries.get('copy.mp3')?.item.id).toMatch(/^same-[0-9a-f]{8}$/);
  expect(changed).toEqual(['copy.mp3']);
  // the same as a scan of the folder makes of it
  const rescanned = await scanLibrary(dir, scanned);
  expect(rescanned.get('copy.mp3')?.item.id).toBe(entries.get('copy.mp3')?.item.id);
});

it('changes only the entries it read when no id is shared', async () => {
  await pair('a.mp3', 'one', 1);
  await pair('b.mp3', 'two', 2);
  const scanned = await scanLibrary(dir, new Map());
  await pair('b.mp3', 'two', 5);
  await pair('c.mp3', 'three', 3);
  const { entries, changed } = await refreshEntries(dir, scanned, ['b.mp3', 'c.mp3']);
  expect(changed.sort()).toEqual(['b.mp3', 'c.mp3']);
  expect(entries.get('a.mp3')).toBe(scanned.get('a.mp3'));
  expect([...entries.values()].map((e) => e.item.id).sort()).toEqual(['one', 'three', 'two']);
});
