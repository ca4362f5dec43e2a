/**
 * An extension's sidecar is written complete once (its parent's song id and where it continues),
 * not written and then rewritten when the job finishes: one change event for each take.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryChange } from '@shared/domain/library';
import { startEmulator, type Emulator } from '../../emulator';
import { createCore, type Core } from '../../../src/main/services/core';

const KEY = 'core-extension-key-5e11';
let emu: Emulator;
let dir: string;
let core: Core;

beforeAll(async () => {
  emu = await startEmulator({ keys: [KEY], stepMs: 20 });
});
afterAll(() => emu.close());

beforeEach(async () => {
  emu.reset();
  dir = await mkdtemp(join(tmpdir(), 'cadenza-ext-'));
  core = createCore({
    env: {
      CADENZA_HOME: join(dir, 'data'),
      CADENZA_LIBRARY: join(dir, 'library'),
      CADENZA_BASE_URL: emu.url,
      CADENZA_API_KEY: KEY,
      CADENZA_KEYCHAIN: 'off',
      CADENZA_POLL_INTERVAL_MS: '100',
      CADENZA_ALLOW_LOOPBACK: '1',
    },
    keychainBackend: null,
    jobs: { holder: 'test', watch: false },
  });
});
afterEach(async () => {
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

describe('an extension', () => {
  it('is saved with its parent song id and continue_at_s in one write, one change event', async () => {
    const rt = await core.jobsHost.runtime();
    const first = await core.songs.create({ mode: 'auto', prompt: 'harbour lights at dusk' });
    const parentDone = await rt.jobs.waitFor(first.id);
    expect(parentDone.state).toBe('done');
    const parent = rt.library.get(parentDone.resultItemIds[0]!)!;
    const parentSongId = parent.service_ids.song_id!;

    const changes: LibraryChange[] = [];
    const off = core.jobsHost.on('library-changed', (c) => changes.push(c));
    const writes: string[] = [];
    const updateMeta = rt.library.updateMeta.bind(rt.library);
    rt.library.updateMeta = (id, ...rest) => {
      writes.push(id);
      return updateMeta(id, ...rest);
    };
    const ext = await core.songs.create({
      mode: 'custom',
      prompt: 'the tide comes back',
      lyrics: '[Verse]\nwaves again',
      extend: { songId: parent.id, continueAtS: 12 },
    });
    const done = await rt.jobs.waitFor(ext.id);
    expect(done.state).toBe('done');
    // what the finish step does on job-finished (it only repairs sidecars written without these)
    await new Promise((r) => setTimeout(r, 300));
    off();

    expect(done.resultItemIds.length).toBeGreaterThan(0);
    for (const id of done.resultItemIds) {
      const item = rt.library.get(id)!;
      const sidecar = JSON.parse(await readFile(`${rt.library.pathOf(item)}.json`, 'utf8')) as {
        service_ids: Record<string, string>;
        continue_at_s?: number;
        parent_id: string | null;
      };
      expect(sidecar.service_ids.parent_song_id).toBe(parentSongId);
      expect(sidecar.continue_at_s).toBe(12);
      expect(sidecar.parent_id).toBe(parent.id);
      const named = changes.filter((c) => c.added.includes(id) || c.updated.includes(id));
      expect(named).toHaveLength(1);
    }
    expect(writes).toEqual([]);
  }, 60_000);
});
