/**
 * `cadenza song create` as a user runs it: the built CLI against the emulator over real HTTP,
 * with its own data and library folders. Both V2 status vocabularies, /v1/music, extensions
 * (checked before sending, sent with is_auto=0 and continue_at in seconds) and failures.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { type CliResult, runCli, useCliAgainstEmulator } from './run-cli';
import { sameAudio } from '../../support/same-audio';

const KEY = 'cli-song-key-8d1c55e0';

/** The library folder's names; opening it never creates it, so it may not be there yet. */
const libraryFiles = (): string[] =>
  existsSync(cli.box.libraryDir) ? readdirSync(cli.box.libraryDir) : [];

const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: { stepMs: 120, counters: { key_music_counts: 10 } },
  eachTest: (emu) => emu.configure({ stepMs: 120, songDurationMs: 12_000 }),
});
const env = (): NodeJS.ProcessEnv => cli.env();
const song = (args: string[]): Promise<CliResult> =>
  runCli(['song', 'create', ...args], { env: env(), timeoutMs: 30_000 });

interface SidecarOut {
  id: string;
  title: string;
  lyrics: string | null;
  duration_ms: number | null;
  model: string | null;
  prompt: string | null;
  parent_id: string | null;
  variation_group: string | null;
  service_ids: Record<string, string>;
  media_file: string;
  cover_file: string | null;
}
interface WaitOut {
  job_id: string;
  state: string;
  music_counts: { before: number | null; after: number | null };
  songs: SidecarOut[];
}

const submits = () =>
  cli.emu.log.filter(
    (e) => e.origin === 'service' && e.method === 'POST' && e.path === '/v2/submit',
  );
const mediaBytes = async (songId: string): Promise<Buffer> =>
  Buffer.from(await (await fetch(`${cli.emu.mediaUrl}/media/song/${songId}.mp3`)).arrayBuffer());

function expectOneLineFailure(r: CliResult, message: RegExp): void {
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  const lines = r.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^cadenza: /);
  expect(lines[0]).toMatch(message);
}

async function createAndWait(args: string[]): Promise<WaitOut> {
  const r = await song([...args, '--wait', '--json']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as WaitOut;
}

describe('cadenza song create', () => {
  it('without --wait prints the job id once the service accepted it, in description mode', async () => {
    const r = await song(['--prompt', 'lo-fi rain on a tin roof', '--model', 'v4.0']);
    expect(r.code).toBe(0);
    const jobId = r.stdout.trim();
    expect(jobId).toMatch(/^job_[A-Za-z0-9_-]+$/);
    const [sent] = submits();
    expect(sent?.json).toEqual({
      is_auto: 1,
      prompt: 'lo-fi rain on a tin roof',
      model_version: 'v4.0',
    });
    // The job is recorded in the data folder, with the two song ids, for the app to follow.
    const record = JSON.parse(
      readFileSync(join(cli.box.dataDir, 'jobs', `${jobId}.json`), 'utf8'),
    ) as {
      serviceIds: string[];
      state: string;
    };
    expect(record.serviceIds).toHaveLength(2);
    expect(['submitted', 'running']).toContain(record.state);
    // Nothing was downloaded: the command returned before the songs were done.
    expect(libraryFiles().filter((n) => n.endsWith('.mp3'))).toEqual([]);
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  for (const vocabulary of ['spec', 'logged'] as const) {
    it(`--wait follows the job (${vocabulary} statuses) and saves both songs with sidecars, covers and lyrics`, async () => {
      cli.emu.configure({ vocabulary });
      const lyricsFile = join(cli.box.root, 'lyrics.txt');
      writeFileSync(lyricsFile, '[Verse]\r\nCity lights on the water\r\n[Chorus]\r\nNeon tide\r\n');
      const out = await createAndWait([
        '--prompt',
        'city pop, warm bass',
        '--title',
        'Neon Tide',
        '--lyrics-file',
        lyricsFile,
        '--model',
        'v3.5',
      ]);
      expect(out.state).toBe('done');
      expect(out.music_counts).toEqual({ before: 10, after: 9 });
      expect(submits()[0]?.json).toMatchObject({
        is_auto: 0,
        title: 'Neon Tide',
        instrumental: 0,
        lyrics: '[Verse]\nCity lights on the water\n[Chorus]\nNeon tide\n',
      });
      expect(out.songs).toHaveLength(2);
      const made = cli.emu.songs();
      for (const s of out.songs) {
        expect(s.title).toBe('Neon Tide');
        expect(s.lyrics).toContain('City lights on the water');
        expect(s.model).toBe('v3.5');
        expect(s.variation_group).toBe(out.job_id);
        const songId = s.service_ids.song_id!;
        const emulated = made.find((m) => m.songId === songId)!;
        expect(s.duration_ms).toBe(emulated.durationMs);
        expect(await sameAudio(s.media_file, await mediaBytes(songId))).toBe(true);
        expect(s.cover_file).toMatch(/\.png$/);
        const sidecarOnDisk = JSON.parse(
          readFileSync(`${s.media_file}.json`, 'utf8'),
        ) as SidecarOut;
        expect(sidecarOnDisk.id).toBe(s.id);
      }
      expect(new Set(out.songs.map((s) => s.service_ids.song_id)).size).toBe(2);
    });
  }

  it('--from reuses the settings of a saved file (its recipe and tags) or an item; flags override', async () => {
    const lyricsFile = join(cli.box.root, 'lyrics.txt');
    writeFileSync(lyricsFile, '[Verse]\nHarbour lights\n');
    const out = await createAndWait([
      '--prompt',
      'dream pop, slow',
      '--title',
      'Harbour',
      '--lyrics-file',
      lyricsFile,
      '--model',
      'v3.5',
    ]);
    const made = out.songs[0]!;
    const fromFile = await song(['--from', made.media_file]);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(submits()[1]?.json).toMatchObject({
      is_auto: 0,
      prompt: 'dream pop, slow',
      title: 'Harbour',
      lyrics: '[Verse]\nHarbour lights', // as the file's tags carry it
      instrumental: 0,
      model_version: 'v3.5',
    });
    const fromItem = await song(['--from', made.id, '--prompt', 'dream pop, faster']);
    expect(fromItem.code).toBe(0);
    expect(submits()[2]?.json).toMatchObject({
      is_auto: 0,
      prompt: 'dream pop, faster',
      title: 'Harbour',
      lyrics: '[Verse]\nHarbour lights\n', // the sidecar's, as written (the listing's row has none)
      model_version: 'v3.5',
    });
    const plain = join(cli.box.root, 'plain.txt');
    writeFileSync(plain, 'not audio');
    const refused = await song(['--from', plain]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('carries no Cadenza recipe');
    expect(submits()).toHaveLength(3);
  });

  it('--api v1 makes both songs with one synchronous call, with real line breaks in the lyrics', async () => {
    const out = await createAndWait([
      '--api',
      'v1',
      '--prompt',
      'sea shanty',
      '--title',
      'Haul Away',
      '--lyrics-file',
      writeLyrics('[Verse]\nHaul away\nHaul away joe\n'),
    ]);
    expect(out.songs).toHaveLength(2);
    expect(cli.emu.log.some((e) => e.method === 'POST' && e.path === '/v1/music')).toBe(true);
    expect(submits()).toHaveLength(0);
    for (const s of out.songs) {
      expect(s.lyrics).toContain('Haul away\n');
      expect(s.lyrics).not.toContain('\\n');
      expect(s.model).toBe('v1');
    }
  });

  it('extends a library song: checked before sending, sent with is_auto=0 and continue_at in seconds, parent named', async () => {
    const parent = await createAndWait(['--prompt', 'synthwave night drive']);
    // without --model the CLI asks for the default model, v4.5-plus
    expect(submits().at(-1)?.json).toMatchObject({ model_version: 'v4.5-plus' });
    expect(parent.songs.map((s) => s.model)).toEqual(['v4.5-plus', 'v4.5-plus']);
    const first = parent.songs[0]!;
    const parentSongId = first.service_ids.song_id!;
    expect(first.duration_ms).toBe(12_000);

    // 0 and past the end are refused without a request.
    const before = submits().length;
    expectOneLineFailure(
      await song(['--prompt', 'more', '--extend', parentSongId, '--at', '0']),
      /after 0 seconds/,
    );
    expectOneLineFailure(
      await song(['--prompt', 'more', '--extend', first.id, '--at', '12.5']),
      /only 12 seconds long/,
    );
    expect(submits()).toHaveLength(before);

    const child = await createAndWait([
      '--prompt',
      'synthwave, bigger chorus',
      '--extend',
      first.id,
      '--at',
      '7.5',
    ]);
    const sent = submits().at(-1)?.json as Record<string, unknown>;
    expect(sent).toMatchObject({ is_auto: 0, continue_song_id: parentSongId, continue_at: 7.5 });
    expect(
      cli.emu
        .songs()
        .filter((s) => s.parentSongId === parentSongId)
        .map((s) => s.continueAtS),
    ).toEqual([7.5, 7.5]);
    for (const s of child.songs) {
      expect(s.parent_id).toBe(first.id);
      expect(s.service_ids.parent_song_id).toBe(parentSongId);
    }
  });

  it('extends a song known only to the service, reading its length from /v2/query', async () => {
    const parent = await createAndWait(['--prompt', 'ambient piano']);
    const parentSongId = parent.songs[1]!.service_ids.song_id!;
    cli.freshSandbox(); // a fresh library that does not hold the parent
    expectOneLineFailure(
      await song(['--prompt', 'more', '--extend', parentSongId, '--at', '30']),
      /only 12 seconds long/,
    );
    const child = await createAndWait([
      '--prompt',
      'ambient piano, strings',
      '--extend',
      parentSongId,
      '--at',
      '3',
    ]);
    expect(child.songs.map((s) => s.service_ids.parent_song_id)).toEqual([
      parentSongId,
      parentSongId,
    ]);
    expect(child.songs[0]?.parent_id).toBeNull();
  });

  it('a failed generation exits 1 with the service reason; validation fails before anything is sent', async () => {
    const failed = await song(['--prompt', 'doomed #fail', '--wait']);
    expect(failed.code).toBe(1);
    expect(failed.stderr.split('\n').filter(Boolean).at(-1)).toMatch(/^cadenza: .*fail/i);
    expect(libraryFiles().filter((n) => n.endsWith('.mp3'))).toEqual([]);

    const n = cli.emu.log.length;
    expectOneLineFailure(await song(['--prompt', 'x'.repeat(181)]), /180 characters/);
    expectOneLineFailure(
      await song(['--prompt', 'ok', '--title', 't'.repeat(81)]),
      /80 characters/,
    );
    expect(cli.emu.log.slice(n).filter((e) => e.method === 'POST')).toEqual([]);
  });

  it('rejects wrong use with exit code 2', async () => {
    const r = await song(['--prompt', 'p', '--extend', 'abc']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--extend and --at go together/);
    expect((await song(['--prompt', 'p', '--api', 'v3'])).code).toBe(2);
    expect((await song(['--prompt', 'p', '--model', 'v9'])).code).toBe(2);
  });
});

function writeLyrics(text: string): string {
  const p = join(cli.box.root, `lyrics-${Date.now()}.txt`);
  writeFileSync(p, text);
  return p;
}
