/**
 * Merged retagging of real recordings (the test corpus, outside git), read back by independent
 * readers — ffprobe, metaflac for FLAC, music-metadata for a WAV's id3 chunk: Cadenza's fields replace their slots; every frame,
 * comment, block and chunk Cadenza does not own stays byte for byte (other players' ratings, play
 * counts, encoder frames, pictures); the audio payload is byte-identical; the file's mtime is
 * kept; hostile tag sizes are refused without reading them.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  audioPayloadHash,
  readRecipeText,
  retagFile,
  type ExportTags,
} from '../../../src/main/services/audio/tags';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';

const dir = mkdtempSync(join(tmpdir(), 'cadenza-retag-'));
let corpus: AudioCorpus;
let png: Uint8Array;
const recipe = JSON.stringify({ v: 1, id: 'itm_abc', kind: 'song', prompt: 'lo-fi rain' });
const tags = (): ExportTags => ({
  title: 'Neon Tide',
  artist: 'Ada',
  album: 'Night Drives',
  genre: 'city pop',
  date: '2026-11-27',
  lyrics: '[Verse]\nCity lights on the water',
  cover: { mimeType: 'image/png', data: png },
  replayGain: { trackGainDb: -3.21, trackPeak: 0.988 },
  recipe,
});

beforeAll(async () => {
  corpus = await ensureAudioCorpus();
  const p = join(dir, 'cover.png');
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
    p,
  ]);
  png = new Uint8Array(readFileSync(p));
}, 300_000);

const copyOf = (name: string, as = name): string => {
  const path = join(dir, as);
  copyFileSync(corpus.files.find((f) => f.name === name)!.path, path);
  return path;
};

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

const decode = (p: string): Buffer =>
  execFileSync('ffmpeg', ['-v', 'error', '-i', p, '-map', '0:a', '-f', 's16le', '-'], {
    maxBuffer: 1 << 28,
  });

/** Retags with the mtime set to a known past moment; checks it is kept and the audio is the same. */
async function retagKeepingAudio(path: string, t: ExportTags = tags()): Promise<void> {
  const past = new Date('2024-05-01T12:00:00Z');
  utimesSync(path, past, past);
  const before = await audioPayloadHash(path);
  const pcm = decode(path);
  await retagFile(path, t);
  expect(statSync(path).mtimeMs).toBe(past.getTime());
  expect((await audioPayloadHash(path)).sha256).toBe(before.sha256);
  expect(decode(path).equals(pcm)).toBe(true);
}

/** A v2.3 tag with frames Cadenza does not own (a rating, a play count, a private frame) and a title. */
function foreignId3v23(): Uint8Array {
  const frame = (id: string, body: number[] | Buffer): Buffer => {
    const b = Buffer.from(body);
    const h = Buffer.alloc(10);
    h.write(id, 0, 'latin1');
    h.writeUInt32BE(b.length, 4);
    return Buffer.concat([h, b]);
  };
  const frames = Buffer.concat([
    frame('TIT2', [0, ...Buffer.from('Old title')]),
    frame('POPM', [...Buffer.from('rating@player.example\0'), 196, 0, 0, 0, 42]),
    frame('PCNT', [0, 0, 0, 7]),
    frame('PRIV', [...Buffer.from('com.example.owner\0'), 1, 2, 3]),
    frame('TXXX', [0, ...Buffer.from('MusicBrainz Album Id\0abc-123')]),
  ]);
  const size = frames.length + 64; // with padding
  const head = Buffer.from([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  return Buffer.concat([head, frames, Buffer.alloc(64)]);
}

describe('MP3', () => {
  it('merges into an ID3v2.3 tag: foreign frames kept byte for byte, ours replace theirs', async () => {
    const src = readFileSync(corpus.files.find((f) => f.name === 'mp3-id3v1.mp3')!.path);
    const path = join(dir, 'foreign.mp3');
    writeFileSync(path, Buffer.concat([foreignId3v23(), src]));
    const v1 = src.subarray(src.length - 128);
    await retagKeepingAudio(path);
    const out = readFileSync(path);
    const t = ffprobeTags(path);
    expect(t.title).toBe('Neon Tide');
    expect(t.artist).toBe('Ada');
    expect(t.album).toBe('Night Drives');
    expect(t.genre).toBe('city pop');
    expect(t.date).toBe('2026-11-27');
    expect(t.replaygain_track_gain).toBe('-3.21 dB');
    expect(t.cadenza_recipe).toBe(recipe);
    expect(t['musicbrainz album id']).toBe('abc-123');
    expect(JSON.stringify(t)).toContain('City lights');
    // the rating, the play count and the private frame, body for body
    for (const body of [
      Buffer.from([...Buffer.from('rating@player.example\0'), 196, 0, 0, 0, 42]),
      Buffer.from([0, 0, 0, 7]),
      Buffer.from([...Buffer.from('com.example.owner\0'), 1, 2, 3]),
    ])
      expect(out.indexOf(body)).toBeGreaterThan(0);
    expect(out.indexOf(Buffer.from('Old title'))).toBe(-1);
    expect(out.subarray(out.length - 128).equals(v1)).toBe(true); // ID3v1 at the end as it was
    expect(out.subarray(0, 4).equals(Buffer.from([0x49, 0x44, 0x33, 4]))).toBe(true);
    expect(await readRecipeText(path)).toBe(recipe);
  });

  it('a picture typed "other" is replaced by the cover, not shown beside it; a back cover stays', async () => {
    const apic = (type: number, data: number[]): Buffer => {
      const body = Buffer.from([0, ...Buffer.from('image/png\0'), type, 0, ...data]);
      const h = Buffer.alloc(10);
      h.write('APIC', 0, 'latin1');
      h.writeUInt32BE(body.length, 4);
      return Buffer.concat([h, body]);
    };
    const frames = Buffer.concat([apic(0, [1, 2, 3, 4]), apic(4, [5, 6, 7, 8])]);
    const head = Buffer.from([
      0x49,
      0x44,
      0x33,
      3,
      0,
      0,
      0,
      0,
      frames.length >> 7,
      frames.length & 0x7f,
    ]);
    const src = readFileSync(corpus.files.find((f) => f.name === 'mp3-cbr128.mp3')!.path);
    const path = join(dir, 'other-picture.mp3');
    writeFileSync(path, Buffer.concat([head, frames, src]));
    await retagKeepingAudio(path);
    const pictures = (await parseFile(path)).common.picture ?? [];
    expect(pictures.map((p) => p.type).sort()).toEqual(['Cover (back)', 'Cover (front)']);
    expect(
      Buffer.from(pictures.find((p) => p.type === 'Cover (front)')!.data).equals(Buffer.from(png)),
    ).toBe(true);
  });

  it('keeps the encoder frames and picture of a LAME-tagged file when no cover is written', async () => {
    const path = copyOf('mp3-id3v2-art.mp3');
    const before = ffprobeTags(path);
    await retagKeepingAudio(path, { title: 'Only the title' });
    const after = ffprobeTags(path);
    expect(after.title).toBe('Only the title');
    expect(after.encoder).toBe(before.encoder);
    expect(after.tlen).toBe(before.tlen);
    const streams = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', path],
      { encoding: 'utf8' },
    );
    expect(streams).toContain('video'); // the picture stayed
  });

  it('a second retag replaces Cadenza’s own frames instead of adding more', async () => {
    const path = copyOf('mp3-cbr128.mp3', 'twice.mp3');
    await retagFile(path, tags());
    await retagFile(path, { ...tags(), title: 'Second', recipe: '{"v":1}' });
    const out = readFileSync(path);
    expect(out.indexOf(Buffer.from('Neon Tide'))).toBe(-1);
    expect(out.indexOf(Buffer.from(recipe))).toBe(-1);
    expect(ffprobeTags(path).title).toBe('Second');
    await retagFile(path, { title: 'Third' }, { withoutCadenza: true });
    expect(await readRecipeText(path)).toBeNull();
    expect(ffprobeTags(path).artist).toBe('Ada'); // not written: kept as found
  });

  it('refuses a tag claiming more than the cap, leaving the file as it was', async () => {
    const path = join(dir, 'hostile.mp3');
    const src = readFileSync(corpus.files.find((f) => f.name === 'mp3-cbr128.mp3')!.path);
    const huge = 200 * 1024 * 1024;
    const head = Buffer.from([
      0x49,
      0x44,
      0x33,
      4,
      0,
      0,
      (huge >> 21) & 0x7f,
      (huge >> 14) & 0x7f,
      (huge >> 7) & 0x7f,
      huge & 0x7f,
    ]);
    writeFileSync(path, Buffer.concat([head, src]));
    const before = readFileSync(path);
    await expect(retagFile(path, tags())).rejects.toThrow(/too large/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});

describe('FLAC', () => {
  const metaflac = (...args: string[]): string =>
    execFileSync('metaflac', args, { encoding: 'utf8' });

  it('keeps the vendor, foreign comments and other pictures; reuses the padding; audio untouched', async () => {
    const path = copyOf('flac-24-art.flac');
    metaflac('--set-tag=RATING=80', '--set-tag=REPLAYGAIN_ALBUM_GAIN=-1.00 dB', path);
    const vendor = /vendor string: (.*)/.exec(
      metaflac('--list', '--block-type=VORBIS_COMMENT', path),
    )![1];
    const md5 = metaflac('--show-md5sum', path);
    const sizeBefore = statSync(path).size;
    await retagKeepingAudio(path);
    const exported = metaflac('--export-tags-to=-', path);
    expect(exported).toContain('TITLE=Neon Tide');
    expect(exported).not.toContain('TITLE=Bells of Cadenza');
    expect(exported).toContain('RATING=80');
    expect(exported).toContain('REPLAYGAIN_ALBUM_GAIN=-1.00 dB');
    expect(exported).toContain('REPLAYGAIN_TRACK_GAIN=-3.21 dB');
    expect(exported).toContain('REPLAYGAIN_TRACK_PEAK=0.988000');
    expect(exported).toContain(`CADENZA_RECIPE=${recipe}`);
    expect(metaflac('--list', '--block-type=VORBIS_COMMENT', path)).toContain(
      `vendor string: ${vendor}`,
    );
    expect(metaflac('--show-md5sum', path)).toBe(md5);
    expect(metaflac('--list', '--block-type=PICTURE', path)).toContain('type: 3');
    expect(statSync(path).size).toBeGreaterThan(sizeBefore - 9000); // padding reused or fresh
    expect(await readRecipeText(path)).toBe(recipe);
  });

  it('puts the audio at the same offset when the new blocks fit in the old padding', async () => {
    const path = copyOf('flac-16.flac');
    const before = statSync(path).size;
    await retagKeepingAudio(path, { title: 'Short', artist: 'Ada' });
    expect(statSync(path).size).toBe(before);
    expect(metaflac('--list', '--block-type=PADDING', path)).toContain('type: 1 (PADDING)');
  });
});

/** A WAV's chunks as whole bytes (LIST/INFO split into its fields, as `INFO:<id>`). */
function wavPieces(path: string): Map<string, Buffer[]> {
  const b = readFileSync(path);
  const out = new Map<string, Buffer[]>();
  const put = (k: string, v: Buffer) => out.set(k, [...(out.get(k) ?? []), v]);
  for (let at = 12; at + 8 <= b.length;) {
    const id = b.toString('latin1', at, at + 4);
    const size = b.readUInt32LE(at + 4);
    if (id === 'LIST' && b.toString('latin1', at + 8, at + 12) === 'INFO')
      for (let f = at + 12; f + 8 <= at + 8 + size;) {
        const n = b.readUInt32LE(f + 4);
        put(`INFO:${b.toString('latin1', f, f + 4)}`, b.subarray(f, f + 8 + n + (n % 2)));
        f += 8 + n + (n % 2);
      }
    else put(id, b.subarray(at, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  return out;
}

describe('WAV', () => {
  it('keeps every chunk it does not own; LIST/INFO merged; id3 chunk read by ffprobe', async () => {
    const path = join(dir, 'info.wav');
    const src = corpus.files.find((f) => f.name === 'wav-chunks-before-data.wav')!.path;
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      src,
      '-c',
      'copy',
      '-metadata',
      'copyright=CC-BY',
      '-metadata',
      'title=Old',
      path,
    ]);
    const before = ffprobeTags(path);
    const piecesBefore = wavPieces(path);
    await retagKeepingAudio(path);
    const t = ffprobeTags(path);
    expect(t.title).toBe('Neon Tide');
    // every chunk and LIST/INFO field Cadenza does not own, byte for byte (data included)
    const piecesAfter = wavPieces(path);
    const owned = new Set([
      'id3 ',
      'INFO:INAM',
      'INFO:IART',
      'INFO:IPRD',
      'INFO:IGNR',
      'INFO:ICRD',
      'INFO:ICMT',
    ]);
    const kept = [...piecesBefore.keys()].filter((k) => !owned.has(k));
    expect(kept).toEqual(expect.arrayContaining(['fmt ', 'data', 'INFO:ICOP']));
    for (const k of kept) expect(piecesAfter.get(k), k).toEqual(piecesBefore.get(k));
    expect(piecesAfter.get('INFO:INAM')?.[0]?.toString('latin1')).toContain('Neon Tide');
    expect(t.copyright).toBe(before.copyright);
    expect(t.encoder).toBe(before.encoder);
    expect(t.genre).toBe('city pop');
    // ffmpeg takes the picture from the id3 chunk but its text from LIST/INFO: music-metadata reads it
    const native = (await parseFile(path)).native['ID3v2.4'] ?? [];
    expect(native.find((f) => f.id === 'TXXX:CADENZA_RECIPE')?.value).toBe(recipe);
    expect(native.find((f) => f.id === 'TXXX:REPLAYGAIN_TRACK_GAIN')?.value).toBe('-3.21 dB');
    expect(await readRecipeText(path)).toBe(recipe);
  });

  it('refuses a WAV cut short and leaves it as it was', async () => {
    const path = copyOf('wav-truncated.wav');
    const before = readFileSync(path);
    await expect(retagFile(path, tags())).rejects.toThrow(/cut short/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});
