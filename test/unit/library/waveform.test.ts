import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createWaveformStore,
  mp3Peaks,
  wavPeaks,
} from '../../../src/main/services/library/waveform';

let root: string;

/** A 16-bit PCM WAV whose sample i of channel c is `sample(i, c)` (-1..1). */
function wav(
  frames: number,
  channels: number,
  sample: (i: number, c: number) => number,
  extraChunk = false,
): Buffer {
  const data = Buffer.alloc(frames * channels * 2);
  for (let i = 0; i < frames; i += 1)
    for (let c = 0; c < channels; c += 1)
      data.writeInt16LE(Math.round(sample(i, c) * 32767), (i * channels + c) * 2);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(channels, 10);
  fmt.writeUInt32LE(8000, 12);
  fmt.writeUInt32LE(8000 * channels * 2, 16);
  fmt.writeUInt16LE(channels * 2, 20);
  fmt.writeUInt16LE(16, 22);
  const list = extraChunk
    ? Buffer.concat([
        Buffer.from('LIST'),
        Buffer.from([3, 0, 0, 0]),
        Buffer.from('abc'),
        Buffer.from([0]),
      ])
    : Buffer.alloc(0);
  const dataHead = Buffer.alloc(8);
  dataHead.write('data', 0, 'ascii');
  dataHead.writeUInt32LE(data.length, 4);
  const body = Buffer.concat([Buffer.from('WAVE'), fmt, list, dataHead, data]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-wave-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('wavPeaks', () => {
  it('gives the loudest sample of each slice across channels, past odd-sized chunks', async () => {
    const path = join(root, 'a.wav');
    // first half: left 0.5; second half: right -0.25 (loudest in the other channel, negative)
    await writeFile(
      path,
      wav(8000, 2, (i, c) => (i < 4000 ? (c === 0 ? 0.5 : 0.1) : c === 1 ? -0.25 : 0), true),
    );
    const peaks = await wavPeaks(path, 4);
    expect(peaks).toHaveLength(4);
    expect(peaks?.[0]).toBeCloseTo(0.5, 2);
    expect(peaks?.[1]).toBeCloseTo(0.5, 2);
    expect(peaks?.[2]).toBeCloseTo(0.25, 2);
    expect(peaks?.[3]).toBeCloseTo(0.25, 2);
  });

  it('refuses files that are not WAV', async () => {
    const path = join(root, 'b.wav');
    await writeFile(path, Buffer.from('ID3 not a wave file at all'));
    expect(await wavPeaks(path)).toBeNull();
  });
});

/** MPEG-1 Layer III frames, 48 kHz, 32 kbit/s, mono (96 bytes), with the given global gains (null = silent). */
function mp3(gains: Array<number | null>): Buffer {
  const frames = gains.map((gain) => {
    const f = Buffer.alloc(96);
    f.set([0xff, 0xfb, 0x14, 0xc4]);
    const put = (at: number, n: number, v: number) => {
      for (let i = 0; i < n; i += 1) {
        const bit = 32 + at + i; // side information starts after the 4-byte header
        if ((v >> (n - 1 - i)) & 1) f[bit >> 3] = (f[bit >> 3] ?? 0) | (1 << (7 - (bit & 7)));
      }
    };
    for (const granule of [0, 1]) {
      const at = 18 + granule * 59;
      put(at, 12, gain === null ? 0 : 100); // part2_3_length
      put(at + 21, 8, gain ?? 0); // global_gain
    }
    return f;
  });
  const id3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 4, 1, 2, 3, 4]); // a 4-byte ID3v2 tag to skip
  return Buffer.concat([id3, ...frames]);
}

describe('mp3Peaks', () => {
  it("follows the frames' global gain, relative to the loudest, with silence as 0", async () => {
    const path = join(root, 'a.mp3');
    await writeFile(path, mp3([200, 200, 196, null]));
    expect(await mp3Peaks(path, 4)).toEqual([1, 1, 0.5, 0]);
  });
});

describe('waveform store', () => {
  it('computes a WAV once, caches it by id and mtime, and recomputes when the file changes', async () => {
    const dir = join(root, 'cache');
    const store = createWaveformStore({ dir, buckets: 10 });
    const path = join(root, 'song.wav');
    await writeFile(
      path,
      wav(1000, 1, () => 0.5),
    );
    const item = { id: 'itm_1', modifiedAtMs: 1_700_000_000_000 };
    const first = await store.get(item, path);
    expect(first).toHaveLength(10);
    expect(first?.every((p) => Math.abs(p - 0.5) < 0.01)).toBe(true);
    expect(await readdir(dir)).toEqual(['itm_1-1700000000000.json']);

    // the cache answers even when the file is quieter now, as long as the mtime is the same
    await writeFile(
      path,
      wav(1000, 1, () => 0.1),
    );
    expect((await store.get(item, path))?.[0]).toBeCloseTo(0.5, 2);

    // a newer mtime is a new key: recomputed, and the stale entry is dropped
    await utimes(path, new Date(), new Date(1_700_000_100_000));
    const changed = { id: 'itm_1', modifiedAtMs: 1_700_000_100_000 };
    expect((await store.get(changed, path))?.[0]).toBeCloseTo(0.1, 2);
    expect(await readdir(dir)).toEqual(['itm_1-1700000100000.json']);
  });

  it('answers null for formats it does not decode until peaks are stored', async () => {
    const store = createWaveformStore({ dir: join(root, 'cache') });
    const path = join(root, 'song.mp3');
    await writeFile(path, Buffer.alloc(500));
    const item = { id: 'itm_2', modifiedAtMs: 5 };
    expect(await store.get(item, path)).toBeNull();
    await store.put(item, [0.1, 0.9, 0.3]);
    expect(await store.get(item, path)).toEqual([0.1, 0.9, 0.3]);
    await expect(store.put(item, [2])).rejects.toThrow();
  });
});
