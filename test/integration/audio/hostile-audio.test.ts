/**
 * Hostile audio files (issue 26, point 1), each made here: a 41 KB FLAC of one hour of silence
 * (CONSTANT subframes), a FLAC whose header claims 2^36 − 1 samples, an MP3 whose tag holds a
 * 200 MB picture, and an MP3 stream saved with a `.wav` name. Memory guards run the operation in
 * a child process and check its peak RSS against twice the documented ceiling (docs/security.md);
 * the figures themselves are printed by bench/hostile-files.bench.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, open, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryChange } from '@shared/domain/library';
import type { Loudness } from '@shared/domain/loudness';
import { createLoudnessService } from '../../../src/main/services/analysis/loudness';
import { decodePcm } from '../../../src/main/services/audio/decode/pcm';
import { probeFile } from '../../../src/main/services/audio/probe';
import { pidAlive } from '../../../src/main/services/ground/atomic';
import type { JobsHost } from '../../../src/main/services/jobs-host';
import { createLibrary } from '../../../src/main/services/library/library';
import { TRIM_CEILING_MB } from '../../../src/main/services/audio/render/trim-file';
import { RETAG_CEILING_MB } from '../../../src/main/services/export/render';
import { createWorkerClient } from '../../../src/main/services/worker';
import type { WorkerTasks } from '../../../src/main/services/worker-tasks/registry';
import { mp3Frame, pcmWav } from '../../support/media-fixtures';
import { runWithPeak } from '../../support/peak-rss';
import { pictureMp3 } from '../../support/picture-mp3';
import { silentFlac } from '../../support/silent-flac';

const MB = 1024 * 1024;
let root: string;
let hour: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cadenza-hostile-audio-'));
  hour = join(root, 'silent-hour.flac');
  await writeFile(hour, silentFlac(3600));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the 41 KB FLAC of an hour of silence', () => {
  it('is measured by streaming, within twice the loudness ceiling (128 MB over a bare process)', async () => {
    const bare = await runWithPeak('none', hour, 3 * 1024 * MB);
    const r = await runWithPeak('loudness', hour, 3 * 1024 * MB);
    expect(r.killed, 'over 3 GB').toBe(false);
    expect(r.result).toBe(3600);
    expect(r.peakBytes - bare.peakBytes).toBeLessThan(2 * 128 * MB);
  }, 240_000);

  it('is refused by a whole decode (audio.decode) before anything is allocated', async () => {
    const started = Date.now();
    await expect(decodePcm(hour)).rejects.toThrow(/too long to edit or convert/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('is trimmed by streaming (its last five minutes), within twice the trim ceiling', async () => {
    const bare = await runWithPeak('none', hour, 3 * 1024 * MB);
    const r = await runWithPeak('trim', hour, 3 * 1024 * MB);
    expect(r.killed, 'over 3 GB').toBe(false);
    expect(r.result, r.output).toBe(300_000);
    expect(r.peakBytes - bare.peakBytes).toBeLessThan(2 * TRIM_CEILING_MB * MB);
  }, 300_000);

  it('eight trims at once go through the render queue: the memory of one', async () => {
    const threeMinutes = join(root, 'silent-three-minutes.flac');
    await writeFile(threeMinutes, silentFlac(180));
    const bare = await runWithPeak('none', threeMinutes, 3 * 1024 * MB);
    const r = await runWithPeak('trim8', threeMinutes, 3 * 1024 * MB);
    expect(r.result, r.output).toBe(8);
    expect(r.peakBytes - bare.peakBytes).toBeLessThan(2 * TRIM_CEILING_MB * MB);
  }, 300_000);
});

describe("a decode over the audio worker's memory limit", () => {
  it('stops the worker, not the process; the next task runs in a fresh worker', async () => {
    const long = join(root, 'three-minutes.wav');
    await writeFile(long, pcmWav(Buffer.alloc(180 * 44_100 * 4), 44_100, 2)); // 63 MB as float
    const worker = createWorkerClient<WorkerTasks>({
      entry: join(__dirname, '../../../src/main/services/worker-tasks/entry.ts'),
      memoryLimitMb: 48,
    });
    try {
      await expect(worker.run('audio.decode', { path: long })).rejects.toMatchObject({
        key: 'errors:taskOverMemory',
      });
      const opening = await worker.run('audio.decode', { path: long, maxMs: 1000 });
      expect(opening?.durationMs).toBe(1000);
      expect(worker.restarts).toBe(1);
    } finally {
      await worker.close();
    }
  }, 120_000);
});

describe('an MP3 whose tag holds a 200 MB picture', () => {
  it('is probed without reading the picture: no art, a note, the length, bounded memory', async () => {
    const path = join(root, 'huge-cover.mp3');
    await writeFile(path, pictureMp3(200 * MB));
    const bare = await runWithPeak('none', path, 3 * 1024 * MB);
    const r = await runWithPeak('art', path, 3 * 1024 * MB);
    expect(r.result).toEqual([expect.stringMatching(/tags \(209\.7 MB\).*left out/)]);
    // the window of 1 MiB and the tag reader's cap of 32 MB: far under the picture's 200 MB
    expect(r.peakBytes - bare.peakBytes).toBeLessThan(64 * MB);
    const probe = await probeFile(path);
    expect(probe?.format).toBe('mp3');
    expect(probe?.durationMs).toBe(10_008);
  }, 120_000);

  it('a picture over the size cap inside a readable tag is left out with a note', async () => {
    const path = join(root, 'big-cover.mp3');
    await writeFile(path, pictureMp3(17 * MB));
    const probe = await probeFile(path, { art: true, tagsOnly: true });
    expect(probe?.art).toBeNull();
    expect(probe?.tags.title).toBe('Huge cover');
    expect(probe?.leftOut).toEqual([expect.stringMatching(/17\.8 MB.*left out/)]);
  });

  it('a small picture whose header claims 60,000 × 60,000 pixels is left out', async () => {
    const path = join(root, 'bomb-cover.mp3');
    await writeFile(path, pictureMp3(4096, { width: 60_000, height: 60_000 }));
    const probe = await probeFile(path, { art: true, tagsOnly: true });
    expect(probe?.art).toBeNull();
    expect(probe?.leftOut).toEqual([expect.stringMatching(/60000 × 60000.*left out/)]);
    const fine = join(root, 'fine-cover.mp3');
    await writeFile(fine, pictureMp3(4096));
    expect((await probeFile(fine, { art: true, tagsOnly: true }))?.art?.mime).toBe('image/png');
  });
});

describe('an MP3 of 160 MB exported as MP3 (a merged retag)', () => {
  it('streams: the new tag, then the frames copied a megabyte at a time, within twice its ceiling', async () => {
    const path = join(root, 'long.mp3');
    // 1 MiB of frames written 160 times (the test itself never holds the file)
    const mib = Buffer.concat(Array.from({ length: 10_922 }, () => mp3Frame()));
    const fh = await open(path, 'w');
    for (let i = 0; i < 160; i++) await fh.write(mib);
    await fh.close();
    const bare = await runWithPeak('none', path, 3 * 1024 * MB);
    const r = await runWithPeak('export-mp3', path, 3 * 1024 * MB);
    expect(r.killed, 'over 3 GB').toBe(false);
    // every frame copied, behind a tag that holds the title
    expect(r.result, r.output).toBeGreaterThan(160 * mib.length);
    // the file read whole (as it was, up to 512 MB) costs twice its size: +320 MB here
    expect(r.peakBytes - bare.peakBytes).toBeLessThan(2 * RETAG_CEILING_MB * MB);
  }, 300_000);
});

describe('an MP3 stream saved with a .wav name (issue 26, point 8)', () => {
  it('is probed by its content: MP3, with its length', async () => {
    const path = join(root, 'really-mp3.wav');
    await writeFile(path, Buffer.concat(Array.from({ length: 417 }, () => mp3Frame())));
    const probe = await probeFile(path);
    expect(probe?.format).toBe('mp3');
    expect(probe?.durationMs).toBe(10_008);
  });
});

describe('a file that took the measuring process down', () => {
  it('is not measured again at the next start, and stays remembered with its size and mtime', async () => {
    const data = join(root, 'data');
    const dir = join(root, 'Library');
    await mkdir(dir, { recursive: true });
    await mkdir(data, { recursive: true });
    await writeFile(join(dir, 'Bomb.flac'), silentFlac(1));
    await writeFile(join(dir, 'Fine.flac'), silentFlac(2));
    const lib = createLibrary({ dir, watch: false });
    await lib.open();
    try {
      const bomb = lib.items().find((i) => i.file === 'Bomb.flac')!;
      // what a killed run leaves: its marker naming the file it was measuring
      const dead = spawnSync(
        process.execPath,
        ['-e', 'process.stdout.write(String(process.pid))'],
        {
          encoding: 'utf8',
        },
      ).stdout;
      expect(pidAlive(Number(dead))).toBe(false);
      const key = `${bomb.file}|${bomb.sizeBytes}|${Math.round(bomb.modifiedAtMs)}`;
      await writeFile(join(data, `loudness-trying-${dead}.json`), JSON.stringify([key]));

      const calls: string[] = [];
      const host = {
        runtime: async () => ({ library: lib }),
        on: (_n: string, l: (c: LibraryChange) => void) => lib.on('changed', l),
      } as unknown as JobsHost;
      const measured: Loudness = {
        integratedLufs: -20,
        truePeakDb: -1,
        measuredAt: new Date().toISOString(),
        version: 1,
      };
      const service = createLoudnessService({
        dataDir: data,
        host,
        measure: async (path) => {
          calls.push(path);
          return measured;
        },
        startDelayMs: 10,
      });
      service.start();
      await new Promise((r) => setTimeout(r, 50));
      await service.idle();
      await service.stop();
      expect(calls.map((p) => p.slice(dir.length + 1))).toEqual(['Fine.flac']);
      const store = JSON.parse(await readFile(join(data, 'loudness-found.json'), 'utf8')) as {
        unmeasurable: string[];
      };
      expect(store.unmeasurable).toEqual([key]);
      expect((await readdir(data)).filter((n) => n.startsWith('loudness-trying-'))).toEqual([]);
      expect(await service.measure(bomb.id)).toBeNull();
      expect(calls).toHaveLength(1);
    } finally {
      await lib.close();
    }
  });
});
