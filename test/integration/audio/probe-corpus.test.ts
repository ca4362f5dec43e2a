/**
 * The media probe against real recordings (test/support/audio-corpus.ts), checked file by file
 * against ffprobe — or, where a header lies or is missing, against a full ffmpeg decode.
 */
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { probeBytes, probeFile } from '../../../src/main/services/audio/probe';
import { ensureAudioCorpus, type AudioCorpus, type CorpusFile } from '../../support/audio-corpus';

interface FfStream {
  codec_type: string;
  codec_name: string;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
}
interface Ff {
  streams: FfStream[];
  format: { duration?: string; tags?: Record<string, string> };
}

const ffprobe = (path: string): Ff =>
  JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path], {
      encoding: 'utf8',
    }),
  ) as Ff;

/** Seconds of audio a full decode yields (mono 16-bit samples counted). */
function decodedSeconds(path: string, rate: number): number {
  const pcm = execFileSync(
    'ffmpeg',
    ['-v', 'quiet', '-i', path, '-f', 's16le', '-ac', '1', '-ar', String(rate), '-'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return pcm.length / 2 / rate;
}

const CODEC: Record<string, RegExp> = {
  mp3: /MPEG [12](\.5)? Layer 3/,
  pcm_s16le: /^PCM$/,
  pcm_u8: /^PCM$/,
  pcm_s24le: /^PCM$/,
  pcm_s32le: /^PCM$/,
  pcm_f32le: /^IEEE float$/,
  flac: /^FLAC$/,
  aac: /AAC/,
  vorbis: /Vorbis/,
  opus: /Opus/,
};

let corpus: AudioCorpus;
beforeAll(async () => {
  corpus = await ensureAudioCorpus();
}, 300_000);

const each = (fn: (f: CorpusFile) => Promise<void>) => async () => {
  expect(corpus.files.length).toBeGreaterThanOrEqual(25);
  for (const f of corpus.files) await fn(f);
};

describe('probeFile on the corpus', () => {
  it(
    'reads format, codec, sample rate and channels as ffprobe does',
    each(async (f) => {
      const p = await probeFile(f.path);
      const ff = ffprobe(f.path);
      const audio = ff.streams.find((s) => s.codec_type === 'audio')!;
      expect(p, f.name).not.toBeNull();
      expect(p!.format, f.name).toBe(f.format);
      expect(p!.codec, f.name).toMatch(CODEC[audio.codec_name]!);
      expect(p!.sampleRate, f.name).toBe(Number(audio.sample_rate));
      expect(p!.channels, f.name).toBe(audio.channels);
      expect(p!.bitRate, f.name).toBeGreaterThan(0);
    }),
  );

  it(
    'measures the length the audio has: ffprobe, or a full decode where a header lies',
    each(async (f) => {
      const p = (await probeFile(f.path))!;
      const ff = ffprobe(f.path);
      const rate = Number(ff.streams.find((s) => s.codec_type === 'audio')!.sample_rate);
      const truth =
        f.reference === 'decode' ? decodedSeconds(f.path, rate) : Number(ff.format.duration);
      // within two MP3 frames (encoder delay and padding), else 25 ms
      const tolerance = f.format === 'mp3' ? 0.06 : 0.025;
      expect(
        Math.abs(p.durationMs! / 1000 - truth),
        `${f.name}: ${p.durationMs} ms vs ${truth} s`,
      ).toBeLessThan(tolerance);
      expect(p.truncated, f.name).toBe(f.truncated);
    }),
  );

  it(
    'reads tags and embedded art where ffprobe finds them',
    each(async (f) => {
      const p = (await probeFile(f.path, { art: true }))!;
      const ff = ffprobe(f.path);
      // Ogg files keep their tags on the stream, the others on the container
      const tags = Object.fromEntries(
        Object.entries({ ...ff.format.tags, ...ff.streams[0]?.tags }).map(([k, v]) => [
          k.toLowerCase(),
          v,
        ]),
      );
      expect(p.tags.title, f.name).toBe(tags.title ?? f.title);
      expect(p.tags.title, f.name).toBe(f.title);
      const hasPicture =
        ff.streams.some((s) => s.disposition?.attached_pic === 1) || f.format === 'opus';
      expect(p.art !== null, f.name).toBe(f.art && hasPicture);
      if (p.art) {
        expect(p.art.mime, f.name).toMatch(/^image\/(jpeg|png)$/);
        expect(p.art.data.length, f.name).toBeGreaterThan(1000);
      }
      // without asking, no picture is read
      expect((await probeFile(f.path))!.art, f.name).toBeNull();
    }),
  );

  it('reads each file in a few pieces (a folder of small files is mostly read calls)', async () => {
    // every positioned read of a probe, through the opened descriptor's prototype
    const opened = await fs.open(corpus.files[0]!.path, 'r');
    const proto = Object.getPrototypeOf(opened) as { read: (...a: unknown[]) => Promise<unknown> };
    await opened.close();
    const read = proto.read;
    let calls = 0;
    proto.read = function (this: unknown, ...a: unknown[]) {
      calls += 1;
      return read.apply(this, a);
    };
    const counts: Array<[string, number]> = [];
    try {
      for (const f of corpus.files) {
        if (f.name.includes('truncated') || f.name.includes('no-xing')) continue; // counted whole
        calls = 0;
        await probeFile(f.path, { art: true });
        counts.push([f.name, calls]);
      }
    } finally {
      proto.read = read;
    }
    const most = Math.max(...counts.map(([, n]) => n));
    expect(most, JSON.stringify(counts)).toBeLessThanOrEqual(12);
  });

  it('refuses what is not audio', async () => {
    const dir = await fs.mkdtemp(`${corpus.dir}/../not-audio-`);
    try {
      await fs.writeFile(`${dir}/notes.mp3`, 'not an mp3 at all, only words '.repeat(100));
      await fs.writeFile(`${dir}/empty.wav`, '');
      expect(await probeFile(`${dir}/notes.mp3`)).toBeNull();
      expect(await probeFile(`${dir}/empty.wav`)).toBeNull();
      expect(await probeFile(`${dir}/missing.flac`)).toBeNull();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('probeBytes (the first bytes of a link)', () => {
  it('measures MP3 (Xing, VBRI, CBR by size), WAV, FLAC, M4A and Ogg from their start', async () => {
    for (const name of [
      'mp3-cbr128.mp3',
      'mp3-vbr-xing.mp3',
      'mp3-vbri.mp3',
      'mp3-id3v2-art.mp3',
      'wav-pcm16.wav',
      'wav-chunks-before-data.wav',
      'flac-16.flac',
      'm4a-moov-first.m4a',
      'opus.opus',
    ]) {
      const f = corpus.files.find((x) => x.name === name)!;
      const whole = await fs.readFile(f.path);
      const head = whole.subarray(0, 256 * 1024);
      const p = await probeBytes(head, { sizeBytes: whole.length });
      const truth = Number(ffprobe(f.path).format.duration);
      expect(p, name).not.toBeNull();
      if (f.format === 'opus') continue; // an Ogg stream's length is on its last page
      expect(Math.abs(p!.durationMs! / 1000 - truth), name).toBeLessThan(0.06);
    }
  });
});
