/**
 * Tags written into MP3, FLAC and WAV files read back by ffprobe and by music-metadata (two
 * independent readers): title, artist, album, track, lyrics, the prompt as comment, cover art.
 * An MP3 retagged without re-encoding keeps its audio frames byte for byte.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  encodeFlac,
  encodeMp3,
  encodeWav,
  type PcmAudio,
} from '../../../src/main/services/audio/encode';
import {
  flacTagBlocks,
  id3v2Tag,
  imageSize,
  mp3AudioRange,
  retagMp3,
  riffTagChunks,
  type ExportTags,
} from '../../../src/main/services/audio/tags';
import { ensureAudioCorpus, type AudioCorpus } from '../../support/audio-corpus';

const dir = mkdtempSync(join(tmpdir(), 'cadenza-tags-'));
let corpus: AudioCorpus;
let tags: ExportTags;
const pcm: PcmAudio = {
  sampleRate: 44100,
  channels: [0, 1].map(() => Float32Array.from({ length: 44100 }, (_, i) => Math.sin(i / 7) / 3)),
};

beforeAll(async () => {
  corpus = await ensureAudioCorpus();
  const png = join(dir, 'cover.png');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240',
    '-frames:v',
    '1',
    png,
  ]);
  tags = {
    title: 'Neon Tide ‒ “live”',
    artist: 'Ada Lovelace',
    album: 'Night Drives',
    track: { number: 3, total: 12 },
    lyrics: '[Verse]\nCity lights on the water\nÜber alles, 雨の夜',
    comment: 'lo-fi rain, city pop, 90 bpm',
    cover: { mimeType: 'image/png', data: new Uint8Array(readFileSync(png)) },
  };
}, 300_000);

interface Probed {
  format: { format_name: string; tags?: Record<string, string> };
  streams: Array<{
    codec_type: string;
    codec_name: string;
    disposition?: { attached_pic: number };
  }>;
}

function ffprobe(path: string): Probed {
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path], {
      encoding: 'utf8',
    }),
  ) as Probed;
}

/** Tag keys are case-insensitive in ffprobe's output (FLAC's are upper case). */
function lower(t: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k.toLowerCase(), v]));
}

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

async function expectMusicMetadata(path: string): Promise<void> {
  const { common } = await parseFile(path);
  expect(common.title).toBe(tags.title);
  expect(common.artist).toBe(tags.artist);
  expect(common.album).toBe(tags.album);
  expect(common.track).toEqual({ no: 3, of: 12 });
  expect(JSON.stringify(common.lyrics)).toContain('City lights on the water');
  expect(JSON.stringify(common.comment)).toContain(tags.comment);
  expect(common.picture?.[0]?.format).toBe('image/png');
  expect(Buffer.compare(Buffer.from(common.picture![0]!.data), Buffer.from(tags.cover!.data))).toBe(
    0,
  );
}

describe('tags read back by ffprobe and music-metadata', () => {
  it('MP3: ID3v2.4 title, artist, album, track, USLT lyrics, COMM prompt, APIC cover', async () => {
    const path = write(
      'tagged.mp3',
      new Uint8Array([...id3v2Tag(tags), ...(await encodeMp3(pcm))]),
    );
    const p = ffprobe(path);
    const t = lower(p.format.tags);
    expect(t).toMatchObject({
      title: tags.title,
      artist: tags.artist,
      album: tags.album,
      track: '3/12',
      comment: tags.comment,
      'lyrics-und': tags.lyrics,
    });
    expect(p.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'png',
      disposition: { attached_pic: 1 },
    });
    await expectMusicMetadata(path);
  });

  it('FLAC: VORBIS_COMMENT fields and a PICTURE block', async () => {
    const path = write('tagged.flac', await encodeFlac(pcm, { blocks: flacTagBlocks(tags) }));
    execFileSync('flac', ['--test', '--silent', path]);
    const p = ffprobe(path);
    expect(lower(p.format.tags)).toMatchObject({
      title: tags.title,
      artist: tags.artist,
      album: tags.album,
      track: '3',
      tracktotal: '12',
      lyrics: tags.lyrics,
      comment: tags.comment,
    });
    expect(p.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'png',
      disposition: { attached_pic: 1 },
    });
    const listed = execFileSync('metaflac', ['--list', '--block-type=PICTURE', path], {
      encoding: 'utf8',
    });
    expect(listed).toMatch(/type: 3 \(Cover \(front\)\)/);
    expect(listed).toMatch(/width: 320\s+height: 240\s+depth: 24/);
    await expectMusicMetadata(path);
  });

  it('WAV: LIST/INFO for the plain fields and an id3 chunk for lyrics and cover', async () => {
    const path = write('tagged.wav', encodeWav(pcm, { chunks: riffTagChunks(tags) }));
    const p = ffprobe(path);
    expect(p.streams[0]!.codec_name).toBe('pcm_s16le');
    expect(lower(p.format.tags)).toMatchObject({
      title: tags.title,
      artist: tags.artist,
      album: tags.album,
      track: '3/12',
      comment: tags.comment,
    });
    await expectMusicMetadata(path);
    // the INFO chunk on its own (what Windows Explorer and older tools read)
    const bytes = readFileSync(path);
    const list = bytes.indexOf('LIST');
    expect(bytes.subarray(list + 8, list + 12).toString()).toBe('INFO');
    expect(bytes.indexOf('INAM')).toBeGreaterThan(list);
    expect(bytes.indexOf('id3 ')).toBeGreaterThan(list);
  });

  it('reads JPEG and PNG sizes for the FLAC picture block', () => {
    const jpg = join(dir, 'c.jpg');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=200x100',
      '-frames:v',
      '1',
      jpg,
    ]);
    expect(imageSize(readFileSync(jpg))).toEqual({ width: 200, height: 100, depth: 24 });
    expect(imageSize(tags.cover!.data)).toEqual({ width: 320, height: 240, depth: 24 });
    expect(imageSize(Uint8Array.of(1, 2, 3))).toEqual({ width: 0, height: 0, depth: 0 });
  });
});

describe('retagging an MP3 without re-encoding', () => {
  it('keeps every audio frame byte for byte and replaces ID3v2, ID3v1 and APE tags', async () => {
    for (const name of ['mp3-id3v2-art.mp3', 'mp3-id3v1.mp3', 'mp3-vbr-xing.mp3']) {
      const src = new Uint8Array(readFileSync(corpus.files.find((f) => f.name === name)!.path));
      const out = retagMp3(src, tags);
      const a = mp3AudioRange(src);
      const b = mp3AudioRange(out);
      expect(b.end - b.start, name).toBe(a.end - a.start);
      expect(Buffer.compare(out.subarray(b.start, b.end), src.subarray(a.start, a.end)), name).toBe(
        0,
      );
      expect(b.end, name).toBe(out.length); // no old ID3v1 or APE tag left at the end
      const path = write(`retag-${name}`, out);
      expect(lower(ffprobe(path).format.tags).title, name).toBe(tags.title);
      // ffmpeg decodes the same samples from both
      const decode = (p: string): Buffer =>
        execFileSync('ffmpeg', ['-v', 'error', '-i', p, '-f', 's16le', '-'], {
          maxBuffer: 1 << 28,
        });
      expect(
        decode(path).equals(decode(corpus.files.find((f) => f.name === name)!.path)),
        name,
      ).toBe(true);
    }
  });

  it('strips an APEv2 tag at the end', () => {
    const src = new Uint8Array(
      readFileSync(corpus.files.find((f) => f.name === 'mp3-cbr128.mp3')!.path),
    );
    const a = mp3AudioRange(src);
    // an APEv2 footer-only tag with one item
    const item = new Uint8Array([5, 0, 0, 0, 0, 0, 0, 0, ...Buffer.from('Title\0Hello')]);
    const footer = new Uint8Array(32);
    footer.set(Buffer.from('APETAGEX'));
    const v = new DataView(footer.buffer);
    v.setUint32(8, 2000, true);
    v.setUint32(12, item.length + 32, true);
    v.setUint32(16, 1, true);
    const withApe = new Uint8Array([...src.subarray(0, a.end), ...item, ...footer]);
    expect(mp3AudioRange(withApe)).toEqual(a);
  });
});
