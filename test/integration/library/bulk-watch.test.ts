/**
 * A bulk edit's sidecars are the app's own writes (issue 31, point 2): the folder watcher does not
 * refresh them piecemeal while the edit is still writing (at 50,000 items under load it published
 * 198 of 1,000 stars and kept main busy), so the list changes ONCE, with every item, when the
 * edit's own refresh runs. A change made outside the app is still seen.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LibraryChange } from '../../../src/shared/domain/library';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { patchItems } from '../../../src/main/services/library/bulk';
import { toneWav } from '../../support/media-fixtures';

const root = mkdtempSync(join(tmpdir(), 'cadenza-bulk-watch-'));
const dir = join(root, 'Library');
const COUNT = 24;
let lib: Library;

beforeAll(async () => {
  const { mkdirSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true });
  const wav = toneWav(0.05);
  for (let n = 0; n < COUNT; n++) {
    writeFileSync(join(dir, `Song ${n}.wav`), wav);
    writeFileSync(
      join(dir, `Song ${n}.wav.json`),
      JSON.stringify({
        schema_version: 1,
        id: `itm_watch${String(n).padStart(4, '0')}`,
        kind: 'song',
        title: `Song ${n}`,
        created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
      }),
    );
  }
  lib = createLibrary({ dir, indexFile: join(root, 'index.json'), watchDebounceMs: 50 });
  await lib.open();
  await lib.ready();
}, 120_000);

afterAll(async () => {
  await lib.close();
  rmSync(root, { recursive: true, force: true });
});

it('the list changes once, with every item, when a slow bulk edit has written all its sidecars', async () => {
  expect(lib.items()).toHaveLength(COUNT);
  const changes: LibraryChange[] = [];
  const off = lib.on('changed', (c) => changes.push(c));
  // each sidecar write slowed past the watcher's debounce, as a loaded machine makes them
  const write = lib.updateMeta.bind(lib);
  lib.updateMeta = async (id, patch, opts) => {
    const item = await write(id, patch, opts);
    await new Promise((r) => setTimeout(r, 120));
    return item;
  };
  try {
    const ids = lib.items().map((i) => i.id);
    const { changed } = await patchItems(lib, ids, { favourite: true });
    expect(changed).toHaveLength(COUNT);
    await new Promise((r) => setTimeout(r, 600)); // the watcher's late events, if any
  } finally {
    lib.updateMeta = write;
    off();
  }
  expect(changes.map((c) => c.updated.length)).toEqual([COUNT]);
  expect(lib.items().filter((i) => i.favourite)).toHaveLength(COUNT);

  // a sidecar edited outside the app later on is still seen by the watcher
  await new Promise((r) => setTimeout(r, 1200)); // past the grace after the edit's refresh
  const seen = new Promise<void>((resolve) => {
    const stop = lib.on('changed', () => {
      stop();
      resolve();
    });
  });
  writeFileSync(
    join(dir, 'Song 0.wav.json'),
    JSON.stringify({
      schema_version: 1,
      id: 'itm_watch0000',
      kind: 'song',
      title: 'Song 0 edited elsewhere',
      created_at: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    }),
  );
  await seen;
  expect(lib.get('itm_watch0000')?.title).toBe('Song 0 edited elsewhere');
}, 60_000);

it('a file deleted outside the app just after the app wrote its sidecar still leaves the list', async () => {
  const item = lib.get('itm_watch0005')!;
  // the app's own write (a loudness or bulk write: quiet, refreshed by the writer)...
  await lib.updateMeta(item.id, { favourite: false }, { rescan: false });
  await lib.refresh([item.file]);
  // ...and within the grace after its refresh, the creator deletes the song in a file manager
  rmSync(join(dir, item.file));
  rmSync(join(dir, `${item.file}.json`));
  const deadline = Date.now() + 10_000;
  while (lib.get(item.id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  expect(lib.get(item.id)).toBeUndefined();
}, 30_000);
