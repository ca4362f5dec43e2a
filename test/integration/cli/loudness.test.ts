/**
 * `cadenza library loudness ITEM` through the built CLI: a file's integrated loudness and true
 * peak (measured in the CLI's worker thread, within 0.5 LU of ffmpeg's ebur128), the kept
 * measurement when the sidecar has one, and a clear refusal for AAC and for an unknown item.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';
import { buildCli, createSandbox, runCli, type CliSandbox } from './run-cli';

let corpus: AudioCorpus;
let box: CliSandbox;
beforeAll(async () => {
  corpus = await ensureAudioCorpus();
  await buildCli();
  box = createSandbox();
  mkdirSync(box.libraryDir, { recursive: true });
  copyFileSync(join(corpus.dir, 'vorbis.ogg'), join(box.libraryDir, 'Bells.ogg'));
  copyFileSync(join(corpus.dir, 'm4a-moov-first.m4a'), join(box.libraryDir, 'Aac.m4a'));
  copyFileSync(join(corpus.dir, 'wav-pcm16.wav'), join(box.libraryDir, 'Kept.wav'));
  writeFileSync(
    join(box.libraryDir, 'Kept.wav.json'),
    JSON.stringify({
      schema_version: 1,
      id: 'itm_kept00000000000001',
      kind: 'song',
      title: 'Kept one',
      created_at: '2025-01-01T00:00:00.000Z',
      loudness: {
        integratedLufs: -9.5,
        truePeakDb: -0.4,
        measuredAt: new Date(Date.now() + 60_000).toISOString(),
        version: 1,
      },
    }),
  );
}, 300_000);
afterAll(() => box.dispose());

describe('cadenza library loudness', () => {
  it("prints a found file's loudness, measured now, within 0.5 LU of ffmpeg", async () => {
    const res = await runCli(['library', 'loudness', 'Bells.ogg', '--json'], {
      env: box.env,
      timeoutMs: 60_000,
    });
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as {
      integratedLufs: number;
      truePeakDb: number;
      kept: boolean;
    };
    const { stderr } = spawnSync(
      'ffmpeg',
      [
        '-hide_banner',
        '-nostats',
        '-i',
        join(box.libraryDir, 'Bells.ogg'),
        '-af',
        'ebur128',
        '-f',
        'null',
        '-',
      ],
      { encoding: 'utf8' },
    );
    const ref = Number(
      /I:\s+(-?[\d.]+) LUFS/.exec(stderr.slice(stderr.lastIndexOf('Summary:')))![1],
    );
    expect(Math.abs(out.integratedLufs - ref)).toBeLessThanOrEqual(0.5);
    expect(out.kept).toBe(false);
    // the AAC file carries the same title tag: a title two items share is refused
    const both = await runCli(['library', 'loudness', 'Bells of Cadenza'], { env: box.env });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("2 items are called 'Bells of Cadenza'");
    const text = await runCli(['library', 'loudness', 'Bells.ogg'], {
      env: box.env,
      timeoutMs: 60_000,
    });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Integrated loudness {2}-\d+\.\d LUFS$/m);
    expect(text.stdout).toMatch(/^True peak {12}-?\d+\.\d dBTP$/m);
    // nothing was written into the library folder
    expect(readdirSync(box.libraryDir).sort()).toEqual([
      'Aac.m4a',
      'Bells.ogg',
      'Kept.wav',
      'Kept.wav.json',
    ]);
  }, 90_000);

  it('prints the measurement kept in the sidecar, by title', async () => {
    const res = await runCli(['library', 'loudness', 'Kept one', '--json'], {
      env: box.env,
      timeoutMs: 60_000,
    });
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({
      id: 'itm_kept00000000000001',
      kept: true,
      integratedLufs: -9.5,
      truePeakDb: -0.4,
    });
  }, 90_000);

  it('says what is not measured, and refuses an unknown item with a usage error', async () => {
    const aac = await runCli(['library', 'loudness', 'Aac.m4a'], {
      env: box.env,
      timeoutMs: 60_000,
    });
    expect(aac.code).toBe(1);
    expect(aac.stderr).toContain('only MP3, WAV, FLAC, Ogg Vorbis and Opus files are measured');
    const none = await runCli(['library', 'loudness', 'Nothing here'], {
      env: box.env,
      timeoutMs: 60_000,
    });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("no item 'Nothing here'");
  }, 90_000);
});
