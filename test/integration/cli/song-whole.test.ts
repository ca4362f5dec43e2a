/**
 * `cadenza song whole ITEM` against the emulator (songs that sound: `songAudio: 'tones'`), for a
 * three-part chain (a song, an extension of it, an extension of that) in both extension shapes
 * the emulator serves. The result is checked on ffmpeg's decode of it — an independent decoder —
 * against ffmpeg's decode of the parts (length = the parts minus the crossfades, ±1 MP3 frame) and
 * against the emulator's own melodies (each stretch of the whole song is the right part's audio,
 * so the opening is not doubled), and for clicks at each seam.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { melody, TONE_RATE } from '../../emulator/media/song-audio';
import { ffmpegPcm } from '../../support/ffmpeg-pcm';
import { runCli, useCliAgainstEmulator } from './run-cli';

const KEY = 'cli-whole-key-5be0a1c2';
const SONG_S = 8;
const CROSSFADE_S = 0.03;
const FRAME = 1152;

const cli = useCliAgainstEmulator({
  key: KEY,
  emulator: { stepMs: 100, counters: { key_music_counts: 20 } },
  eachTest: (emu) =>
    emu.configure({ stepMs: 100, songDurationMs: SONG_S * 1000, songAudio: 'tones' }),
});

interface Sidecar {
  id: string;
  file: string;
  duration_ms: number;
  service_ids: Record<string, string>;
  continue_at_s?: number;
  whole_song?: {
    chain: Array<{ id: string; continue_at_s: number | null }>;
    seams: Array<{ id: string; at_ms: number; shape: string; similarity: number | null }>;
  };
}

async function create(args: string[]): Promise<Sidecar> {
  const r = await runCli(['song', 'create', ...args, '--wait', '--json'], {
    env: cli.env(),
    timeoutMs: 30_000,
  });
  expect(r.stderr).toBe('');
  const song = (JSON.parse(r.stdout) as { songs: Array<Sidecar & { media_file: string }> })
    .songs[0]!;
  return { ...song, file: song.media_file };
}

/** The best normalised correlation of `x[from, from+n)` with `ref[from+shift+lag…]` over |lag| ≤ max. */
function bestMatch(x: Float32Array, from: number, n: number, ref: Float32Array, shift: number) {
  let best = { ncc: -1, lag: 0 };
  for (let lag = -3 * FRAME; lag <= 3 * FRAME; lag += 1) {
    let ab = 0;
    let aa = 0;
    let bb = 0;
    for (let i = from; i < from + n; i++) {
      const a = x[i]!;
      const b = ref[i - shift + lag] ?? 0;
      ab += a * b;
      aa += a * a;
      bb += b * b;
    }
    const ncc = ab / Math.sqrt(aa * bb || 1);
    if (ncc > best.ncc) best = { ncc, lag };
  }
  return best;
}

/** Largest second difference |x[i+1] − 2x[i] + x[i−1]| in x[from, to): a jump shows as a spike. */
function largestBend(x: Float32Array, from: number, to: number): number {
  let m = 0;
  for (let i = Math.max(1, from); i < Math.min(x.length - 1, to); i++)
    m = Math.max(m, Math.abs(x[i + 1]! - 2 * x[i]! + x[i - 1]!));
  return m;
}

describe.each(['new', 'whole'] as const)('cadenza song whole (extension shape %s)', (shape) => {
  it('stitches a three-part chain: parts minus crossfades, each stretch the right audio, no clicks', async () => {
    cli.emu.configure({ extensionShape: shape });
    const T1 = 4;
    const T2 = 7;
    // where each part's new audio begins in the whole song: continue_at is a time in the parent's
    // own file, which in the "whole" shape already holds everything before it
    const starts = shape === 'whole' ? [0, T1, T2] : [0, T1, T1 + T2];
    const root = await create(['--prompt', 'glass harmonica']);
    const ext1 = await create(['--prompt', 'glass, more', '--extend', root.id, '--at', String(T1)]);
    const ext2 = await create(['--prompt', 'glass, coda', '--extend', ext1.id, '--at', String(T2)]);
    expect(ext2.continue_at_s).toBe(T2);

    const r = await runCli(['song', 'whole', ext2.id, '--json'], {
      env: cli.env(),
      timeoutMs: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const whole = JSON.parse(r.stdout) as Sidecar;
    expect(whole.whole_song?.chain.map((c) => c.id)).toEqual([root.id, ext1.id, ext2.id]);
    expect(whole.whole_song?.chain.map((c) => c.continue_at_s)).toEqual([null, T1, T2]);
    expect(whole.whole_song?.seams.map((s) => s.shape)).toEqual([shape, shape]);

    const lib = cli.box.libraryDir;
    const out = ffmpegPcm(resolve(lib, whole.file)).channels[0]!;
    const parts = [root, ext1, ext2].map((s) => ffmpegPcm(resolve(lib, s.file)).channels[0]!);
    // the parts by ffmpeg: the song to T1, ext1's new audio to T2 of its file, all of ext2's new audio
    const lastNew = shape === 'whole' ? parts[2]!.length - T2 * TONE_RATE : parts[2]!.length;
    const expected = starts[2]! * TONE_RATE + lastNew - 2 * CROSSFADE_S * TONE_RATE;
    expect(Math.abs(out.length - expected)).toBeLessThanOrEqual(FRAME);
    expect(Math.abs(whole.duration_ms - (out.length / TONE_RATE) * 1000)).toBeLessThan(2);

    // each stretch, away from the seams, is the melody the emulator made for that part
    const songs = cli.emu.songs();
    const own = (s: Sidecar) => melody(s.service_ids.song_id!, SONG_S * TONE_RATE);
    const checks = [root, ext1, ext2].map((part, i) => ({
      ref: own(part),
      startsAt: starts[i]!,
      // half a second, well inside the stretch
      at: i === 0 ? 1.5 : i === 1 ? (starts[1]! + starts[2]!) / 2 - 0.25 : starts[2]! + 4,
    }));
    expect(songs.length).toBeGreaterThanOrEqual(6);
    for (const c of checks) {
      const m = bestMatch(out, c.at * TONE_RATE, TONE_RATE / 2, c.ref, c.startsAt * TONE_RATE);
      expect(m.ncc, `${c.at} s`).toBeGreaterThan(0.9);
    }
    // no click: a click is a jump, which the second difference shows as a spike. The melody's
    // own is at most 0.3·(2π·880/48000)² ≈ 0.004; MP3 coding adds noise (≤ 0.025 measured at
    // the seams over a dozen runs); a hard cut between two phases jumps by up to 0.6.
    for (const seam of starts.slice(1)) {
      const at = seam * TONE_RATE;
      expect(
        largestBend(out, at - 0.1 * TONE_RATE, at + 0.1 * TONE_RATE),
        `seam ${seam}`,
      ).toBeLessThan(0.08);
    }
  }, 120_000);
});

describe('cadenza song whole, refusals', () => {
  it('refuses an item that is not an extension, in one line', async () => {
    const root = await create(['--prompt', 'lonely song']);
    const r = await runCli(['song', 'whole', root.id], { env: cli.env() });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toMatch(/^cadenza: .*not an extension/);
  });
});
