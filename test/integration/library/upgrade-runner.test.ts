/**
 * The app's upgrade runner (library/upgrade-runner.ts) over a real library: nothing happens
 * without consent; an agreed upgrade continues by itself after a restart (a new runner on the same
 * data folder), a stopped one waits for Continue; what is left is read from the sidecars (a tagged
 * file is never tagged twice); it waits while the creator plays or searches; a file that cannot be
 * tagged is reported with its reason code and tried again at the next run.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { upgradeItem } from '../../../src/main/services/library/upgrade';
import {
  createUpgradeRunner,
  syncServiceOf,
  type UpgradeRunnerOptions,
} from '../../../src/main/services/library/upgrade-runner';
import { toneWav } from '../../support/media-fixtures';

let root: string;
let dir: string;
let lib: Library;

function seed(to: number, from = 1): void {
  for (let i = from; i <= to; i++) {
    writeFileSync(join(dir, `Old ${i}.wav`), toneWav(1));
    writeFileSync(
      join(dir, `Old ${i}.wav.json`),
      JSON.stringify({
        schema_version: 1,
        id: `itm_old${i}`,
        kind: 'song',
        title: `Old ${i}`,
        prompt: 'warm synthwave',
        created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
      }),
    );
  }
}

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'cadenza-upgrade-'));
  dir = join(root, 'library');
  mkdirSync(dir);
  seed(3);
  lib = createLibrary({ dir, indexFile: join(root, 'index.json'), watch: false });
  await lib.open();
  await lib.ready();
});
afterEach(async () => {
  await lib.close();
  rmSync(root, { recursive: true, force: true });
});

const runner = (over: Partial<UpgradeRunnerOptions> = {}) =>
  createUpgradeRunner({
    dataDir: root,
    host: { runtime: async () => ({ library: lib }) },
    tagDefaults: () => ({}),
    quietMs: 200,
    ...over,
  });
const hashed = (i: number): boolean =>
  typeof (
    JSON.parse(readFileSync(join(dir, `Old ${i}.wav.json`), 'utf8')) as Record<string, unknown>
  ).audio_sha256 === 'string';

describe('the upgrade runner', () => {
  it('asks first, and an agreed upgrade continues after a restart while a stopped one waits', async () => {
    const first = runner();
    first.start();
    await first.idle();
    expect(await first.status()).toMatchObject({ phase: 'ask', files: 3 });
    expect([1, 2, 3].some(hashed)).toBe(false);

    // agreed, then stopped before its first file (the creator was playing)
    first.hold(true);
    await first.agree();
    expect((await first.status()).phase).toBe('paused');
    await first.stop();
    await first.close();
    expect([1, 2, 3].some(hashed)).toBe(false);

    const second = runner();
    second.start();
    await second.idle();
    expect(await second.status()).toMatchObject({ phase: 'stopped', files: 3 });
    await second.agree();
    await second.idle();
    expect([1, 2, 3].every(hashed)).toBe(true);
    expect(await second.status()).toMatchObject({ phase: 'done', files: 0, done: 3 });
    await second.close();

    // agreed and not stopped: a later start takes what is left by itself (one file added since)
    seed(4, 4);
    await lib.rescan();
    const tagged: string[] = [];
    const third = runner({
      tagOne: (l, item, d) => {
        tagged.push(item.id);
        return upgradeItem(l, item, d);
      },
    });
    third.start();
    await new Promise((r) => setTimeout(r, 50));
    await third.idle();
    expect(tagged).toEqual(['itm_old4']); // never a file twice
    await third.close();
  });

  it('waits while the creator searches, and reports a file it cannot tag with its reason', async () => {
    let failOnce = true;
    const r = runner({
      tagOne: async (l, item, d) => {
        if (item.id === 'itm_old2' && failOnce) {
          failOnce = false;
          return {
            ok: false,
            code: 'locked',
            reason: 'another program has the file open (locked)',
          };
        }
        return upgradeItem(l, item, d);
      },
    });
    r.noteSearch();
    await r.agree();
    expect((await r.status()).phase).toBe('paused');
    await r.idle();
    const s = await r.status();
    expect(s).toMatchObject({ phase: 'done', files: 1, done: 2, failedCount: 1 });
    expect(s.failed).toEqual([
      { id: 'itm_old2', title: 'Old 2', file: 'Old 2.wav', reason: 'locked' },
    ]);
    // Try again: the next run takes it
    await r.agree();
    await r.idle();
    expect(await r.status()).toMatchObject({ files: 0, failedCount: 0, done: 1 });
    await r.close();
  });

  it('names the sync service a library folder is in', () => {
    expect(syncServiceOf('C:\\Users\\ada\\OneDrive\\Music\\Cadenza')).toBe('OneDrive');
    expect(syncServiceOf('C:\\Users\\ada\\OneDrive - Contoso\\Cadenza')).toBe('OneDrive');
    expect(syncServiceOf('/Users/ada/Dropbox/Cadenza')).toBe('Dropbox');
    expect(syncServiceOf('/Users/ada/Library/Mobile Documents/com~apple~CloudDocs/Cadenza')).toBe(
      'iCloud Drive',
    );
    expect(syncServiceOf('/home/ada/Music/Cadenza')).toBeNull();
  });
});
