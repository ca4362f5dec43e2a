/**
 * `cadenza library export`, run as the built CLI over a library of real recordings: FLAC and MP3
 * with tags read back by ffprobe, settings' export defaults, names never replacing a file, usage
 * errors.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
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
    {
      id: 'itm_neon',
      title: 'Neon Tide',
      source: path('mp3-cbr128.mp3'),
      file: 'Neon Tide.mp3',
      lyrics: '[Chorus]\nNeon tide',
      prompt: 'synthwave, 100 bpm',
    },
    { id: 'itm_bells', title: 'Bells', source: path('wav-u8-mono.wav'), file: 'Bells.wav' },
  ]);
});
afterEach(() => box.dispose());

const tags = (path: string): Record<string, string> => {
  const out = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path], {
      encoding: 'utf8',
    }),
  ) as { format: { tags?: Record<string, string> }; streams: Array<{ codec_name: string }> };
  const lower = Object.fromEntries(
    Object.entries(out.format.tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  return { ...lower, codec: out.streams[0]!.codec_name };
};

describe('cadenza library export', () => {
  it('writes FLAC files with tags and track numbers, by title and by id, into --to', async () => {
    const to = join(box.root, 'out');
    const r = await runCli(
      [
        'library',
        'export',
        'Neon Tide',
        'itm_bells',
        '--format',
        'flac',
        '--to',
        to,
        '--artist',
        'Ada',
        '--album',
        'Night Drives',
        '--json',
      ],
      { env: box.env, timeoutMs: 120_000 },
    );
    expect(r.stderr).toContain('[2/2] Bells');
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as { files: string[]; reencoded: number };
    expect(result).toMatchObject({ files: ['Neon Tide.flac', 'Bells.flac'], reencoded: 2 });
    expect(tags(join(to, 'Neon Tide.flac'))).toMatchObject({
      codec: 'flac',
      title: 'Neon Tide',
      artist: 'Ada',
      album: 'Night Drives',
      track: '1',
      tracktotal: '2',
      lyrics: '[Chorus]\nNeon tide',
      comment: 'synthwave, 100 bpm',
    });
    expect(tags(join(to, 'Bells.flac'))).toMatchObject({ title: 'Bells', track: '2' });
  }, 180_000);

  it('takes artist, album and format from settings, keeps an MP3 as it is, never replaces a file', async () => {
    mkdirSync(box.dataDir, { recursive: true });
    writeFileSync(
      join(box.dataDir, 'settings.json'),
      JSON.stringify({
        schema_version: 1,
        baseUrl: 'https://api.example.com',
        export: { format: 'mp3', artist: 'Settings Artist', album: 'Settings Album' },
      }),
    );
    const to = join(box.root, 'out');
    mkdirSync(to);
    writeFileSync(join(to, 'Neon Tide.mp3'), 'not mine to replace');
    const r = await runCli(['library', 'export', 'itm_neon', '--to', to, '--json'], {
      env: box.env,
      timeoutMs: 60_000,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ files: ['Neon Tide (2).mp3'], reencoded: 0 });
    expect(tags(join(to, 'Neon Tide (2).mp3'))).toMatchObject({
      codec: 'mp3',
      artist: 'Settings Artist',
      album: 'Settings Album',
      'lyrics-und': '[Chorus]\nNeon tide',
    });
  }, 120_000);

  it('--without-cadenza-data leaves the recipe out; without it the file carries the item id', async () => {
    const to = join(box.root, 'out');
    const plain = await runCli(
      ['library', 'export', 'itm_neon', '--to', to, '--format', 'mp3', '--without-cadenza-data'],
      { env: box.env, timeoutMs: 60_000 },
    );
    expect(plain.code, plain.stderr).toBe(0);
    const withData = await runCli(
      ['library', 'export', 'itm_neon', '--to', to, '--format', 'mp3'],
      {
        env: box.env,
        timeoutMs: 60_000,
      },
    );
    expect(withData.code, withData.stderr).toBe(0);
    expect(tags(join(to, 'Neon Tide.mp3'))).toMatchObject({ title: 'Neon Tide' });
    expect(tags(join(to, 'Neon Tide.mp3')).cadenza_recipe).toBeUndefined();
    expect(tags(join(to, 'Neon Tide (2).mp3')).cadenza_recipe).toContain('"id":"itm_neon"');
  }, 120_000);

  it('refuses a missing --to, an unknown format and an unknown item', async () => {
    const to = join(box.root, 'out');
    const noTo = await runCli(['library', 'export', 'itm_neon'], { env: box.env });
    expect([noTo.code, noTo.stderr]).toEqual([2, expect.stringContaining('--to DIR')]);
    const badFormat = await runCli(
      ['library', 'export', 'itm_neon', '--to', to, '--format', 'ogg'],
      {
        env: box.env,
      },
    );
    expect([badFormat.code, badFormat.stderr]).toEqual([2, expect.stringContaining('--format')]);
    const missing = await runCli(['library', 'export', 'Nope', '--to', to], { env: box.env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no item 'Nope'");
  }, 60_000);
});
