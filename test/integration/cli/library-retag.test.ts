/**
 * `cadenza library retag` (issue 28, point 4), run as the built CLI over a library as an earlier
 * version left it (real MP3, FLAC and WAV, no tags, sidecars without an audio hash): --dry-run
 * says how many files and bytes and writes nothing; the retag gives every file the tags and
 * recipe its sidecar describes, as ffprobe and an independent reader (music-metadata) see them,
 * the audio payload and modification time unchanged. REPORT=1 prints what the readers saw.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audioPayloadHash, readRecipeText } from '../../../src/main/services/audio/tags';
import { parseRecipe } from '@shared/domain/recipe';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';
import { seedLibrary } from '../../support/export-library';
import { buildCli, createSandbox, runCli, type CliSandbox } from './run-cli';

let corpus: AudioCorpus;
let box: CliSandbox;
const FILES = ['Neon Tide.mp3', 'Harbour.flac', 'Bells.wav'];
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
    {
      id: 'itm_harbour',
      title: 'Harbour',
      source: path('flac-16.flac'),
      file: 'Harbour.flac',
      lyrics: 'Ships at night',
      prompt: 'ambient harbour',
    },
    { id: 'itm_bells', title: 'Bells', source: path('wav-pcm16.wav'), file: 'Bells.wav' },
  ]);
});
afterEach(() => box.dispose());

const ffprobe = (path: string): Record<string, string> => {
  const out = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', path], {
      encoding: 'utf8',
    }),
  ) as { format: { tags?: Record<string, string> } };
  return Object.fromEntries(
    Object.entries(out.format.tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
};

async function seen(file: string) {
  const path = join(box.libraryDir, file);
  const { common } = await parseFile(path);
  return {
    ffprobe: ffprobe(path),
    independent: {
      title: common.title,
      lyrics: common.lyrics?.map((l) => l.text),
      comment: common.comment?.map((c) => c.text),
      recipe: !!(await readRecipeText(path)),
    },
  };
}

describe('cadenza library retag', () => {
  it('--dry-run counts files and bytes; the retag tags them, audio and mtime unchanged', async () => {
    const before = await Promise.all(FILES.map(seen));
    const bytes = FILES.reduce((n, f) => n + statSync(join(box.libraryDir, f)).size, 0);
    const hashes = await Promise.all(FILES.map((f) => audioPayloadHash(join(box.libraryDir, f))));
    const mtimes = FILES.map((f) => statSync(join(box.libraryDir, f)).mtimeMs);
    const raw = FILES.map((f) => readFileSync(join(box.libraryDir, f)));
    for (const b of before) expect(b.independent.recipe).toBe(false);

    const dry = await runCli(['library', 'retag', '--dry-run', '--json'], { env: box.env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual({ files: 3, bytes, dryRun: true });
    FILES.forEach((f, i) =>
      expect(readFileSync(join(box.libraryDir, f)).equals(raw[i]!)).toBe(true),
    );

    const r = await runCli(['library', 'retag'], { env: box.env, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Tagged 3 of 3 files');
    const after = await Promise.all(FILES.map(seen));
    if (process.env.REPORT)
      console.log(
        JSON.stringify(
          FILES.map((f, i) => ({ f, before: before[i], after: after[i] })),
          null,
          2,
        ),
      );
    expect(after[0]!.ffprobe).toMatchObject({ title: 'Neon Tide', comment: 'synthwave, 100 bpm' });
    expect(after[0]!.independent).toMatchObject({ lyrics: ['[Chorus]\nNeon tide'], recipe: true });
    expect(after[1]!.ffprobe).toMatchObject({ title: 'Harbour', lyrics: 'Ships at night' });
    expect(after[2]!.ffprobe).toMatchObject({ title: 'Bells' });
    for (const [i, f] of FILES.entries()) {
      const path = join(box.libraryDir, f);
      expect((await audioPayloadHash(path)).sha256).toBe(hashes[i]!.sha256);
      expect(Math.abs(statSync(path).mtimeMs - mtimes[i]!)).toBeLessThan(1); // utimes keeps ms
      const sidecar = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as Record<string, unknown>;
      expect(sidecar.audio_sha256).toBe(hashes[i]!.sha256);
      expect(parseRecipe((await readRecipeText(path))!)?.id).toBe(sidecar.id);
    }
    const again = await runCli(['library', 'retag', '--dry-run'], { env: box.env });
    expect(again.stdout).toContain('carries its tags already');
  }, 180_000);

  it('a damaged FLAC is said to be damaged, left byte for byte, and not promised a retry', async () => {
    const flac = readFileSync(corpus.files.find((f) => f.name === 'flac-16.flac')!.path);
    // cut off inside its own metadata, as an interrupted copy leaves it
    const cut = join(box.libraryDir, 'Cut.flac');
    writeFileSync(cut, flac.subarray(0, 3000));
    writeFileSync(
      `${cut}.json`,
      JSON.stringify({
        schema_version: 1,
        id: 'itm_cut',
        kind: 'song',
        title: 'Cut',
        created_at: '2026-01-01T00:00:00Z',
      }),
    );
    const r = await runCli(['library', 'retag'], { env: box.env, timeoutMs: 60_000 });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Tagged 3 of 4 files');
    expect(r.stdout).toContain(
      'Not tagged: Cut.flac: the file is damaged (it ends before its own headers say); it is left as it is\n',
    );
    expect(r.stdout).not.toContain('try again later');
    expect(readFileSync(cut).equals(flac.subarray(0, 3000))).toBe(true);
  }, 180_000);
});
