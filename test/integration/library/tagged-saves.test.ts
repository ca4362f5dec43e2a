/**
 * Every file the library saves tells its own story (issue 28, points 1–2): saved through
 * `createItem` — the one door songs, extensions, whole songs, trims, covers and speech take — a
 * real MP3, FLAC and WAV come out with title, artist and album (Settings' defaults), lyrics,
 * cover, genre, date and the recipe, as ffprobe and metaflac read them; the recipe read back
 * matches the sidecar and carries no URL or path; the audio is the source's, byte for byte, and
 * the sidecar records the file's size and its audio hash.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecipe, recipeOf } from '@shared/domain/recipe';
import { createLibrary, type Library } from '../../../src/main/services/library/library';
import { audioPayloadHash, readRecipeText } from '../../../src/main/services/audio/tags';
import type { LibraryChange } from '@shared/domain/library';
import { LOUDNESS_METER_VERSION } from '@shared/domain/loudness';
import { createLoudnessService } from '../../../src/main/services/analysis/loudness';
import type { JobsHost } from '../../../src/main/services/jobs-host';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';
import { setWords, words } from '../../../src/main/services/words';
import { englishText } from '@shared/i18n/english';

const root = mkdtempSync(join(tmpdir(), 'cadenza-tagged-saves-'));
const dir = join(root, 'Library');
let corpus: AudioCorpus;
let lib: Library;
let png: string;

beforeAll(async () => {
  corpus = await ensureAudioCorpus();
  png = join(root, 'cover.png');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=64x64',
    '-frames:v',
    '1',
    png,
  ]);
  lib = createLibrary({
    dir,
    indexFile: join(root, 'index.json'),
    watch: false,
    tagDefaults: () => ({ artist: 'Ada', album: 'Night Drives' }),
  });
  await lib.open();
}, 300_000);

afterAll(async () => {
  await lib.close();
  if (!process.env.KEEP) rmSync(root, { recursive: true, force: true });
});

function ffprobeTags(path: string): Record<string, string> {
  const out = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-of', 'json', path], {
      encoding: 'utf8',
    }),
  ) as { format: { tags?: Record<string, string> } };
  return Object.fromEntries(
    Object.entries(out.format.tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
}

const source = (name: string): string => corpus.files.find((f) => f.name === name)!.path;

const meta = {
  kind: 'song' as const,
  title: 'Neon Tide',
  lyrics: '[Verse]\nCity lights on the water',
  tags: ['city pop', 'lo-fi'],
  prompt: 'lo-fi rain, city pop',
  model: 'chirp-v4',
  mode: 'custom' as const,
  instrumental: false,
  service_ids: { song_id: 'abc123', media: 'https://cdn.example/x.mp3?token=SECRET' },
  source_url: 'https://cdn.example/song.mp3?token=SECRET',
  parent_id: 'itm_parent0001',
  continue_at_s: 42.5,
  created_at: '2026-11-27T21:00:00.000Z',
};

describe.each([
  ['mp3-id3v2-art.mp3', '.mp3'],
  ['flac-16.flac', '.flac'],
  ['wav-pcm16.wav', '.wav'],
])('a %s saved by the library', (name, ext) => {
  it('carries its tags and recipe; the audio is the source’s', async () => {
    const before = await audioPayloadHash(source(name));
    const title = `Neon Tide ${ext.slice(1)}`; // each with its own cover name
    const item = await lib.createItem({
      meta: { ...meta, title },
      ext,
      writeMedia: async (tmp) => copyFileSync(source(name), tmp),
      cover: { ext: '.png', write: async (tmp) => copyFileSync(png, tmp) },
    });
    const path = lib.pathOf(item);
    const t = ffprobeTags(path);
    expect(t.title).toBe(title);
    expect(t.artist).toBe('Ada');
    expect(t.album).toBe('Night Drives');
    expect(t.genre).toBe('city pop, lo-fi');
    expect(t.date).toBe('2026-11-27');
    if (ext !== '.wav') expect(JSON.stringify(t)).toContain('City lights on the water');
    if (ext === '.flac')
      expect(
        execFileSync('metaflac', ['--list', '--block-type=PICTURE', path], { encoding: 'utf8' }),
      ).toContain('image/png');
    // the recipe: read back, validated, the sidecar's
    const recipe = parseRecipe((await readRecipeText(path))!);
    expect(recipe).toEqual(recipeOf(await lib.full(item)));
    expect(recipe).toMatchObject({
      id: item.id,
      kind: 'song',
      prompt: meta.prompt,
      mode: 'custom',
      model: 'chirp-v4',
      instrumental: false,
      service_ids: { song_id: 'abc123' },
      parent_id: 'itm_parent0001',
      continue_at_s: 42.5,
    });
    // no media URL, token or local path anywhere in the file
    const bytes = readFileSync(path);
    for (const secret of ['SECRET', 'cdn.example', root])
      expect(bytes.indexOf(Buffer.from(secret))).toBe(-1);
    // the audio is the downloaded one; the sidecar knows its size and hash
    const after = await audioPayloadHash(path);
    expect(after.sha256).toBe(before.sha256);
    expect(item.audio_sha256).toBe(after.sha256);
    expect(item.file_size_bytes).toBe(statSync(path).size);
  });
});

describe('takes of one submission (issue 31, point 5)', () => {
  it('each file’s title tag names its take, in the app’s language when it was made', async () => {
    const save = (take: number, name: string, ext: string) =>
      lib.createItem({
        meta: { ...meta, title: 'Harbour Lights', take, variation_group: 'job_takes' },
        ext,
        writeMedia: async (tmp) => copyFileSync(source(name), tmp),
      });
    const one = await save(1, 'mp3-id3v2-art.mp3', '.mp3');
    // the app switched to French before the second take was saved (the shell's translator)
    setWords((key, params) =>
      key === 'common:take.name' ? `${params.title} · Prise ${params.n}` : englishText(key, params),
    );
    let two: Awaited<ReturnType<typeof save>>;
    try {
      two = await save(2, 'flac-16.flac', '.flac');
    } finally {
      setWords(englishText);
    }
    expect(ffprobeTags(lib.pathOf(one)).title).toBe('Harbour Lights · Take 1');
    expect(ffprobeTags(lib.pathOf(two)).title).toBe('Harbour Lights · Prise 2');
    expect(words('common:take.name', { title: 'x', n: 1 })).toBe('x · Take 1');
    // the sidecar keeps the song's title and the number; the Library shows the take rule
    expect([one.title, one.take, two.title, two.take]).toEqual([
      'Harbour Lights',
      1,
      'Harbour Lights',
      2,
    ]);
  });
});

/** What each kind the library saves adds to a song's sidecar (its recipe's own fields). */
const KINDS = [
  {
    kind: 'extension',
    meta: {
      kind: 'song',
      title: 'Neon Tide (extended)',
      parent_id: 'itm_parent0001',
      continue_at_s: 61,
    },
    expected: { kind: 'song', parent_id: 'itm_parent0001', continue_at_s: 61 },
  },
  {
    kind: 'whole song',
    meta: {
      kind: 'song',
      title: 'Neon Tide (whole song)',
      parent_id: 'itm_extension01',
      whole_song: {
        chain: [
          { id: 'itm_parent0001', title: 'Neon Tide', continue_at_s: null },
          { id: 'itm_extension01', title: 'Neon Tide (extended)', continue_at_s: 61 },
        ],
        seams: [],
        crossfade_ms: 40,
      },
    },
    expected: { kind: 'song', chain: ['itm_parent0001', 'itm_extension01'] },
  },
  {
    kind: 'trim',
    meta: {
      kind: 'song',
      title: 'Neon Tide (trim)',
      trimmed_from: {
        source_id: 'itm_parent0001',
        source_title: 'Neon Tide',
        start_ms: 1000,
        end_ms: 9000,
        fade_in_ms: 0,
        fade_out_ms: 500,
        fade_curve: 'linear',
      },
    },
    expected: { kind: 'song', source_id: 'itm_parent0001' },
  },
  {
    kind: 'cover',
    meta: {
      kind: 'cover',
      title: 'Neon Tide (Mira cover)',
      singer: 'Mira',
      tran: -2,
      parent_id: 'itm_parent0001',
    },
    expected: { kind: 'cover', singer: 'Mira', tran: -2, parent_id: 'itm_parent0001' },
  },
  {
    kind: 'speech',
    meta: {
      kind: 'tts',
      title: 'Welcome',
      lyrics: 'Welcome to the harbour.',
      voice: 'Nova',
      emotion: 'calm',
    },
    expected: { kind: 'tts', voice: 'Nova', emotion: 'calm' },
  },
] as const;

describe.each(KINDS)('a $kind saved by the library', ({ meta: own, expected }) => {
  it('carries the tags and the recipe its sidecar holds, read back by ffprobe', async () => {
    const item = await lib.createItem({
      meta: { created_at: meta.created_at, ...own } as Parameters<Library['createItem']>[0]['meta'],
      ext: '.mp3',
      writeMedia: async (tmp) => copyFileSync(source('mp3-id3v2-art.mp3'), tmp),
    });
    const path = lib.pathOf(item);
    const t = ffprobeTags(path);
    expect(t.title).toBe(item.title);
    expect(t.artist).toBe('Ada');
    expect(t.album).toBe('Night Drives');
    expect(t.date).toBe('2026-11-27');
    if ('lyrics' in own) expect(JSON.stringify(t)).toContain(own.lyrics);
    const recipe = parseRecipe((await readRecipeText(path))!);
    expect(recipe).toEqual(recipeOf(await lib.full(item)));
    expect(recipe).toMatchObject({ id: item.id, ...expected });
  });
});

/** The WAV's top-level chunks, walked by hand (id, where the body starts, its size). */
function riffChunks(bytes: Buffer): Array<{ id: string; body: number; size: number }> {
  const out: Array<{ id: string; body: number; size: number }> = [];
  for (let at = 12; at + 8 <= bytes.length;) {
    const size = bytes.readUInt32LE(at + 4);
    out.push({ id: bytes.toString('latin1', at, at + 4), body: at + 8, size });
    at += 8 + size + (size % 2);
  }
  return out;
}

/** LIST/INFO's fields (INAM, IART…) as text, read from the bytes. */
function infoFieldsOf(bytes: Buffer): Record<string, string> {
  const list = riffChunks(bytes).find(
    (c) => c.id === 'LIST' && bytes.toString('latin1', c.body, c.body + 4) === 'INFO',
  );
  const fields: Record<string, string> = {};
  if (!list) return fields;
  for (let at = list.body + 4; at + 8 <= list.body + list.size;) {
    const size = bytes.readUInt32LE(at + 4);
    fields[bytes.toString('latin1', at, at + 4)] = bytes
      .toString('utf8', at + 8, at + 8 + size)
      .replace(/\0+$/, '');
    at += 8 + size + (size % 2);
  }
  return fields;
}

describe('a WAV saved by the library: LIST/INFO beside the id3 chunk', () => {
  it('carries title, artist, album, genre, date and comment in LIST/INFO, read by ffprobe alone', async () => {
    const item = await lib.createItem({
      meta: { ...meta, title: 'Neon Tide (info)' },
      ext: '.wav',
      writeMedia: async (tmp) => copyFileSync(source('wav-pcm16.wav'), tmp),
    });
    const bytes = readFileSync(lib.pathOf(item));
    const ids = riffChunks(bytes).map((c) => c.id);
    expect(ids).toContain('id3 ');
    expect(infoFieldsOf(bytes)).toMatchObject({
      INAM: 'Neon Tide (info)',
      IART: 'Ada',
      IPRD: 'Night Drives',
      IGNR: 'city pop, lo-fi',
      ICRD: '2026-11-27',
      ICMT: 'lo-fi rain, city pop',
    });
    // ffprobe with the id3 chunk hidden (renamed to a chunk nobody reads): what it shows as format
    // tags comes from LIST/INFO alone, as a reader that knows only RIFF would see it
    const onlyInfo = Buffer.from(bytes);
    const id3 = riffChunks(onlyInfo).find((c) => c.id === 'id3 ')!;
    onlyInfo.write('junk', id3.body - 8, 'latin1');
    const path = join(root, 'only-info.wav');
    writeFileSync(path, onlyInfo);
    const t = ffprobeTags(path);
    expect(t).toMatchObject({
      title: 'Neon Tide (info)',
      artist: 'Ada',
      album: 'Night Drives',
      genre: 'city pop, lo-fi',
      date: '2026-11-27',
      comment: 'lo-fi rain, city pop',
    });
    expect(JSON.stringify(t)).not.toContain('CADENZA');
    // the audio is the source's
    expect((await audioPayloadHash(lib.pathOf(item))).sha256).toBe(
      (await audioPayloadHash(source('wav-pcm16.wav'))).sha256,
    );
  });
});

describe('ReplayGain once the loudness is measured', () => {
  it('merges the track gain and peak into a file the library tagged, keeping its mtime and audio', async () => {
    const item = await lib.createItem({
      meta: { ...meta, title: 'Measured' },
      ext: '.mp3',
      writeMedia: async (tmp) => copyFileSync(source('mp3-cbr128.mp3'), tmp),
    });
    const path = lib.pathOf(item);
    const mtime = statSync(path).mtimeMs;
    const loudness = createLoudnessService({
      dataDir: join(root, 'data'),
      host: {
        runtime: async () => ({ library: lib }),
        on: (_: string, listener: (c: LibraryChange) => void) => lib.on('changed', listener),
      } as unknown as JobsHost,
      measure: async () => ({
        integratedLufs: -14,
        truePeakDb: -1,
        measuredAt: new Date().toISOString(),
        version: LOUDNESS_METER_VERSION,
      }),
      startDelayMs: 10,
      tagDefaults: () => ({ artist: 'Ada' }),
    });
    loudness.start();
    await loudness.measure(item.id);
    await loudness.idle();
    await loudness.stop();
    const t = ffprobeTags(path);
    expect(t.replaygain_track_gain).toBe('-4.00 dB');
    expect(t.replaygain_track_peak).toBe('0.891251');
    expect(t.title).toBe('Measured');
    expect(statSync(path).mtimeMs).toBe(mtime);
    expect((await audioPayloadHash(path)).sha256).toBe(item.audio_sha256);
    const sidecar = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as Record<string, unknown>;
    expect(sidecar.file_size_bytes).toBe(statSync(path).size);
    expect(sidecar.loudness).toMatchObject({ integratedLufs: -14 });
  });
});
