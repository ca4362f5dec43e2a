import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWaveformStore } from '../../../src/main/services/analysis/waveform';
import { decodePeaks } from '../../../src/main/services/audio/peaks/peaks';
import { createWorkerClient } from '../../../src/main/services/worker';
import type { WorkerTasks } from '../../../src/main/services/worker-tasks/registry';

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

describe('waveform store', () => {
  it('decodes a WAV once, caches it by id and mtime, and recomputes when the file changes', async () => {
    const dir = join(root, 'cache');
    const store = createWaveformStore({ dir, decode: (p) => decodePeaks(p) });
    const path = join(root, 'song.wav');
    // 2 s at 8 kHz with a LIST chunk before data: 100 peaks (50 a second) of 0.5
    await writeFile(
      path,
      wav(16_000, 2, () => 0.5, true),
    );
    const item = { id: 'itm_1', modifiedAtMs: 1_700_000_000_000 };
    const first = await store.get(item, path);
    expect(first?.peaks).toHaveLength(100);
    expect(first?.secondsPerPeak).toBeCloseTo(0.02, 5);
    expect(first?.peaks.every((p) => Math.abs(p - 0.5) < 0.01)).toBe(true);
    expect(await readdir(dir)).toEqual(['itm_1-1700000000000.json']);

    // the cache answers even when the file is quieter now, as long as the mtime is the same
    await writeFile(
      path,
      wav(16_000, 2, () => 0.1),
    );
    expect((await store.get(item, path))?.peaks[0]).toBeCloseTo(0.5, 2);

    // a newer mtime is a new key: recomputed, and the stale entry is dropped
    await utimes(path, new Date(), new Date(1_700_000_100_000));
    const changed = { id: 'itm_1', modifiedAtMs: 1_700_000_100_000 };
    expect((await store.get(changed, path))?.peaks[0]).toBeCloseTo(0.1, 2);
    expect(await readdir(dir)).toEqual(['itm_1-1700000100000.json']);
  });

  it('answers null for what it cannot decode until peaks are stored', async () => {
    const store = createWaveformStore({ dir: join(root, 'cache'), decode: (p) => decodePeaks(p) });
    const path = join(root, 'song.mp3');
    await writeFile(path, Buffer.alloc(500));
    const item = { id: 'itm_2', modifiedAtMs: 5 };
    expect(await store.get(item, path)).toBeNull();
    await store.put(item, { peaks: [0.1, 0.9, 0.3] });
    expect((await store.get(item, path))?.peaks).toEqual([0.1, 0.9, 0.3]);
    await expect(store.put(item, { peaks: [2] })).rejects.toThrow();
  });

  it('decodes in the worker thread by default', async () => {
    const worker = createWorkerClient<WorkerTasks>();
    try {
      const path = join(root, 'quiet.wav');
      await writeFile(
        path,
        wav(8_000, 1, (i) => (i < 4_000 ? 0.25 : 0.75)),
      );
      const store = createWaveformStore({
        dir: join(root, 'cache'),
        decode: (p) => worker.run('media.peaks', { path: p }),
      });
      const w = await store.get({ id: 'itm_3', modifiedAtMs: 1 }, path);
      expect(w?.peaks).toHaveLength(50);
      expect(w?.peaks[0]).toBeCloseTo(0.25, 2);
      expect(w?.peaks[49]).toBeCloseTo(0.75, 2);
    } finally {
      await worker.close();
    }
  }, 30_000);
});
