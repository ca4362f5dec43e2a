/**
 * Exporting library items (real corpus recordings) to MP3, WAV and FLAC through the export
 * service and the real worker, read back by ffprobe: tags (title, artist from settings, album,
 * track numbers, lyrics, prompt as comment, cover art), names never replacing a file, an MP3 kept
 * frame for frame, lengths, and loudness normalising measured by ffmpeg's ebur128.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { parseRecipe } from '@shared/domain/recipe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportOptions, ExportProgress } from '@shared/domain/export';
import type { LibraryItem } from '@shared/domain/library';
import { mp3AudioRange } from '../../../src/main/services/audio/tags';
import { createExportService } from '../../../src/main/services/export/service';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { ensureAudioCorpus } from '../../support/audio-corpus';
import { seedLibrary } from '../../support/export-library';
import { ffmpegInts } from '../../support/ffmpeg-pcm';

const root = mkdtempSync(join(tmpdir(), 'cadenza-export-'));
let library: Library;
let items: LibraryItem[];
const corpusFile: Record<string, string> = {};
const exporter = createExportService({
  settings: { get: () => ({ schema_version: 1, baseUrl: '', export: { artist: 'Ada' } }) },
});

beforeAll(async () => {
  const corpus = await ensureAudioCorpus();
  for (const f of corpus.files) corpusFile[f.name] = f.path;
  const cover = join(root, 'cover.png');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=64x64',
    '-frames:v',
    '1',
    cover,
  ]);
  seedLibrary(join(root, 'Library'), [
    {
      id: 'itm_one',
      title: 'Neon Tide',
      source: corpusFile['mp3-cbr128.mp3']!,
      file: 'Neon Tide.mp3',
      lyrics: '[Verse]\nCity lights',
      prompt: 'city pop, rain',
      cover,
    },
    {
      id: 'itm_two',
      title: 'Bells / Night?',
      source: corpusFile['flac-16.flac']!,
      file: 'Bells.flac',
    },
    {
      id: 'itm_three',
      title: 'Clip',
      source: corpusFile['wav-s24-extensible.wav']!,
      file: 'Clip.wav',
    },
  ]);
  library = createLibrary({ dir: join(root, 'Library'), watch: false });
  await library.open();
  items = ['itm_one', 'itm_two', 'itm_three'].map((id) => library.get(id)!);
}, 300_000);
afterAll(async () => {
  await library.close();
  rmSync(root, { recursive: true, force: true });
});

interface Probed {
  format: { duration: string; tags?: Record<string, string> };
  streams: Array<{
    codec_type: string;
    codec_name: string;
    disposition?: { attached_pic: number };
  }>;
}
const ffprobe = (path: string): Probed =>
  JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path], {
      encoding: 'utf8',
    }),
  ) as Probed;
const tagsOf = (p: Probed): Record<string, string> =>
  Object.fromEntries(Object.entries(p.format.tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]));

async function run(options: ExportOptions, folder: string, which = items) {
  mkdirSync(folder, { recursive: true });
  const progress: ExportProgress[] = [];
  const result = await exporter.exportItems(
    { items: which, library, folder, options },
    { onProgress: (p) => progress.push(p) },
  );
  return { result, progress };
}

describe('export to MP3, WAV and FLAC', () => {
  for (const format of ['mp3', 'flac', 'wav'] as const) {
    it(`writes ${format.toUpperCase()} files with every tag, numbered as a selection`, async () => {
      const folder = join(root, `out-${format}`);
      const { result, progress } = await run({ format, album: 'Night Drives' }, folder);
      expect(result.files).toEqual([
        `Neon Tide.${format}`,
        `Bells - Night.${format}`,
        `Clip.${format}`,
      ]);
      expect(progress.at(-1)).toEqual({ done: 3, total: 3, fraction: 1, current: null });
      expect(progress.map((p) => p.fraction)).toEqual(
        [...progress.map((p) => p.fraction)].sort((a, b) => a - b),
      );
      const first = ffprobe(join(folder, result.files[0]!));
      expect(first.streams[0]!.codec_name).toBe(format === 'wav' ? 'pcm_s16le' : format);
      const t = tagsOf(first);
      expect(t).toMatchObject({
        title: 'Neon Tide',
        artist: 'Ada',
        album: 'Night Drives',
        comment: 'city pop, rain',
      });
      expect(t.track).toBe(format === 'flac' ? '1' : '1/3');
      if (format === 'flac') expect(t.tracktotal).toBe('3');
      // ffmpeg does not show USLT from a WAV's id3 chunk: music-metadata reads the lyrics there
      if (format === 'wav')
        expect(
          JSON.stringify((await parseFile(join(folder, result.files[0]!))).common.lyrics),
        ).toContain('City lights');
      else expect(t[format === 'flac' ? 'lyrics' : 'lyrics-und']).toContain('City lights');
      expect(first.streams.find((s) => s.codec_type === 'video')?.disposition?.attached_pic).toBe(
        1,
      );
      expect(tagsOf(ffprobe(join(folder, result.files[2]!))).track).toMatch(/^3/);
      // the same length as the source (ffmpeg's decode of both), within an MP3 frame
      for (const [i, name] of result.files.entries()) {
        const want = ffmpegInts(library.pathOf(items[i]!)).channels[0]!.length;
        const got = ffmpegInts(join(folder, name)).channels[0]!.length;
        expect(Math.abs(got - want), name).toBeLessThanOrEqual(format === 'mp3' ? 1152 : 0);
      }
    }, 120_000);
  }

  it('keeps an MP3 exported as MP3 frame for frame (not re-encoded), with new tags', async () => {
    const folder = join(root, 'out-copy');
    const { result } = await run({ format: 'mp3' }, folder, [items[0]!]);
    expect(result.reencoded).toBe(0);
    const src = new Uint8Array(readFileSync(library.pathOf(items[0]!)));
    const out = new Uint8Array(readFileSync(join(folder, result.files[0]!)));
    const a = mp3AudioRange(src);
    const b = mp3AudioRange(out);
    expect(Buffer.compare(out.subarray(b.start, b.end), src.subarray(a.start, a.end))).toBe(0);
    const t = tagsOf(ffprobe(join(folder, result.files[0]!)));
    expect(t.title).toBe('Neon Tide');
    expect(t.track).toBeUndefined(); // one item: no track number
  });

  it('merges into the MP3’s own frames and carries the recipe; "without Cadenza data" leaves it out', async () => {
    const source = tagsOf(ffprobe(library.pathOf(items[0]!)));
    expect(source.encoder).toBeTruthy(); // LAME's own frame, which Cadenza does not own
    const folder = join(root, 'out-recipe');
    const { result } = await run({ format: 'mp3' }, folder, [items[0]!]);
    const t = tagsOf(ffprobe(join(folder, result.files[0]!)));
    expect(t.encoder).toBe(source.encoder);
    expect(parseRecipe(t.cadenza_recipe!)).toMatchObject({
      v: 1,
      id: 'itm_one',
      prompt: 'city pop, rain',
    });
    for (const format of ['mp3', 'flac', 'original'] as const) {
      const plain = join(root, `out-plain-${format}`);
      const { result: r } = await run({ format, withoutCadenzaData: true }, plain, [items[0]!]);
      const p = tagsOf(ffprobe(join(plain, r.files[0]!)));
      expect(p.cadenza_recipe, format).toBeUndefined();
      expect(p.title, format).toBe(format === 'original' ? source.title : 'Neon Tide');
    }
  });

  it('never replaces a file already in the folder', async () => {
    const folder = join(root, 'out-taken');
    mkdirSync(folder);
    writeFileSync(join(folder, 'clip.flac'), 'mine');
    const { result } = await run({ format: 'flac' }, folder, [items[2]!]);
    expect(result.files).toEqual(['Clip (2).flac']);
    expect(readFileSync(join(folder, 'clip.flac'), 'utf8')).toBe('mine');
  });

  it('normalises to the levelling target (ffmpeg ebur128 agrees)', async () => {
    const folder = join(root, 'out-loud');
    const { result } = await run({ format: 'wav', normalise: true }, folder, [items[2]!]);
    const out = join(folder, result.files[0]!);
    /** ffmpeg's ebur128 summary: integrated loudness and true peak. */
    const summary = (path: string): { i: number; peak: number } => {
      const log = spawnSync(
        'ffmpeg',
        ['-hide_banner', '-nostats', '-i', path, '-af', 'ebur128=peak=true', '-f', 'null', '-'],
        { encoding: 'utf8' },
      ).stderr;
      const tail = log.slice(log.lastIndexOf('Summary:'));
      return {
        i: Number(/I:\s+(-?[\d.]+) LUFS/.exec(tail)![1]),
        peak: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(tail)![1]),
      };
    };
    const before = summary(library.pathOf(items[2]!));
    const after = summary(out);
    // either at the target, or as loud as the −1 dBTP ceiling allows
    const atTarget = Math.abs(after.i - -14) < 0.5;
    const atCeiling = Math.abs(after.peak - -1) < 0.6 && after.i < -14;
    expect(atTarget || atCeiling, JSON.stringify({ before, after })).toBe(true);
    expect(Math.abs(after.i - before.i)).toBeGreaterThan(0.5);
  }, 60_000);
});
