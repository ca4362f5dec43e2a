/**
 * The library reads what it finds: real recordings copied into the library folder outside the
 * app are probed in the background (length, tags, embedded art as cover), listed by the built
 * CLI like items the app made, and get a sidecar only when the user edits them.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibrary } from '../../../src/main/services/library/library';
import { createMediaHandler } from '../../../src/main/services/media-protocol/handler';
import { toLibraryItemView } from '@shared/ipc/library';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';
import { buildCli, createSandbox, runCli, type CliSandbox } from '../cli/run-cli';

let corpus: AudioCorpus;
let box: CliSandbox;
const NAMES = [
  'mp3-id3v2-art.mp3',
  'flac-16.flac',
  'opus.opus',
  'freedesktop-alarm.oga',
  'wav-s32.wav',
];

beforeAll(async () => {
  corpus = await ensureAudioCorpus();
  await buildCli();
  box = createSandbox();
  mkdirSync(box.libraryDir, { recursive: true });
  for (const n of NAMES) copyFileSync(join(corpus.dir, n), join(box.libraryDir, n));
}, 300_000);
afterAll(() => box.dispose());

describe('files added to the library folder outside the app', () => {
  it('are listed by `cadenza library list --json` with their length and tags, and nothing is written', async () => {
    const before = readdirSync(box.libraryDir).sort();
    const res = await runCli(['library', 'list', '--json'], { env: box.env, timeoutMs: 60_000 });
    expect(res.code, res.stderr).toBe(0);
    const items = JSON.parse(res.stdout) as Array<Record<string, unknown>>;
    const byFile = new Map(items.map((i) => [i.file, i]));
    expect(byFile.size).toBe(NAMES.length);
    expect(byFile.get('mp3-id3v2-art.mp3')).toMatchObject({
      title: 'Bells of Cadenza',
      hasSidecar: false,
    });
    expect(byFile.get('flac-16.flac')).toMatchObject({ title: 'Bells of Cadenza' });
    expect(byFile.get('freedesktop-alarm.oga')).toMatchObject({ title: 'freedesktop-alarm' });
    const ms = (f: string): number =>
      (byFile.get(f)?.durationMs ?? byFile.get(f)?.duration_ms) as number;
    expect(Math.abs(ms('mp3-id3v2-art.mp3') - 29_989)).toBeLessThan(60);
    expect(Math.abs(ms('flac-16.flac') - 29_956)).toBeLessThan(30);
    expect(Math.abs(ms('opus.opus') - 29_963)).toBeLessThan(30);
    expect(Math.abs(ms('freedesktop-alarm.oga') - 6_128)).toBeLessThan(30);
    expect(Math.abs(ms('wav-s32.wav') - 10_000)).toBeLessThan(5);
    // a read-only listing writes nothing into the library folder
    expect(readdirSync(box.libraryDir).sort()).toEqual(before);
  }, 90_000);

  it('show embedded art as the cover, and write a sidecar only when edited', async () => {
    const lib = createLibrary({ dir: box.libraryDir, watch: false });
    await lib.open();
    try {
      const mp3 = lib.items().find((i) => i.file === 'mp3-id3v2-art.mp3')!;
      const view = toLibraryItemView(mp3);
      expect(view.coverUrl).toBe('cadenza-media://art/mp3-id3v2-art.mp3');
      expect(
        toLibraryItemView(lib.items().find((i) => i.file === 'flac-16.flac')!).coverUrl,
      ).toBeNull();
      const handler = createMediaHandler({ roots: () => ({ library: box.libraryDir }) });
      const res = await handler.handle({ url: view.coverUrl!, headers: {} });
      expect(res.status).toBe(200);
      expect(res.headers['Content-Type']).toBe('image/jpeg');
      expect(Number(res.headers['Content-Length'])).toBeGreaterThan(10_000);
      res.body?.destroy();
      expect(existsSync(join(box.libraryDir, 'mp3-id3v2-art.mp3.json'))).toBe(false);

      const renamed = await lib.rename(mp3.id, 'Bells at dawn');
      expect(renamed.hasSidecar).toBe(true);
      expect(renamed.duration_ms).toBe(mp3.duration_ms);
      expect(existsSync(join(box.libraryDir, 'Bells at dawn.mp3.json'))).toBe(true);
      expect(readdirSync(box.libraryDir).filter((n) => n.endsWith('.json'))).toEqual([
        'Bells at dawn.mp3.json',
      ]);
    } finally {
      await lib.close();
    }
  }, 60_000);
});
