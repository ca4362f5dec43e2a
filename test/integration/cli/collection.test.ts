/**
 * `cadenza collection list|create|add|remove|export` as the built CLI over a library of real
 * recordings (issue 31, point 4): the .m3u8 it writes, the JSON listing, removing, the export in
 * the collection's order with track numbers and the album artist (ffprobe), and usage errors.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';
import { seedLibrary } from '../../support/export-library';
import { buildCli, createSandbox, runCli, type CliSandbox } from './run-cli';

let corpus: AudioCorpus;
let box: CliSandbox;
beforeAll(async () => {
  [corpus] = await Promise.all([ensureAudioCorpus(), buildCli()]);
}, 300_000);
beforeEach(() => {
  box = createSandbox();
  const path = (name: string) => corpus.files.find((f) => f.name === name)!.path;
  seedLibrary(box.libraryDir, [
    { id: 'itm_neon', title: 'Neon Tide', source: path('mp3-cbr128.mp3'), file: 'Neon Tide.mp3' },
    { id: 'itm_bells', title: 'Bells', source: path('wav-u8-mono.wav'), file: 'Bells.wav' },
  ]);
});
afterEach(() => box.dispose());

const cli = (args: string[]) => runCli(args, { env: box.env, timeoutMs: 120_000 });

const tags = (path: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(
      (
        JSON.parse(
          execFileSync('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', path], {
            encoding: 'utf8',
          }),
        ) as { format: { tags?: Record<string, string> } }
      ).format.tags ?? {},
    ).map(([k, v]) => [k.toLowerCase(), v]),
  );

describe('cadenza collection', () => {
  it('create, add, list, remove and export an album in its order', async () => {
    let r = await cli(['collection', 'create', 'Harbour', 'EP', '--artist', 'The Harbour']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Harbour EP');
    r = await cli(['collection', 'add', 'Harbour EP', 'Bells', 'itm_neon']);
    expect(r.code, r.stderr).toBe(0);
    const m3u8 = readFileSync(join(box.libraryDir, 'Collections', 'Harbour EP.m3u8'), 'utf8');
    expect(m3u8.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual([
      '../Bells.wav',
      '../Neon Tide.mp3',
    ]);
    expect(m3u8).toContain('#EXTART:The Harbour');

    r = await cli(['collection', 'list', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      {
        id: 'Harbour EP',
        name: 'Harbour EP',
        artist: 'The Harbour',
        items: [
          { id: 'itm_bells', file: 'Bells.wav' },
          { id: 'itm_neon', file: 'Neon Tide.mp3' },
        ],
      },
    ]);

    const to = join(box.root, 'out');
    r = await cli(['collection', 'export', 'Harbour EP', '--to', to, '--format', 'flac', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { files: string[] }).files).toEqual([
      'Bells.flac',
      'Neon Tide.flac',
    ]);
    expect(tags(join(to, 'Bells.flac'))).toMatchObject({
      album: 'Harbour EP',
      album_artist: 'The Harbour',
      track: '1',
      tracktotal: '2',
    });
    expect(tags(join(to, 'Neon Tide.flac'))).toMatchObject({ track: '2' });

    r = await cli(['collection', 'remove', 'Harbour EP', 'Bells']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('1 item');
  }, 300_000);

  it('usage errors: an unknown collection or subcommand is exit 2 with one line', async () => {
    let r = await cli(['collection', 'add', 'Nowhere', 'Bells']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no collection named 'Nowhere'");
    r = await cli(['collection', 'shuffle']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown subcommand');
  }, 120_000);
});
