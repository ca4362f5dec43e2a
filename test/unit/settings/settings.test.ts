import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL } from '@shared/defaults';
import { AppError } from '@shared/errors';
import { createSettingsStore, writeFileAtomic } from '../../../src/main/services/settings';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cadenza-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const settingsFile = () => join(dir, 'settings.json');
const store = (env: NodeJS.ProcessEnv = {}) =>
  createSettingsStore(dir, env, {
    defaultLibraryDir: '/music/Cadenza',
    now: () => new Date('2026-01-02T03:04:05.678Z'),
  });

describe('settings store', () => {
  it('starts from the defaults without writing a file', () => {
    const s = store();
    expect(s.get()).toEqual({ schema_version: 1, baseUrl: DEFAULT_BASE_URL });
    expect(s.baseUrl()).toBe(DEFAULT_BASE_URL);
    expect(s.libraryDir()).toBe('/music/Cadenza');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('persists updates with schema_version and reads them back in a new store', async () => {
    await store().update({ baseUrl: 'https://api.example.org/', libraryDir: '/data/songs' });
    const onDisk = JSON.parse(readFileSync(settingsFile(), 'utf8'));
    expect(onDisk).toEqual({
      schema_version: 1,
      baseUrl: 'https://api.example.org',
      libraryDir: '/data/songs',
    });
    const again = store();
    expect(again.baseUrl()).toBe('https://api.example.org');
    expect(again.libraryDir()).toBe('/data/songs');
  });

  it('sees a change written by another process (the CLI) without restarting', async () => {
    const app = store();
    expect(app.baseUrl()).toBe(DEFAULT_BASE_URL);
    await store().update({ baseUrl: 'http://127.0.0.1:4010' });
    expect(app.baseUrl()).toBe('http://127.0.0.1:4010');
  });

  it('reads a corrupt file as the defaults without moving it, and keeps it aside on the next save', async () => {
    writeFileSync(settingsFile(), '{"schema_version": 1, "baseUrl": ');
    const s = store();
    expect(s.get().baseUrl).toBe(DEFAULT_BASE_URL);
    expect(readdirSync(dir)).toEqual(['settings.json']);
    await s.update({ autoUpdate: false });
    expect(readdirSync(dir).sort()).toEqual([
      'settings.json',
      'settings.json.corrupt-2026-01-02T03-04-05-678Z',
    ]);
    expect(readFileSync(join(dir, 'settings.json.corrupt-2026-01-02T03-04-05-678Z'), 'utf8')).toBe(
      '{"schema_version": 1, "baseUrl": ',
    );
  });

  it('treats valid JSON that fails the schema as invalid (plain http to a remote host)', async () => {
    writeFileSync(
      settingsFile(),
      JSON.stringify({ schema_version: 1, baseUrl: 'http://example.com' }),
    );
    const s = store();
    expect(s.baseUrl()).toBe(DEFAULT_BASE_URL);
    expect(readdirSync(dir)).toEqual(['settings.json']);
    await s.update({ autoUpdate: true });
    expect(readdirSync(dir).some((f) => f.startsWith('settings.json.corrupt-'))).toBe(true);
  });

  it('refuses an invalid address on update and leaves the file untouched', async () => {
    const s = store();
    await s.update({ baseUrl: 'https://good.example' });
    const before = readFileSync(settingsFile(), 'utf8');
    const err = await s.update({ baseUrl: 'http://example.com' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('validation');
    expect((err as AppError).fields?.baseUrl).toMatch(/https/);
    expect(readFileSync(settingsFile(), 'utf8')).toBe(before);
  });

  it('lets CADENZA_BASE_URL and CADENZA_LIBRARY override the stored values without writing them', async () => {
    await store().update({ baseUrl: 'https://stored.example', libraryDir: '/stored/lib' });
    const s = store({ CADENZA_BASE_URL: 'http://localhost:9999/', CADENZA_LIBRARY: '/env/lib' });
    expect(s.baseUrl()).toBe('http://localhost:9999');
    expect(s.libraryDir()).toBe('/env/lib');
    expect(s.get()).toMatchObject({ baseUrl: 'https://stored.example', libraryDir: '/stored/lib' });
  });

  it('refuses an unsafe CADENZA_BASE_URL with a validation error naming the variable', () => {
    const s = store({ CADENZA_BASE_URL: 'http://example.com' });
    expect(() => s.baseUrl()).toThrow(/CADENZA_BASE_URL/);
  });

  it('keeps the theme, sidebar and first-run state; an unknown theme in the file is refused', async () => {
    await store().update({ theme: 'light', sidebar: 'collapsed', firstRunDone: true });
    expect(store().get()).toMatchObject({
      theme: 'light',
      sidebar: 'collapsed',
      firstRunDone: true,
    });
    writeFileSync(
      settingsFile(),
      JSON.stringify({ schema_version: 1, baseUrl: DEFAULT_BASE_URL, theme: 'sepia' }),
    );
    expect(store().get()).toEqual({ schema_version: 1, baseUrl: DEFAULT_BASE_URL });
  });

  it('serialises concurrent updates so none is lost', async () => {
    const s = store();
    await Promise.all([
      s.update({ baseUrl: 'https://a.example' }),
      s.update({ libraryDir: '/lib/b' }),
    ]);
    expect(store().get()).toMatchObject({ baseUrl: 'https://a.example', libraryDir: '/lib/b' });
  });
});

describe('writeFileAtomic', () => {
  it('replaces the file in one step and leaves no temporary file behind', async () => {
    const file = join(dir, 'data.json');
    writeFileSync(file, 'old');
    const inodeBefore = statSync(file).ino;
    await writeFileAtomic(file, 'new content');
    expect(readFileSync(file, 'utf8')).toBe('new content');
    // A rename puts a new file in place: readers holding the old one never see a half-written file.
    expect(statSync(file).ino).not.toBe(inodeBefore);
    expect(readdirSync(dir)).toEqual(['data.json']);
  });

  it('creates the folder and applies the requested mode', async () => {
    const file = join(dir, 'nested', 'secret.json');
    await writeFileAtomic(file, '{}', { mode: 0o600, makeFolder: true });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('never lets a concurrent reader see a partly written file', async () => {
    const file = join(dir, 'big.json');
    const a = 'a'.repeat(2_000_000);
    const b = 'b'.repeat(1_000_000);
    await writeFileAtomic(file, a);
    let reads = 0;
    let done = false;
    const reader = (async () => {
      while (!done) {
        const seen = readFileSync(file, 'utf8');
        expect(seen === a || seen === b).toBe(true);
        reads += 1;
        await new Promise((r) => setImmediate(r));
      }
    })();
    for (let i = 0; i < 10; i += 1) await writeFileAtomic(file, i % 2 ? a : b);
    done = true;
    await reader;
    expect(reads).toBeGreaterThan(1);
  });
});
